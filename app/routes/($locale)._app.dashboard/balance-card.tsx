/**
 * The dashboard's balance card: the available balance (hide/show), this month's cashback against
 * the same days of last month, the 30 or 90 day history, and Withdraw / Add Money.
 */
import { Form, Link, useSearchParams } from "@remix-run/react";
import { LineChart } from "~/components/charts";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate, formatShortDay } from "~/utils/dates";
import { formatMoney, formatMoneyWhole, formatPercentChange } from "~/utils/money";
import { localePath } from "~/utils/paths";
import type { DashboardData } from "./route";

export function BalanceCard({
  balances,
  figures,
  days,
  history,
  hidden,
  minimumWithdrawalCents,
}: Pick<DashboardData, "balances" | "figures" | "days" | "history" | "hidden" | "minimumWithdrawalCents">) {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  const [searchParams] = useSearchParams();
  const money = (cents: number) => (hidden ? "••••••" : formatMoney(cents, locale));
  const here = `${localePath(locale, "/dashboard")}${searchParams.toString() ? `?${searchParams}` : ""}`;
  return (
    <section
      className="mt-6 rounded-3xl bg-gradient-to-br from-accent-strong to-accent p-5 text-white shadow-lg sm:p-8"
      aria-labelledby="balance-title"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="balance-title" className="text-sm font-medium text-white/90">
            {t("dashboard.available")}
          </h2>
          <p className="mt-1 text-4xl font-extrabold tabular-nums" data-testid="balance">
            {money(balances.availableCents)}
          </p>
        </div>
        <Form method="post" action={localePath(locale, "/dashboard")}>
          <input type="hidden" name="redirectTo" value={here} />
          <button
            type="submit"
            name="intent"
            value="toggle-balance"
            className="rounded-lg bg-white/10 px-3 py-1.5 text-sm font-semibold hover:bg-white/20"
          >
            {hidden ? t("dashboard.show") : t("dashboard.hide")}
          </button>
        </Form>
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-white/90" data-testid="growth">
        {figures.growthPercent === null ? (
          t("dashboard.noGrowth")
        ) : (
          <>
            <span
              className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold ${figures.growthPercent >= 0 ? "bg-white text-accent-strong" : "bg-white/15 text-white"}`}
              data-testid="growth-chip"
              data-direction={figures.growthPercent >= 0 ? "up" : "down"}
            >
              <span aria-hidden="true">{figures.growthPercent >= 0 ? "\u25B2" : "\u25BC"}</span>
              <span className="sr-only">{t(figures.growthPercent >= 0 ? "dashboard.up" : "dashboard.down")}</span>
              {formatPercentChange(figures.growthPercent, locale)}
            </span>
            <span>
              {t("dashboard.growth", {
                from: formatDate(figures.comparedWith.from, locale),
                to: formatDate(figures.comparedWith.to, locale),
              })}
            </span>
          </>
        )}
      </p>
      {!hidden ? (
        <div className="mt-4 text-white">
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
            <span className="font-medium text-white/90">{t("dashboard.historyLabel", { count: days })}</span>
            <nav className="flex gap-1" aria-label={t("dashboard.historyRange")}>
              {([30, 90] as const).map((range) => (
                <Link
                  key={range}
                  to={`${localePath(locale, "/dashboard")}?${new URLSearchParams({ ...Object.fromEntries(searchParams), days: String(range) })}`}
                  preventScrollReset
                  aria-current={days === range ? "true" : undefined}
                  className={`rounded-md px-2 py-0.5 font-semibold ${days === range ? "bg-white text-accent-strong" : "bg-white/10 hover:bg-white/20"}`}
                >
                  {t("dashboard.days", { count: range })}
                </Link>
              ))}
            </nav>
          </div>
          <LineChart
            className="mt-2 text-white"
            title={t("dashboard.historyTitle", { count: days })}
            points={history.map((point) => ({ x: point.day, y: point.balanceCents }))}
            formatY={(cents) => formatMoney(cents, locale)}
            formatX={(day) => formatDate(day, locale)}
            formatYTick={(cents) => formatMoneyWhole(cents, locale)}
            formatXTick={(day) => formatShortDay(day, locale)}
            emptyText={t("dashboard.noHistory")}
            area
            tone="inverse"
            height={120}
          />
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-3">
        {balances.withdrawableCents >= minimumWithdrawalCents ? (
          <Link to={localePath(locale, "/dashboard/withdraw")} className="btn bg-white text-accent-strong hover:bg-brand-50">
            {t("dashboard.withdraw")}
          </Link>
        ) : null}
        <Link to={localePath(locale, "/dashboard/add-money")} className="btn border border-white/40 text-white hover:bg-white/10">
          {t("dashboard.addMoney")}
        </Link>
      </div>
      {balances.withdrawableCents < minimumWithdrawalCents ? (
        <p className="mt-3 text-sm text-white/90" data-testid="withdraw-unavailable">
          {balances.onHoldCents > 0
            ? t("dashboard.withdrawOnHold", { minimum: formatMoney(minimumWithdrawalCents, locale), amount: money(balances.onHoldCents) })
            : t("dashboard.withdrawUnavailable", {
                minimum: formatMoney(minimumWithdrawalCents, locale),
                amount: money(balances.withdrawableCents),
              })}
        </p>
      ) : null}
    </section>
  );
}
