/**
 * The settings page's actions (`/admin/settings`), one per form `intent`: `wallet` (the default)
 * and `loyalty`. Each stores its values in one unit of work; `setSetting` writes one audit row per
 * value that changed (old and new).
 */
import type { Actor } from "~/audit/audit.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { setSetting } from "~/settings/settings.server";
import { toHundredths, type LoyaltySettingsInput } from "./loyalty-schema";
import type { WalletSettingsInput } from "./wallet-schema";

export async function saveWallet(actor: Actor, input: WalletSettingsInput): Promise<void> {
  // One unit of work: every value and its audit row, or nothing.
  await unitOfWork(db(), async (tx) => {
    await setSetting(tx, "cardDepositHoldDays", input.cardDepositHoldDays, actor);
    await setSetting(tx, "cashbackConfirmationDays", input.cashbackConfirmationDays, actor);
    await setSetting(tx, "minWithdrawalCents", toHundredths(input.minWithdrawal), actor);
    await setSetting(tx, "referralQualifyingCents", toHundredths(input.referralQualifying), actor);
    await setSetting(tx, "referralBonusReferrerCents", toHundredths(input.referralBonusReferrer), actor);
    await setSetting(tx, "referralBonusFriendCents", toHundredths(input.referralBonusFriend), actor);
    await setSetting(tx, "partnerCommissionBps", toHundredths(input.partnerCommissionPercent), actor);
  });
}

export async function saveLoyalty(actor: Actor, input: LoyaltySettingsInput): Promise<void> {
  await unitOfWork(db(), async (tx) => {
    await setSetting(tx, "loyaltyCashbackPointsPerDollar", input.loyaltyCashbackPointsPerDollar, actor);
    await setSetting(tx, "loyaltyReferralPoints", input.loyaltyReferralPoints, actor);
    await setSetting(tx, "loyaltyPlanPointsPerDollar", input.loyaltyPlanPointsPerDollar, actor);
    await setSetting(tx, "loyaltySilverPoints", input.loyaltySilverPoints, actor);
    await setSetting(tx, "loyaltyGoldPoints", input.loyaltyGoldPoints, actor);
    await setSetting(tx, "loyaltyPlatinumPoints", input.loyaltyPlatinumPoints, actor);
    await setSetting(tx, "loyaltyFeeBronzeBps", toHundredths(input.loyaltyFeeBronzePercent), actor);
    await setSetting(tx, "loyaltyFeeSilverBps", toHundredths(input.loyaltyFeeSilverPercent), actor);
    await setSetting(tx, "loyaltyFeeGoldBps", toHundredths(input.loyaltyFeeGoldPercent), actor);
    await setSetting(tx, "loyaltyFeePlatinumBps", toHundredths(input.loyaltyFeePlatinumPercent), actor);
    await setSetting(tx, "loyaltyRedeemStepPoints", input.loyaltyRedeemStepPoints, actor);
    await setSetting(tx, "loyaltyRedeemStepCents", toHundredths(input.loyaltyRedeemStepDollars), actor);
    await setSetting(tx, "loyaltyExpiryMonths", input.loyaltyExpiryMonths, actor);
    await setSetting(tx, "loyaltyExpiryWarningDays", input.loyaltyExpiryWarningDays, actor);
    await setSetting(tx, "loyaltyLevelWindowMonths", input.loyaltyLevelWindowMonths, actor);
  });
}
