/** Admin dashboard: how many accounts, how many verified, how many new this week. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { userStats } from "~/users/users.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { meta: await pageMeta(params, "admin", "dashboard.meta"), stats: await userStats(db()) };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminDashboard() {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { stats } = useLoaderData<typeof loader>();
  const number = new Intl.NumberFormat(locale);
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("dashboard.title")}</h1>
      <dl className="mt-8 grid gap-4 sm:grid-cols-3">
        {(["total", "verified", "signUpsThisWeek"] as const).map((key) => (
          <div key={key} className="rounded-2xl border border-slate-200 bg-surface p-6" data-testid={`stat-${key}`}>
            <dt className="text-sm text-slate-600">{t(`dashboard.stats.${key}`)}</dt>
            <dd className="mt-2 text-3xl font-bold">{number.format(stats[key])}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-8">
        <Link to={localePath(locale, "/admin/stores")} className="btn-secondary">
          {t("dashboard.storesLink")}
        </Link>
      </p>
    </div>
  );
}
