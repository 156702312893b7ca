/**
 * The alert form's schema and the alert kinds' units, shared by the server and the browser so both
 * validate the same way. A money threshold is typed in the client account's currency (whole cents
 * at most), a percentage as percent points; "no conversions" takes the number of days and,
 * optionally, the least spend that counts. Messages are `ads-alerts:` keys.
 */
import { z } from "zod";
import { AD_ALERT_KINDS, type AdAlertKind } from "~/db/schema";

export { AD_ALERT_KINDS, type AdAlertKind };

/** Each kind's word in the translations (`kinds.*`, `help.*` on the page; the firing's notification and e-mail). */
export const ALERT_KIND_KEYS: Record<AdAlertKind, string> = {
  "daily-spend": "dailySpend",
  cpa: "cpa",
  "ctr-drop": "ctrDrop",
  "no-conversions": "noConversions",
  "lost-is-budget": "lostIsBudget",
  "competitor-gaining": "competitorGaining",
  pacing: "pacing",
};

export const ALERT_UNITS: Record<AdAlertKind, "money" | "percent"> = {
  "daily-spend": "money",
  cpa: "money",
  "ctr-drop": "percent",
  "no-conversions": "money",
  "lost-is-budget": "percent",
  // Percentage points of impression share a competitor gained (Auction insights).
  "competitor-gaining": "percent",
  // Percent a campaign's projected month-end spend is over or under its month's budget (pacing.ts).
  pacing: "percent",
};

/** The largest money threshold, in currency units. */
export const MAX_MONEY_THRESHOLD = 10_000_000;
export const NO_CONVERSION_DAYS = { min: 1, max: 90, default: 7 } as const;
export const CAMPAIGN_FILTER_MAX = 255;

const wholeCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const hundredths = wholeCents;

export const AlertSchema = z
  .object({
    kind: z.enum(AD_ALERT_KINDS, { errorMap: () => ({ message: "ads-alerts:form.errors.kind" }) }),
    threshold: z.number({ invalid_type_error: "ads-alerts:form.errors.number" }).optional(),
    days: z.number({ invalid_type_error: "ads-alerts:form.errors.days" }).optional(),
    campaign: z
      .string()
      .trim()
      .max(CAMPAIGN_FILTER_MAX, "ads-alerts:form.errors.campaign")
      .refine((value) => !/[\u0000-\u001f]/.test(value), "ads-alerts:form.errors.campaign")
      .optional(),
  })
  .superRefine((value, ctx) => {
    const threshold = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["threshold"], message });
    if (value.kind === "no-conversions") {
      const days = value.days;
      if (days === undefined || !Number.isInteger(days) || days < NO_CONVERSION_DAYS.min || days > NO_CONVERSION_DAYS.max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["days"], message: "ads-alerts:form.errors.days" });
      }
      if (value.threshold !== undefined && (value.threshold < 0 || value.threshold > MAX_MONEY_THRESHOLD || !wholeCents(value.threshold))) {
        threshold("ads-alerts:form.errors.minSpend");
      }
      return;
    }
    if (value.threshold === undefined) return threshold(`ads-alerts:form.errors.required.${ALERT_UNITS[value.kind]}`);
    if (ALERT_UNITS[value.kind] === "money") {
      if (value.threshold <= 0 || value.threshold > MAX_MONEY_THRESHOLD || !wholeCents(value.threshold))
        threshold("ads-alerts:form.errors.money");
    } else if (value.threshold <= 0 || value.threshold >= 100 || !hundredths(value.threshold)) {
      threshold("ads-alerts:form.errors.percent");
    }
  });

export type AlertFormValue = z.infer<typeof AlertSchema>;

/** What is stored: money as integer cents, percentages as percent points; days only where the kind uses them. */
export interface AlertInput {
  kind: AdAlertKind;
  threshold: number;
  days: number | null;
  campaign: string | null;
}

export function toAlertInput(value: AlertFormValue): AlertInput {
  const unit = ALERT_UNITS[value.kind];
  const raw = value.threshold ?? 0;
  return {
    kind: value.kind,
    threshold: unit === "money" ? Math.round(raw * 100) : Math.round(raw * 100) / 100,
    days: value.kind === "no-conversions" ? (value.days ?? NO_CONVERSION_DAYS.default) : null,
    campaign: value.campaign ? value.campaign : null,
  };
}
