import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull } from "../columns";

// Referrals: every member's code (made when first needed), one referral per referred account
// (who referred them, whether an admin must look first, when they qualified and were paid), and
// the e-mail invitations a member sent (each address once per member).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("referral_codes")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("code", "text", (col) => col.notNull().unique())
    .$call(createdAt)
    .execute();
  await entityTable(db, "referrals")
    .addColumn("referrer_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("referred_user_id", "text", (col) => col.notNull().unique().references("users.id").onDelete("cascade"))
    // pending: counting towards the bonus; held: an admin decides first; paid; rejected.
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'held', 'paid', 'rejected')`))
    .addColumn("hold_reason", "text", (col) => col.check(sql`hold_reason in ('same_ip', 'same_device')`))
    .addColumn("qualified_at", "text")
    .addColumn("paid_at", "text")
    .addColumn("referrer_bonus_cents", "integer")
    .addColumn("friend_bonus_cents", "integer")
    .addColumn("referrer_transaction_id", "text")
    .addColumn("friend_transaction_id", "text")
    .addColumn("decided_by", "text", (col) => col.references("users.id"))
    .addColumn("decided_at", "text")
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("referrals_referrer").on("referrals").columns(["referrer_id", "created_at"]).execute();
  await db.schema.createIndex("referrals_status").on("referrals").columns(["status", "created_at"]).execute();
  await entityTable(db, "referral_invitations")
    .addColumn("referrer_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text", notNull)
    .$call(createdAt)
    .addUniqueConstraint("referral_invitations_once", ["referrer_id", "email"])
    .execute();
  await db.schema.createIndex("referral_invitations_recent").on("referral_invitations").columns(["referrer_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("referral_invitations").execute();
  await db.schema.dropTable("referrals").execute();
  await db.schema.dropTable("referral_codes").execute();
}
