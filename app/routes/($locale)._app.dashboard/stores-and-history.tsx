/** The dashboard's top stores and recent history (by tab). */
import { Link } from "@remix-run/react";
import { StoreLogo } from "~/components/stores/store-logo";
import { TransactionList } from "~/components/wallet/transaction-list";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatRate } from "~/utils/money";
import { localePath } from "~/utils/paths";
import type { DashboardData } from "./route";
import { TABS, type Tab } from "./tabs";

export function StoresAndHistory({ figures, tab, recent }: Pick<DashboardData, "figures" | "tab" | "recent">) {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <DashboardCard id="top-stores-title" title={t("dashboard.topStores")} viewAllTo="/webshops">
        {figures.topStores.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t("dashboard.noStores")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100">
            {figures.topStores.map((store) => (
              <li key={store.merchant} className="flex items-center gap-3 py-2 text-sm" data-testid="top-store">
                <StoreLogo name={store.merchant} logo={store.logo} size="h-9 w-9" />
                <span className="flex-1 font-medium">
                  {store.slug ? <Link to={localePath(locale, `/webshops/${store.slug}`)}>{store.merchant}</Link> : store.merchant}
                  {store.cashbackRateBps !== null ? (
                    <span className="block text-xs font-normal text-brand-700">
                      {t("webshops:rate", { rate: formatRate(store.cashbackRateBps, locale) })}
                    </span>
                  ) : null}
                </span>
                <span className="text-slate-600">{t("dashboard.orders", { count: store.orders })}</span>
              </li>
            ))}
          </ul>
        )}
      </DashboardCard>

      <DashboardCard id="history-title" title={t("dashboard.history")} viewAllTo="/transactions">
        <nav className="mt-3 flex flex-wrap gap-1 text-sm" aria-label={t("dashboard.history")}>
          {(Object.keys(TABS) as Tab[]).map((key) => (
            <Link
              key={key}
              to={`${localePath(locale, "/dashboard")}${key === "all" ? "" : `?tab=${key}`}`}
              aria-current={tab === key ? "page" : undefined}
              className={`rounded-lg px-3 py-1 ${tab === key ? "bg-night text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {t(`dashboard.tabs.${key}`)}
            </Link>
          ))}
        </nav>
        {recent.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t("transactions.emptyTitle")}</p>
        ) : (
          <TransactionList items={recent} />
        )}
      </DashboardCard>
    </div>
  );
}

/** A dashboard card: its heading, a "View all" link to the full page, and its content. */
function DashboardCard({ id, title, viewAllTo, children }: { id: string; title: string; viewAllTo: string; children: React.ReactNode }) {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby={id}>
      <div className="flex items-center justify-between">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <Link to={localePath(locale, viewAllTo)} className="text-sm font-semibold text-brand-700">
          {t("dashboard.viewAll")}
        </Link>
      </div>
      {children}
    </section>
  );
}
