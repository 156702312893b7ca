/** The settings page's wallet form (`intent=wallet`, the default): days, dollars and a percentage as an admin types them. Browser-safe. */
import { z } from "zod";
import { MAX_REFERRAL_CENTS } from "~/settings/defaults";

/** An amount in dollars, whole cents, from `min` to $1,000 (the referral settings). */
function dollars(message: string, min: number) {
  return z
    .number({ required_error: message, invalid_type_error: message })
    .min(min, message)
    .max(MAX_REFERRAL_CENTS / 100, message)
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), message);
}

export const WalletSettingsSchema = z.object({
  cardDepositHoldDays: z
    .number({ required_error: "admin:settings.holdDaysInvalid", invalid_type_error: "admin:settings.holdDaysInvalid" })
    .int("admin:settings.holdDaysInvalid")
    .min(0, "admin:settings.holdDaysInvalid")
    .max(90, "admin:settings.holdDaysInvalid"),
  cashbackConfirmationDays: z
    .number({ required_error: "admin:settings.confirmDaysInvalid", invalid_type_error: "admin:settings.confirmDaysInvalid" })
    .int("admin:settings.confirmDaysInvalid")
    .min(1, "admin:settings.confirmDaysInvalid")
    .max(365, "admin:settings.confirmDaysInvalid"),
  minWithdrawal: dollars("admin:settings.minWithdrawalInvalid", 1),
  referralQualifying: dollars("admin:settings.referralQualifyingInvalid", 0.01),
  referralBonusReferrer: dollars("admin:settings.referralAmountInvalid", 0),
  referralBonusFriend: dollars("admin:settings.referralAmountInvalid", 0),
  partnerCommissionPercent: z
    .number({ required_error: "admin:settings.partnerShareInvalid", invalid_type_error: "admin:settings.partnerShareInvalid" })
    .min(0, "admin:settings.partnerShareInvalid")
    .max(100, "admin:settings.partnerShareInvalid")
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), "admin:settings.partnerShareInvalid"),
});

export type WalletSettingsInput = z.infer<typeof WalletSettingsSchema>;
