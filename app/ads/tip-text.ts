/**
 * A tip's words: owns turning a stored tip's evidence into its title, body, estimate line and
 * impact badge in the reader's language (the `ads-tips` namespace), with money in the client
 * account's currency and the period the figures come from ("1–31 May 2026", or all time). Pure:
 * the page passes its translation function and locale.
 */
import type { TipKind } from "./tip-kinds";
import { formatDate, formatDayRange } from "~/utils/dates";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";
import { formatBounded } from "./kpi-format";

export interface TipForText {
  kind: TipKind;
  subject: { campaign: string | null };
  evidence: Record<string, unknown>;
  impactCents: number | null;
  impactKind: "value" | "spend" | "saving" | null;
}

export interface TipText {
  title: string;
  body: string;
  /** The estimate and its basis (negative keywords), or null. */
  estimate: string | null;
  impact: string | null;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

export function tipText(tip: TipForText, t: Translate, locale: string, currency: string | null): TipText {
  const e = tip.evidence;
  const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
  const money = (cents: unknown) => formatMoney(number(cents), locale, currency);
  const int = (value: unknown) => numberFormat(locale, { maximumFractionDigits: 0 }).format(number(value));
  const dec = (value: unknown) => numberFormat(locale, { maximumFractionDigits: 1 }).format(number(value));
  const pct = (value: unknown, digits = 0) =>
    numberFormat(locale, { style: "percent", maximumFractionDigits: digits }).format(number(value));
  const days = typeof e.days === "number" && e.days > 0 ? e.days : null;
  const period =
    typeof e.periodStart === "string" && typeof e.periodEnd === "string"
      ? formatDayRange(e.periodStart, e.periodEnd, locale)
      : t("allTime");
  const campaign = tip.subject.campaign ?? "";
  const impact = tip.impactCents != null && tip.impactKind ? t(`impact.${tip.impactKind}`, { amount: money(tip.impactCents) }) : null;
  switch (tip.kind) {
    case "raise-budget": {
      const budget = typeof e.budgetCents === "number" ? e.budgetCents : null;
      const common = {
        raise: money(e.raisePerDayCents),
        impressions: int(e.moreImpressionsPerWeek),
        conversions: dec(e.moreConversionsPerMonth),
        period,
        days: int(days),
      };
      return {
        title: t("kinds.raise-budget.title", {
          campaign,
          // `> 90%` stays "> 90%" (the platform gives only the bound).
          lost: formatBounded(
            { value: number(e.lostIsBudget), bound: e.lostBound === "below" || e.lostBound === "above" ? e.lostBound : "exact" },
            (value) => pct(value),
            { below: (value) => t("bounded.below", { value }), above: (value) => t("bounded.above", { value }) },
          ),
        }),
        body: budget
          ? t("kinds.raise-budget.body", {
              ...common,
              budget: money(budget),
              newBudget: money(e.newBudgetCents ?? budget + number(e.raisePerDayCents)),
              month: money(e.newBudgetPerMonthCents),
              cap: typeof e.cappedBy === "string" ? t(`kinds.raise-budget.cap.${e.cappedBy}`) : "",
            })
          : t("kinds.raise-budget.bodyNoBudget", { ...common, month: money(e.spendPerMonthCents) }),
        estimate: null,
        impact,
      };
    }
    case "add-negatives": {
      const count = Array.isArray(e.terms) ? e.terms.length : 0;
      return {
        title: t("kinds.add-negatives.title", { count, campaign, cost: money(e.costCents) }),
        body: t("kinds.add-negatives.body", { cpa: money(e.accountCpaCents), rate: pct(e.accountConversionRate, 1) }),
        estimate:
          days && tip.impactCents != null
            ? t("kinds.add-negatives.estimate", { count, amount: money(tip.impactCents), days: int(days), period })
            : t("kinds.add-negatives.noEstimate"),
        impact,
      };
    }
    case "pause-keywords":
      return {
        title: t("kinds.pause-keywords.title", {
          count: Array.isArray(e.keywords) ? e.keywords.length : 0,
          campaign,
          cost: money(e.costCents),
        }),
        body: days ? t("kinds.pause-keywords.body", { days: int(days), period }) : t("kinds.pause-keywords.bodyAllTime"),
        estimate: null,
        impact,
      };
    case "cpa-rising":
      return {
        title: t("kinds.cpa-rising.title", { campaign, rise: pct(e.rise) }),
        body: t("kinds.cpa-rising.body", {
          before: money(e.cpaBeforeCents),
          now: money(e.cpaNowCents),
          conversions: dec(e.conversionsNow),
          weekEnd: typeof e.weekEnd === "string" ? formatDate(e.weekEnd, locale) : "",
        }),
        estimate: null,
        impact,
      };
  }
}
