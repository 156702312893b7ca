/**
 * A new member's first steps, shown on the dashboard until all are done or the member hides them:
 * add a payout method, shop through Cashwise once, invite a friend, try the ad tools. Each step is
 * read from the member's own data, never ticked by hand:
 * - payout: a saved payout method (saved with a withdrawal), or a withdrawal already asked for;
 * - shop: a click through "Shop now" recorded for the member (bots' clicks do not count);
 * - invite: an invitation sent, or a friend who signed up with the member's link;
 * - ads: a client account of the ad tools (made when they are first opened) or an import.
 * Hiding the list is the one thing stored (users.first_steps_dismissed_at).
 */
import { now, type DbOrTx } from "~/db/db.server";

export const FIRST_STEPS = ["payout", "shop", "invite", "ads"] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];

export interface FirstSteps {
  steps: Array<{ key: FirstStep; done: boolean }>;
  doneCount: number;
  /** Shown on the dashboard: something is left to do and the member has not hidden the list. */
  show: boolean;
}

export async function firstSteps(db: DbOrTx, userId: string): Promise<FirstSteps> {
  // One statement: the member's row with an EXISTS per piece of evidence (the dashboard reads this
  // on every request; eight round trips for eight yes/no answers cost more than the answers).
  const row = await db
    .selectFrom("users as u")
    .select((eb) => [
      "u.firstStepsDismissedAt",
      eb.exists(eb.selectFrom("payoutMethods").select("userId").where("userId", "=", userId)).as("payoutMethod"),
      eb.exists(eb.selectFrom("withdrawals").select("transactionId").where("userId", "=", userId)).as("withdrawal"),
      eb.exists(eb.selectFrom("clicks").select("id").where("userId", "=", userId).where("isBot", "=", 0)).as("shop"),
      eb.exists(eb.selectFrom("referralInvitations").select("id").where("referrerId", "=", userId)).as("invited"),
      eb.exists(eb.selectFrom("referrals").select("id").where("referrerId", "=", userId)).as("referred"),
      eb.exists(eb.selectFrom("adClientAccounts").select("id").where("ownerId", "=", userId)).as("clientAccount"),
      eb.exists(eb.selectFrom("adImports").select("id").where("userId", "=", userId)).as("adImport"),
    ])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  // SQLite answers EXISTS with 1 or 0, PostgreSQL with true or false.
  const yes = (value: unknown) => value === true || Number(value) === 1;
  const done: Record<FirstStep, boolean> = {
    payout: yes(row?.payoutMethod) || yes(row?.withdrawal),
    shop: yes(row?.shop),
    invite: yes(row?.invited) || yes(row?.referred),
    ads: yes(row?.clientAccount) || yes(row?.adImport),
  };
  const steps = FIRST_STEPS.map((key) => ({ key, done: done[key] }));
  const doneCount = steps.filter((step) => step.done).length;
  return { steps, doneCount, show: doneCount < steps.length && !row?.firstStepsDismissedAt };
}

/** The member hides the list for good. */
export async function dismissFirstSteps(db: DbOrTx, userId: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ firstStepsDismissedAt: now() })
    .where("id", "=", userId)
    .where("firstStepsDismissedAt", "is", null)
    .execute();
}
