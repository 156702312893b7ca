/**
 * The settings page's loyalty form (`intent=loyalty`): each `loyalty*` setting as an admin types it
 * (points and months as whole numbers, each level's success fee in percent, a redemption step's
 * value in dollars) with the settings' bounds, and the rules across fields: the thresholds rise
 * (Silver < Gold < Platinum) and the fees do not (Bronze ≥ Silver ≥ Gold ≥ Platinum), each error on
 * the field that breaks the order. Browser-safe (no server module): the form checks it too.
 */
import { z } from "zod";
import {
  MAX_EXPIRY_MONTHS,
  MAX_EXPIRY_WARNING_DAYS,
  MAX_FEE_BPS,
  MAX_LEVEL_WINDOW_MONTHS,
  MAX_LOYALTY_POINTS,
  MAX_POINTS_PER_DOLLAR,
  MAX_REDEEM_STEP_CENTS,
} from "~/settings/defaults";

/** The whole-number fields and their bounds (the settings' own: app/settings/settings.server.ts). */
export const WHOLE_BOUNDS = {
  loyaltyCashbackPointsPerDollar: [0, MAX_POINTS_PER_DOLLAR],
  loyaltyReferralPoints: [0, MAX_LOYALTY_POINTS],
  loyaltyPlanPointsPerDollar: [0, MAX_POINTS_PER_DOLLAR],
  loyaltySilverPoints: [1, MAX_LOYALTY_POINTS],
  loyaltyGoldPoints: [1, MAX_LOYALTY_POINTS],
  loyaltyPlatinumPoints: [1, MAX_LOYALTY_POINTS],
  loyaltyRedeemStepPoints: [1, MAX_LOYALTY_POINTS],
  loyaltyExpiryMonths: [1, MAX_EXPIRY_MONTHS],
  loyaltyExpiryWarningDays: [1, MAX_EXPIRY_WARNING_DAYS],
  loyaltyLevelWindowMonths: [1, MAX_LEVEL_WINDOW_MONTHS],
} as const;

export type WholeField = keyof typeof WHOLE_BOUNDS;

/** The fee fields (percent of the commission, to the basis point), Bronze first. */
export const FEE_FIELDS = [
  "loyaltyFeeBronzePercent",
  "loyaltyFeeSilverPercent",
  "loyaltyFeeGoldPercent",
  "loyaltyFeePlatinumPercent",
] as const;
export const MAX_FEE_PERCENT = MAX_FEE_BPS / 100;
export const MAX_STEP_DOLLARS = MAX_REDEEM_STEP_CENTS / 100;

const WHOLE_INVALID = "admin:settings.loyalty.wholeInvalid";
const FEE_INVALID = "admin:settings.loyalty.feeInvalid";
const STEP_VALUE_INVALID = "admin:settings.loyalty.stepValueInvalid";

const whole = ([min, max]: readonly [number, number]) =>
  z
    .number({ required_error: WHOLE_INVALID, invalid_type_error: WHOLE_INVALID })
    .int(WHOLE_INVALID)
    .min(min, WHOLE_INVALID)
    .max(max, WHOLE_INVALID);

/** A number with at most two decimals (a percentage to the basis point, dollars to the cent). */
const hundredths = (message: string, min: number, max: number) =>
  z
    .number({ required_error: message, invalid_type_error: message })
    .min(min, message)
    .max(max, message)
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), message);

const fee = () => hundredths(FEE_INVALID, 0, MAX_FEE_PERCENT);

export const LoyaltySettingsSchema = z
  .object({
    ...(Object.fromEntries(Object.entries(WHOLE_BOUNDS).map(([key, bounds]) => [key, whole(bounds)])) as {
      [K in WholeField]: ReturnType<typeof whole>;
    }),
    loyaltyFeeBronzePercent: fee(),
    loyaltyFeeSilverPercent: fee(),
    loyaltyFeeGoldPercent: fee(),
    loyaltyFeePlatinumPercent: fee(),
    loyaltyRedeemStepDollars: hundredths(STEP_VALUE_INVALID, 0.01, MAX_STEP_DOLLARS),
  })
  .superRefine((value, ctx) => {
    if (value.loyaltyGoldPoints <= value.loyaltySilverPoints)
      ctx.addIssue({ code: "custom", path: ["loyaltyGoldPoints"], message: "admin:settings.loyalty.goldAboveSilver" });
    if (value.loyaltyPlatinumPoints <= value.loyaltyGoldPoints)
      ctx.addIssue({ code: "custom", path: ["loyaltyPlatinumPoints"], message: "admin:settings.loyalty.platinumAboveGold" });
    FEE_FIELDS.slice(1).forEach((field, index) => {
      if (value[field] > value[FEE_FIELDS[index]!])
        ctx.addIssue({ code: "custom", path: [field], message: "admin:settings.loyalty.feeAboveLower" });
    });
  });

export type LoyaltySettingsInput = z.infer<typeof LoyaltySettingsSchema>;

/** Percent or dollars with two decimals to their hundredths (basis points, cents). */
export const toHundredths = (value: number) => Math.round(value * 100);
