/**
 * Admin settings: owns the `settings` table. Each setting has a zod schema and a default; a
 * stored value that no longer parses falls back to the default. Changing one is audited in the
 * same transaction.
 */
import { z } from "zod";
import { audit, type Actor } from "~/audit/audit.server";
import { now, type DbOrTx, type Tx } from "~/db/db.server";
import { oncePerPageRead } from "~/utils/request-scope.server";
import {
  DEFAULT_LOYALTY_RULES,
  MAX_EXPIRY_MONTHS,
  MAX_EXPIRY_WARNING_DAYS,
  MAX_FEE_BPS,
  MAX_LEVEL_WINDOW_MONTHS,
  MAX_LOYALTY_POINTS,
  MAX_POINTS_PER_DOLLAR,
  MAX_REDEEM_STEP_CENTS,
  MAX_REFERRAL_CENTS,
} from "./defaults";
import { MIN_WITHDRAWAL_CENTS } from "./defaults";
import { publicContentChanged } from "~/utils/page-cache.server";

/** The longest hold on card top-ups an admin can set. */
export const MAX_HOLD_DAYS = 90;
/** The longest confirmation window an admin can set. */
export const MAX_CONFIRMATION_DAYS = 365;
/** The highest minimum withdrawal an admin can set ($1,000). */
export const MAX_MIN_WITHDRAWAL_CENTS = 100_000;

export const SETTINGS = {
  /** Days a card top-up (Stripe) stays on hold before it can be withdrawn (the sandbox has none). */
  cardDepositHoldDays: { schema: z.number().int().min(0).max(MAX_HOLD_DAYS), defaultValue: 7 },
  /**
   * Days a store usually takes to confirm cashback where a store sets none: the expected
   * confirmation date and progress shown on pending cashback.
   */
  cashbackConfirmationDays: { schema: z.number().int().min(1).max(MAX_CONFIRMATION_DAYS), defaultValue: 60 },
  /** The referral bonus the referrer receives when a friend qualifies (cents). */
  referralBonusReferrerCents: { schema: z.number().int().min(0).max(MAX_REFERRAL_CENTS), defaultValue: 1_000 },
  /** The referral bonus the referred friend receives when they qualify (cents). */
  referralBonusFriendCents: { schema: z.number().int().min(0).max(MAX_REFERRAL_CENTS), defaultValue: 1_000 },
  /** The confirmed cashback a referred friend must reach within the window to qualify (cents). */
  referralQualifyingCents: { schema: z.number().int().min(1).max(MAX_REFERRAL_CENTS), defaultValue: 1_000 },
  /** The smallest withdrawal a member can request (cents). */
  minWithdrawalCents: { schema: z.number().int().min(100).max(MAX_MIN_WITHDRAWAL_CENTS), defaultValue: MIN_WITHDRAWAL_CENTS },
  /** The partner's share of each subscription payment of a business they referred (basis points). */
  partnerCommissionBps: { schema: z.number().int().min(0).max(10_000), defaultValue: 2_000 },
  // Loyalty points (app/loyalty/): what earns points, the levels, their success fee, redemption and expiry.
  /** Points per $1.00 of confirmed cashback. */
  loyaltyCashbackPointsPerDollar: {
    schema: z.number().int().min(0).max(MAX_POINTS_PER_DOLLAR),
    defaultValue: DEFAULT_LOYALTY_RULES.cashbackPointsPerDollar,
  },
  /** Points to the referrer when a referral qualifies. */
  loyaltyReferralPoints: { schema: z.number().int().min(0).max(MAX_LOYALTY_POINTS), defaultValue: DEFAULT_LOYALTY_RULES.referralPoints },
  /** Points per $1.00 of a plan payment. */
  loyaltyPlanPointsPerDollar: {
    schema: z.number().int().min(0).max(MAX_POINTS_PER_DOLLAR),
    defaultValue: DEFAULT_LOYALTY_RULES.planPointsPerDollar,
  },
  /** Points earned in the level window that make a member Silver, Gold, Platinum. */
  loyaltySilverPoints: { schema: z.number().int().min(1).max(MAX_LOYALTY_POINTS), defaultValue: DEFAULT_LOYALTY_RULES.thresholds.silver },
  loyaltyGoldPoints: { schema: z.number().int().min(1).max(MAX_LOYALTY_POINTS), defaultValue: DEFAULT_LOYALTY_RULES.thresholds.gold },
  loyaltyPlatinumPoints: {
    schema: z.number().int().min(1).max(MAX_LOYALTY_POINTS),
    defaultValue: DEFAULT_LOYALTY_RULES.thresholds.platinum,
  },
  /** The success fee on cashback at each level (basis points of the commission). */
  loyaltyFeeBronzeBps: { schema: z.number().int().min(0).max(MAX_FEE_BPS), defaultValue: DEFAULT_LOYALTY_RULES.feeBps.bronze },
  loyaltyFeeSilverBps: { schema: z.number().int().min(0).max(MAX_FEE_BPS), defaultValue: DEFAULT_LOYALTY_RULES.feeBps.silver },
  loyaltyFeeGoldBps: { schema: z.number().int().min(0).max(MAX_FEE_BPS), defaultValue: DEFAULT_LOYALTY_RULES.feeBps.gold },
  loyaltyFeePlatinumBps: { schema: z.number().int().min(0).max(MAX_FEE_BPS), defaultValue: DEFAULT_LOYALTY_RULES.feeBps.platinum },
  /** Points are redeemed in steps of this many points, each worth `loyaltyRedeemStepCents`. */
  loyaltyRedeemStepPoints: {
    schema: z.number().int().min(1).max(MAX_LOYALTY_POINTS),
    defaultValue: DEFAULT_LOYALTY_RULES.redeemStepPoints,
  },
  loyaltyRedeemStepCents: {
    schema: z.number().int().min(1).max(MAX_REDEEM_STEP_CENTS),
    defaultValue: DEFAULT_LOYALTY_RULES.redeemStepCents,
  },
  /** Months after which earned points expire (oldest first), and days before that a member is warned. */
  loyaltyExpiryMonths: { schema: z.number().int().min(1).max(MAX_EXPIRY_MONTHS), defaultValue: DEFAULT_LOYALTY_RULES.expiryMonths },
  loyaltyExpiryWarningDays: {
    schema: z.number().int().min(1).max(MAX_EXPIRY_WARNING_DAYS),
    defaultValue: DEFAULT_LOYALTY_RULES.expiryWarningDays,
  },
  /** The rolling window (months) of points earned that decides the level. */
  loyaltyLevelWindowMonths: {
    schema: z.number().int().min(1).max(MAX_LEVEL_WINDOW_MONTHS),
    defaultValue: DEFAULT_LOYALTY_RULES.levelWindowMonths,
  },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]["schema"]>;

/** A stored value (JSON text, or nothing stored) as the setting's type; its default when it does not parse. */
export function parseSetting<K extends SettingKey>(key: K, stored: string | null | undefined): SettingValue<K> {
  if (stored === null || stored === undefined) return SETTINGS[key].defaultValue;
  try {
    const parsed = SETTINGS[key].schema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : SETTINGS[key].defaultValue;
  } catch {
    return SETTINGS[key].defaultValue;
  }
}

/**
 * Every stored value (JSON text) by key: one statement for the whole (small) table. A page
 * request's loaders read it once between them; a transaction, a job or an action reads afresh.
 */
export function storedSettings(db: DbOrTx): Promise<Map<string, string>> {
  const read = async () => new Map((await db.selectFrom("settings").select(["key", "value"]).execute()).map((row) => [row.key, row.value]));
  return db.isTransaction ? read() : oncePerPageRead("settings", read);
}

export async function getSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValue<K>> {
  return parseSetting(key, (await storedSettings(db)).get(key));
}

export async function getSettings(db: DbOrTx): Promise<{ [K in SettingKey]: SettingValue<K> }> {
  const stored = await storedSettings(db);
  return Object.fromEntries((Object.keys(SETTINGS) as SettingKey[]).map((key) => [key, parseSetting(key, stored.get(key))])) as {
    [K in SettingKey]: SettingValue<K>;
  };
}

/** Stores a setting; a change writes its audit row (old and new value, who, from where) in the same transaction. */
export async function setSetting<K extends SettingKey>(tx: Tx, key: K, value: SettingValue<K>, by: string | Actor): Promise<void> {
  const actor: Actor = typeof by === "string" ? { id: by, clientAddress: null } : by;
  const adminId = actor.id;
  const parsed = SETTINGS[key].schema.parse(value);
  const before = await getSetting(tx, key);
  const json = JSON.stringify(parsed);
  const updatedAt = now();
  await tx
    .insertInto("settings")
    .values({ key, value: json, updatedBy: adminId, updatedAt })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updatedBy: adminId, updatedAt }))
    .execute();
  // Settings show on public pages (the loyalty levels, a store's confirmation days).
  publicContentChanged(tx);
  if (JSON.stringify(before) !== json) {
    await audit(tx, {
      actorId: adminId,
      action: "setting.changed",
      subject: `setting:${key}`,
      before: { [key]: before },
      after: { [key]: parsed },
      clientAddress: actor.clientAddress,
    });
  }
}
