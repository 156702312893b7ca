/**
 * The pricing page's loyalty section (issue #29): what earns points, the member levels with the
 * success fee on cashback at each (the admin's settings, so a change shows here), redemption and
 * expiry, and the way in (sign-up for a visitor, the loyalty page for a member). Server-rendered
 * markup only; the numbers come from the page's loader.
 */
import { Link } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { Section } from "~/components/section";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { LOYALTY_LEVELS, PRIORITY_LEVELS, type LoyaltyLevel, type LoyaltyRules } from "~/loyalty/rules";
import { formatMoney, formatRate } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { useRootData } from "~/utils/root-data";

export function LoyaltyLevels({ rules }: { rules: LoyaltyRules }) {
  const { t } = useTranslation("pricing");
  const locale = usePageLocale();
  const signedIn = Boolean(useRootData()?.viewer);
  const number = (value: number) => value.toLocaleString(locale);
  const facts = [
    t("loyalty.earn", {
      cashback: number(rules.cashbackPointsPerDollar),
      referral: number(rules.referralPoints),
      plan: number(rules.planPointsPerDollar),
    }),
    t("loyalty.follow"),
    t("loyalty.levelRule", { count: rules.levelWindowMonths }),
    t("loyalty.redeem", { points: number(rules.redeemStepPoints), value: formatMoney(rules.redeemStepCents, locale) }),
    t("loyalty.expiry", { count: rules.expiryMonths, days: number(rules.expiryWarningDays) }),
  ];
  return (
    <Section id="loyalty-title" title={t("loyalty.title")} className="mt-16" titleClassName="text-2xl font-bold tracking-tight">
      <p className="mt-2 text-slate-600">{t("loyalty.text")}</p>
      <DataTable<LoyaltyLevel>
        testId="loyalty-levels"
        className="mt-6"
        caption={t("loyalty.caption", { count: rules.levelWindowMonths })}
        rows={LOYALTY_LEVELS}
        rowKey={(level) => level}
        rowProps={(level) => ({ "data-level": level })}
        columns={[
          {
            key: "level",
            header: t("loyalty.columns.level"),
            primary: true,
            rowHeader: true,
            cell: (level) => t(`loyalty.levels.${level}`),
          },
          {
            key: "points",
            header: t("loyalty.columns.points", { count: rules.levelWindowMonths }),
            numeric: true,
            cell: (level) => t("loyalty.from", { points: number(rules.thresholds[level]) }),
          },
          { key: "fee", header: t("loyalty.columns.fee"), numeric: true, cell: (level) => formatRate(rules.feeBps[level], locale) },
          {
            key: "share",
            header: t("loyalty.columns.share"),
            numeric: true,
            cell: (level) => formatRate(10_000 - rules.feeBps[level], locale),
          },
          {
            key: "withdrawals",
            header: t("loyalty.columns.withdrawals"),
            cell: (level) => t(PRIORITY_LEVELS.includes(level) ? "loyalty.priority" : "loyalty.standard"),
          },
        ]}
      />
      <ul className="mt-6 grid gap-2 text-sm text-slate-700 md:grid-cols-2">
        {facts.map((fact) => (
          <li key={fact} className="flex gap-2">
            <span className="text-brand-700" aria-hidden="true">
              ✓
            </span>
            {fact}
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <Link to={localePath(locale, signedIn ? "/loyalty" : "/signup")} className="btn-primary">
          {t(signedIn ? "loyalty.ctaMember" : "loyalty.ctaVisitor")}
        </Link>
      </p>
    </Section>
  );
}
