/** The three cashback figures (pending, this month, lifetime) and the quick actions. */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import type { DashboardData } from "./route";
import { StatCards } from "~/components/app/panel";

export function CashbackFigures({ figures, hidden }: Pick<DashboardData, "figures" | "hidden">) {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  const money = (cents: number) => (hidden ? "••••••" : formatMoney(cents, locale));
  return (
    <StatCards
      stats={(
        [
          ["pending", figures.pendingCashbackCents],
          ["thisMonth", figures.cashbackThisMonthCents],
          ["lifetime", figures.lifetimeCashbackCents],
        ] as const
      ).map(([key, cents]) => ({
        key,
        testId: `stat-${key}`,
        label: t(`dashboard.stats.${key}`),
        value: money(cents),
        hint: t(`dashboard.stats.${key}Hint`),
      }))}
    />
  );
}

export function QuickActions() {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  return (
    <nav className="mt-6 grid gap-3 sm:grid-cols-3" aria-label={t("dashboard.quickActions")}>
      {(
        [
          ["browseStores", "/webshops"],
          ["inviteFriends", "/referrals"],
          ["viewReports", "/wallet"],
        ] as const
      ).map(([key, path]) => (
        <Link
          key={key}
          to={localePath(locale, path)}
          className="rounded-2xl border border-slate-200 bg-surface p-4 font-semibold hover:border-brand-700"
        >
          {t(`dashboard.actions.${key}`)}
        </Link>
      ))}
    </nav>
  );
}
