import type { Kysely } from "kysely";

// Referral bonuses follow the cashback they reward (#25, finding 9): paid only once the qualifying
// cashback is past its return window, and taken back (both sides) when that cashback is later
// returned. The take-back is recorded on the referral: when, and its two ledger transactions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("referrals").addColumn("bonus_reversed_at", "text").execute();
  await db.schema.alterTable("referrals").addColumn("referrer_reversal_transaction_id", "text").execute();
  await db.schema.alterTable("referrals").addColumn("friend_reversal_transaction_id", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("referrals").dropColumn("friend_reversal_transaction_id").execute();
  await db.schema.alterTable("referrals").dropColumn("referrer_reversal_transaction_id").execute();
  await db.schema.alterTable("referrals").dropColumn("bonus_reversed_at").execute();
}
