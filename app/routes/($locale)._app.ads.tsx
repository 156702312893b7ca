/**
 * The ad suite's frame (`/ads/*`): its sections (dashboard, import, audit, tips, keywords, n-grams,
 * competitors, alerts, reports, client accounts) and the client-account switcher, a GET form (field
 * `client`) that keeps the current section. Every child route calls `requireAdTools` itself (loaders run in parallel).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLocation } from "@remix-run/react";
import { requireAdTools } from "~/ads/access.server";
import { withNamespaces } from "~/i18n/client-loader";
import { localePath } from "~/utils/paths";
import { FilterField } from "~/components/admin/list-filters";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads"] };
export const clientLoader = withNamespaces(handle.i18n);

const SECTIONS = [
  { key: "dashboard", path: "/ads", end: true },
  { key: "clients", path: "/ads/clients", end: false },
  { key: "import", path: "/ads/import", end: false },
  { key: "audit", path: "/ads/audit", end: false },
  { key: "tips", path: "/ads/tips", end: false },
  { key: "keywords", path: "/ads/keywords", end: false },
  { key: "ngrams", path: "/ads/ngrams", end: false },
  { key: "competitors", path: "/ads/competitors", end: false },
  { key: "negatives", path: "/ads/negatives", end: false },
  { key: "pacing", path: "/ads/pacing", end: false },
  { key: "alerts", path: "/ads/alerts", end: false },
  { key: "reports", path: "/ads/reports", end: false },
  { key: "accounts", path: "/ads/accounts", end: false },
] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { accounts, client } = await requireAdTools(request, params);
  return { accounts: accounts.map((account) => ({ id: account.id, name: account.name, currency: account.currency })), clientId: client.id };
}

export default function AdsLayout() {
  const { t, locale, loaderData } = usePage<typeof loader>("ads");
  const { accounts, clientId } = loaderData;
  const location = useLocation();
  const query = accounts.length > 1 ? `?client=${encodeURIComponent(clientId)}` : "";
  return (
    <div className="container-page pt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label={t("nav.label")} className="-mx-1 overflow-x-auto">
          <ul className="flex gap-1 whitespace-nowrap px-1">
            {SECTIONS.map((section) => (
              <li key={section.key}>
                <NavLink
                  to={`${localePath(locale, section.path)}${query}`}
                  end={section.end}
                  className={({ isActive }) =>
                    `inline-block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`
                  }
                >
                  {t(`nav.${section.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {accounts.length > 1 ? (
          <Form method="get" action={location.pathname} className="flex items-end gap-2">
            <FilterField
              compact
              labelClassName="mb-1 block text-xs font-medium text-slate-600"
              field={{
                id: "ads-client",
                name: "client",
                label: t("switcher.label"),
                value: clientId,
                options: accounts.map((account) => ({
                  value: account.id,
                  label: account.currency ? `${account.name} (${account.currency})` : account.name,
                })),
              }}
            />
            <button
              type="submit"
              className="rounded-lg border border-slate-300 bg-surface px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
            >
              {t("switcher.submit")}
            </button>
          </Form>
        ) : null}
      </div>
      <Outlet />
    </div>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";
