/** Saved payout methods: the PayPal address or IBAN a user withdrew to last, offered next time. */
import { now, type DbOrTx } from "~/db/db.server";

export async function getPayoutMethod(db: DbOrTx, userId: string) {
  return db.selectFrom("payoutMethods").select(["method", "destination"]).where("userId", "=", userId).executeTakeFirst();
}

/**
 * Saves the method of a withdrawal. When it is the one saved already (the usual case) nothing is
 * written: the row is not locked, so a member's withdrawals in flight do not wait on one another here.
 */
export async function savePayoutMethod(db: DbOrTx, userId: string, method: "paypal" | "bank", destination: string) {
  const saved = await getPayoutMethod(db, userId);
  if (saved?.method === method && saved.destination === destination) return;
  await db
    .insertInto("payoutMethods")
    .values({ userId, method, destination, updatedAt: now() })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ method, destination, updatedAt: now() }))
    .execute();
}
