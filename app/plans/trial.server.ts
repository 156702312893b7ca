/** The free trial's start, kept apart so account creation needs nothing else of the plans. */
import { now, type DbOrTx } from "~/db/db.server";

export const TRIAL_DAYS = 14;

/** Starts the account's trial of the ad tools (once per account: a second call changes nothing). */
export async function startTrial(db: DbOrTx, userId: string, at: string = now()): Promise<void> {
  await db
    .insertInto("trials")
    .values({
      userId,
      startedAt: at,
      endsAt: new Date(new Date(at).getTime() + TRIAL_DAYS * 86_400_000).toISOString(),
      reminderSentAt: null,
    })
    .onConflict((oc) => oc.column("userId").doNothing())
    .execute();
}
