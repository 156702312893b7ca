/** The dashboard's loyalty card: points, member level, what is missing to the next level, a way to redeem. */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { numberFormat } from "~/utils/intl";
import { formatDate } from "~/utils/dates";
import { localePath } from "~/utils/paths";
import type { DashboardData } from "./route";

export function LoyaltyCard({ loyalty }: Pick<DashboardData, "loyalty">) {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  const points = (value: number) => numberFormat(locale).format(value);
  const level = (id: string) => t(`profile.levels.${id}`, { ns: "app" });
  return (
    <section
      className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-surface p-5"
      aria-labelledby="loyalty-card-title"
      data-testid="loyalty-card"
    >
      <div className="min-w-0">
        <h2 id="loyalty-card-title" className="text-sm font-semibold text-slate-600">
          {t("dashboard.loyalty.title")}
        </h2>
        <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="loyalty-card-points">
          {t("dashboard.loyalty.points", { points: points(loyalty.balancePoints) })}
        </p>
        <p className="mt-1 text-sm text-slate-600" data-testid="loyalty-card-level">
          {t("dashboard.loyalty.level", { level: level(loyalty.level) })}{" "}
          {loyalty.next
            ? t("dashboard.loyalty.toNext", { points: points(loyalty.next.missingPoints), level: level(loyalty.next.level) })
            : t("dashboard.loyalty.top")}
        </p>
        {loyalty.expiringSoon ? (
          <p className="mt-1 text-sm text-amber-800">
            {t("dashboard.loyalty.expiring", {
              points: points(loyalty.expiringSoon.points),
              date: formatDate(loyalty.expiringSoon.firstDay, locale),
            })}
          </p>
        ) : null}
      </div>
      <Link to={localePath(locale, "/loyalty")} className="btn-secondary">
        {loyalty.redeemablePoints > 0 ? t("dashboard.loyalty.redeem") : t("dashboard.loyalty.open")}
      </Link>
    </section>
  );
}
