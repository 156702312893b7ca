/**
 * The loyalty page's figures: the points (and points owed, explained), the level with its benefit,
 * progress to the next level (the chart kit's meter over the level window's points), points
 * expiring soon, and the table of every level's threshold and success fee (the admin's settings).
 */
import { Panel, StatCards } from "~/components/app/panel";
import { ProgressMeter } from "~/components/charts/progress-meter";
import { DataTable } from "~/components/data-table";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { LOYALTY_LEVELS, PRIORITY_LEVELS, redemptionCents, type LoyaltyLevel, type LoyaltyRules } from "~/loyalty/rules";
import { formatDate } from "~/utils/dates";
import { numberFormat } from "~/utils/intl";
import { formatMoney, formatRate } from "~/utils/money";
import type { LoyaltyData } from "./route";

type Summary = LoyaltyData["summary"];

/** A level's benefit in words: its success fee (against Bronze's) and, for Gold and Platinum, withdrawals handled first. */
export function useLevelBenefit() {
  const { t } = useTranslation("loyalty");
  const locale = usePageLocale();
  return (level: LoyaltyLevel, rules: LoyaltyRules) => {
    const fee = formatRate(rules.feeBps[level], locale);
    const base = rules.feeBps.bronze;
    const feeText = rules.feeBps[level] < base ? t("benefit.lowerFee", { fee, base: formatRate(base, locale) }) : t("benefit.fee", { fee });
    return PRIORITY_LEVELS.includes(level) ? `${feeText} ${t("benefit.priority")}` : feeText;
  };
}

export function PointsOverview({ summary }: { summary: Summary }) {
  const { t } = useTranslation("loyalty");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  const benefit = useLevelBenefit();
  const { rules } = summary;
  const worth = redemptionCents(summary.redeemablePoints, rules);
  return (
    <>
      <StatCards
        label={t("overview.label")}
        className="mt-6 grid gap-4 sm:grid-cols-2"
        stats={[
          {
            key: "points",
            testId: "loyalty-points",
            label: t("overview.points"),
            value: number.format(summary.balancePoints),
            hint: worth
              ? t("overview.redeemable", { points: number.format(summary.redeemablePoints), amount: formatMoney(worth, locale) })
              : t("overview.notYet", { step: number.format(rules.redeemStepPoints), amount: formatMoney(rules.redeemStepCents, locale) }),
          },
          {
            key: "level",
            testId: "loyalty-level",
            label: t("overview.level"),
            value: t(`levels.${summary.level}`),
            hint: benefit(summary.level, rules),
          },
        ]}
      />
      {summary.owedPoints > 0 ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="loyalty-owed">
          {t("overview.owed", { count: summary.owedPoints, points: number.format(summary.owedPoints) })}
        </p>
      ) : null}
      {summary.expiringSoon ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="loyalty-expiring">
          {t("overview.expiring", {
            count: summary.expiringSoon.points,
            points: number.format(summary.expiringSoon.points),
            date: formatDate(summary.expiringSoon.firstDay, locale),
          })}
        </p>
      ) : null}
    </>
  );
}

export function ProgressPanel({ summary }: { summary: Summary }) {
  const { t } = useTranslation("loyalty");
  return (
    <Panel id="progress-title" title={t("progress.heading")} testId="loyalty-progress">
      <Progress summary={summary} />
    </Panel>
  );
}

function Progress({ summary }: { summary: Summary }) {
  const { t } = useTranslation("loyalty");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  const months = summary.rules.levelWindowMonths;
  const earned = t("progress.earned", { count: summary.levelPoints, points: number.format(summary.levelPoints), months });
  if (!summary.next) {
    return (
      <p className="mt-3 text-sm text-slate-700">
        {earned} {t("progress.top", { level: t(`levels.${summary.level}`) })}
      </p>
    );
  }
  const next = t(`levels.${summary.next.level}`);
  return (
    <>
      <ProgressMeter
        className="mt-4"
        value={summary.levelPoints}
        max={summary.next.fromPoints}
        label={t("progress.label", { level: next })}
        valueText={t("progress.valueText", { points: number.format(summary.levelPoints), target: number.format(summary.next.fromPoints) })}
      />
      <div className="mt-2 flex flex-wrap justify-between gap-x-4 text-xs tabular-nums text-slate-600" aria-hidden="true">
        <span>{t(`levels.${summary.level}`)}</span>
        <span>
          {next}: {number.format(summary.next.fromPoints)}
        </span>
      </div>
      <p className="mt-3 text-sm text-slate-700" data-testid="loyalty-missing">
        {earned}{" "}
        {summary.next.missingPoints > 0
          ? t("progress.missing", { count: summary.next.missingPoints, points: number.format(summary.next.missingPoints), level: next })
          : t("progress.reached", { level: next })}
      </p>
    </>
  );
}

export function LevelsPanel({ summary }: { summary: Summary }) {
  const { t } = useTranslation("loyalty");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  const { rules } = summary;
  return (
    <Panel id="levels-title" title={t("levelsTable.heading")} testId="loyalty-levels">
      <p className="mt-2 text-sm text-slate-600">{t("levelsTable.intro", { months: rules.levelWindowMonths })}</p>
      <DataTable
        testId="loyalty-levels-table"
        caption={t("levelsTable.heading")}
        className="mt-3"
        rows={LOYALTY_LEVELS}
        rowKey={(level) => level}
        rowProps={(level) => ({ "data-level": level, className: level === summary.level ? "bg-brand-50" : undefined })}
        columns={[
          {
            key: "level",
            header: t("levelsTable.level"),
            primary: true,
            rowHeader: true,
            cell: (level) => (
              <span className="font-semibold">
                {t(`levels.${level}`)}
                {level === summary.level ? <span className="ml-2 text-xs font-medium text-brand-700">{t("levelsTable.yours")}</span> : null}
              </span>
            ),
          },
          {
            key: "from",
            header: t("levelsTable.from"),
            numeric: true,
            cell: (level) => t("levelsTable.points", { points: number.format(rules.thresholds[level]) }),
          },
          { key: "fee", header: t("levelsTable.fee"), numeric: true, cell: (level) => formatRate(rules.feeBps[level], locale) },
          {
            key: "benefit",
            header: t("levelsTable.benefit"),
            cell: (level) => (PRIORITY_LEVELS.includes(level) ? t("levelsTable.priority") : "—"),
          },
        ]}
      />
      <p className="mt-3 text-xs text-slate-600">
        {t("levelsTable.earning", {
          cashback: number.format(rules.cashbackPointsPerDollar),
          referral: number.format(rules.referralPoints),
          plan: number.format(rules.planPointsPerDollar),
          months: rules.expiryMonths,
          dollar: formatMoney(100, locale),
        })}
      </p>
    </Panel>
  );
}
