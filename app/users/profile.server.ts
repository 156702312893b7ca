/**
 * The profile: owns what the profile page shows and edits. Figures (total earned, purchases,
 * member level, achievements) come from the wallet's read model and the account.
 */
import { z } from "zod";
import { now, type Db } from "~/db/db.server";
import { PhoneSchema } from "~/auth/schemas";
import { earningsSummary } from "~/wallet/balances.server";
import { NameSchema } from "./validation";

export const LEVELS = [
  { id: "bronze", fromCents: 0 },
  { id: "silver", fromCents: 10_000 },
  { id: "gold", fromCents: 50_000 },
  { id: "platinum", fromCents: 100_000 },
] as const;

export function memberLevel(earnedCents: number): (typeof LEVELS)[number]["id"] {
  return [...LEVELS].reverse().find((level) => earnedCents >= level.fromCents)!.id;
}

/** Joined before this date: an early adopter. */
export const EARLY_ADOPTER_BEFORE = "2027-01-01T00:00:00.000Z";
export const REFERRAL_MASTER_TARGET = 5;
export const EARNED_TARGET_CENTS = 100_000;

export async function profileFigures(db: Db, userId: string) {
  const user = await db
    .selectFrom("users")
    .select(["name", "email", "phone", "location", "emailVerifiedAt", "createdAt"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  // The figures come from the wallet's read model: one meaning of "earned" everywhere.
  const { totalEarnedCents: earned, purchases, cashbackOrders, referrals } = await earningsSummary(db, userId);
  return {
    user,
    earnedCents: earned,
    purchases,
    level: memberLevel(earned),
    achievements: [
      { id: "firstPurchase", done: cashbackOrders >= 1, progress: Math.min(1, cashbackOrders) },
      { id: "earlyAdopter", done: user.createdAt < EARLY_ADOPTER_BEFORE, progress: user.createdAt < EARLY_ADOPTER_BEFORE ? 1 : 0 },
      { id: "earned1000", done: earned >= EARNED_TARGET_CENTS, progress: Math.min(1, earned / EARNED_TARGET_CENTS) },
      { id: "referralMaster", done: referrals >= REFERRAL_MASTER_TARGET, progress: Math.min(1, referrals / REFERRAL_MASTER_TARGET) },
    ],
  };
}

export const ProfileSchema = z.object({
  name: NameSchema,
  phone: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(PhoneSchema.optional()),
  location: z.string().trim().max(100, "validation.locationTooLong").optional().transform((value) => value || undefined),
});

export async function updateProfile(db: Db, userId: string, input: z.infer<typeof ProfileSchema>) {
  await db
    .updateTable("users")
    .set({ name: input.name, phone: input.phone ?? null, location: input.location ?? null, updatedAt: now() })
    .where("id", "=", userId)
    .execute();
}
