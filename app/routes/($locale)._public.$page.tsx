/**
 * Pages the navigation already links to but later milestones build (see the issue tracker).
 * Each says so honestly, with its own translated title; any other single-segment path is the
 * 404 screen. A page's own route file, once it exists, takes precedence over this one.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NotFoundScreen } from "~/components/error-screen";
import { usePageLocale } from "~/i18n/use-page-locale";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";

export const PLANNED_PAGES = [
  "signin",
  "signup",
  "forgot-password",
  "dashboard",
] as const;
type PlannedPage = (typeof PLANNED_PAGES)[number];

function isPlannedPage(value: unknown): value is PlannedPage {
  return typeof value === "string" && (PLANNED_PAGES as readonly string[]).includes(value);
}

export const handle = { i18n: ["common", "pages"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ params }: LoaderFunctionArgs) {
  if (!isPlannedPage(params.page)) {
    return data({ page: null, meta: await pageMeta(params, "common", "notFound") }, { status: 404 });
  }
  return { page: params.page, meta: await pageMeta(params, "pages", `planned.${params.page}`) };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function PlannedPageRoute() {
  const { page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("pages");
  const locale = usePageLocale();
  if (!page) {
    return (
      <div className="container-page">
        <NotFoundScreen />
      </div>
    );
  }
  return (
    <section className="container-page py-20 text-center" aria-labelledby="planned-title">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t("planned.badge")}</p>
      <h1 id="planned-title" className="mt-3 text-4xl font-bold tracking-tight">
        {t(`planned.${page}.title`)}
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{t(`planned.${page}.description`)}</p>
      <p className="mx-auto mt-2 max-w-2xl text-slate-500">{t("planned.notice")}</p>
      <Link to={localePath(locale)} className="btn-secondary mt-8">
        {t("planned.back")}
      </Link>
    </section>
  );
}
