/**
 * The profile: owns what the profile page shows and edits. Figures (total earned, purchases,
 * achievements) come from the wallet's read model and the account; the member level is the
 * loyalty scheme's (app/loyalty/: points earned in the last 12 months).
 */
import { z } from "zod";
import { now, type Db } from "~/db/db.server";
import { PhoneSchema } from "~/auth/schemas";
import { levelOf } from "~/loyalty/points.server";
import { earningsSummary } from "~/wallet/balances.server";
import { NameSchema } from "./validation";

/** Joined before this date: an early adopter. */
/** Early adopters: among the first members, with a first tracked purchase (not merely signed up). */
export const EARLY_ADOPTER_MEMBERS = 1_000;
export const REFERRAL_MASTER_TARGET = 5;
export const EARNED_TARGET_CENTS = 100_000;

export async function profileFigures(db: Db, userId: string) {
  const user = await db
    .selectFrom("users")
    .select(["name", "email", "phone", "location", "emailVerifiedAt", "createdAt"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  // The figures come from the wallet's read model: one meaning of "earned" everywhere.
  const { totalEarnedCents: earned, purchases, referrals } = await earningsSummary(db, userId);
  const earlier = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("createdAt", "<", user.createdAt)
    .executeTakeFirstOrThrow();
  const earlyMember = Number(earlier.n) < EARLY_ADOPTER_MEMBERS;
  return {
    user,
    earnedCents: earned,
    purchases,
    level: await levelOf(db, userId),
    achievements: [
      { id: "firstPurchase", done: purchases >= 1, progress: Math.min(1, purchases) },
      { id: "earlyAdopter", done: earlyMember && purchases >= 1, progress: earlyMember && purchases >= 1 ? 1 : 0 },
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
  location: z
    .string()
    .trim()
    .max(100, "validation.locationTooLong")
    .optional()
    .transform((value) => value || undefined),
});

export async function updateProfile(db: Db, userId: string, input: z.infer<typeof ProfileSchema>) {
  await db
    .updateTable("users")
    .set({ name: input.name, phone: input.phone ?? null, location: input.location ?? null, updatedAt: now() })
    .where("id", "=", userId)
    .execute();
}
