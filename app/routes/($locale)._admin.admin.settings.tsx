/** Admin settings: says what will come (referral bonus, payouts, stores) with their milestones. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/auth/guards.server";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { meta: await pageMeta(params, "admin", "settings.meta") };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminSettings() {
  const { t } = useTranslation("admin");
  const upcoming = t("settings.upcoming", { returnObjects: true }) as string[];
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("settings.title")}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">{t("settings.text")}</p>
      <ul className="mt-6 list-disc space-y-1 pl-6 text-slate-700">
        {upcoming.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
