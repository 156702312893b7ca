/** Saved payout methods: the PayPal address or IBAN a user withdrew to last, offered next time. */
import { now, type DbOrTx } from "~/db/db.server";

export async function getPayoutMethod(db: DbOrTx, userId: string) {
  return db.selectFrom("payoutMethods").select(["method", "destination"]).where("userId", "=", userId).executeTakeFirst();
}

export async function savePayoutMethod(db: DbOrTx, userId: string, method: "paypal" | "bank", destination: string) {
  await db
    .insertInto("payoutMethods")
    .values({ userId, method, destination, updatedAt: now() })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ method, destination, updatedAt: now() }))
    .execute();
}
