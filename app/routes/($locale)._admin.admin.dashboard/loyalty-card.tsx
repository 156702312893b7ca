/** The dashboard's loyalty card: the points members hold and their value at the redemption rate, points owed back, members per level. */
import { Section } from "~/components/section";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { LOYALTY_LEVELS } from "~/loyalty/rules";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";
import type { AdminDashboardData } from "./route";
import { Stat } from "./stat";

export function LoyaltyCard({ loyalty }: Pick<AdminDashboardData, "loyalty">) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  return (
    <Section id="dashboard-loyalty" title={t("dashboard.loyalty.title")} className="">
      <p className="mt-1 text-sm text-slate-600">{t("dashboard.loyalty.intro")}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat
          id="loyalty-outstanding"
          label={t("dashboard.loyalty.outstanding")}
          value={number.format(loyalty.outstandingPoints)}
          hint={t("dashboard.loyalty.worth", { amount: formatMoney(loyalty.outstandingCents, locale) })}
        />
        <Stat id="loyalty-owed" label={t("dashboard.loyalty.owed")} value={number.format(loyalty.owedPoints)} />
      </dl>
      <h3 className="mt-4 text-base font-semibold">{t("dashboard.loyalty.levelsTitle")}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {LOYALTY_LEVELS.map((level) => (
          <Stat key={level} id={`loyalty-${level}`} label={t(`loyalty.levels.${level}`)} value={number.format(loyalty.members[level])} />
        ))}
      </dl>
    </Section>
  );
}
