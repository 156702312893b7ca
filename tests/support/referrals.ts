/** Referrals for database suites: a friend who signs up through a member's link, recorded as the sign-up records it. */
import type { Db } from "~/db/db.server";
import { recordReferral, type RecordOutcome } from "~/referrals/referrals.server";
import { inTx, newUser } from "./ledger";

/** A new member `name` who signed up from `clientAddress` through `referrerId`'s link (on their device if `referrerDevice`): their id and what was recorded. */
export async function referFriend(
  db: Db,
  referrerId: string,
  name: string,
  options: { clientAddress: string; referrerDevice?: boolean },
): Promise<{ friend: string; outcome: RecordOutcome }> {
  const friend = await newUser(db, name);
  const { email } = await db.selectFrom("users").select("email").where("id", "=", friend).executeTakeFirstOrThrow();
  const outcome = await inTx(db, (tx) =>
    recordReferral(tx, {
      referrerId,
      referrerEmail: "",
      clientAddress: options.clientAddress,
      referrerDevice: options.referrerDevice ?? false,
      referredUserId: friend,
      referredEmail: email,
    }),
  );
  return { friend, outcome };
}
