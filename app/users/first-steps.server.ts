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

async function exists(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}

export async function firstSteps(db: DbOrTx, userId: string): Promise<FirstSteps> {
  const [user, payoutMethod, withdrawal, shop, invited, referred, clientAccount, adImport] = await Promise.all([
    db.selectFrom("users").select("firstStepsDismissedAt").where("id", "=", userId).executeTakeFirst(),
    exists(db.selectFrom("payoutMethods").select("userId").where("userId", "=", userId).limit(1)),
    exists(db.selectFrom("withdrawals").select("transactionId").where("userId", "=", userId).limit(1)),
    exists(db.selectFrom("clicks").select("id").where("userId", "=", userId).where("isBot", "=", 0).limit(1)),
    exists(db.selectFrom("referralInvitations").select("id").where("referrerId", "=", userId).limit(1)),
    exists(db.selectFrom("referrals").select("id").where("referrerId", "=", userId).limit(1)),
    exists(db.selectFrom("adClientAccounts").select("id").where("ownerId", "=", userId).limit(1)),
    exists(db.selectFrom("adImports").select("id").where("userId", "=", userId).limit(1)),
  ]);
  const done: Record<FirstStep, boolean> = {
    payout: payoutMethod || withdrawal,
    shop,
    invite: invited || referred,
    ads: clientAccount || adImport,
  };
  const steps = FIRST_STEPS.map((key) => ({ key, done: done[key] }));
  const doneCount = steps.filter((step) => step.done).length;
  return { steps, doneCount, show: doneCount < steps.length && !user?.firstStepsDismissedAt };
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
