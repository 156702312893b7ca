/** The page the service worker shows when a page cannot be reached (it caches one per locale). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export async function loader({ params }: LoaderFunctionArgs) {
  return { meta: await pageMeta(params, "common", "offline") };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function OfflinePage() {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  return (
    <section className="container-page max-w-xl py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{t("offline.title")}</h1>
      <p className="mt-4 text-slate-600">{t("offline.description")}</p>
      <Link to={localePath(locale)} className="btn-primary mt-8" reloadDocument>
        {t("offline.retry")}
      </Link>
    </section>
  );
}
