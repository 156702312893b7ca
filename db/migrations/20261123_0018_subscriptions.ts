import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt, userColumn } from "../columns";

// Plans and subscriptions: the free trial of the ad tools (one row per account, started when the
// account is created), subscriptions to a plan (at most one active per user), and one row per
// subscription payment (wallet or provider, its ledger transaction and its refund state). A
// provider payment (`payments`) now says what it pays for: a top-up or a plan.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("trials")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("started_at", "text", notNull)
    .addColumn("ends_at", "text", notNull)
    .addColumn("reminder_sent_at", "text")
    .execute();
  await db.schema.createIndex("trials_ends_at").on("trials").column("ends_at").execute();

  await entityTable(db, "subscriptions")
    .$call(userColumn)
    .addColumn("plan_id", "text", (col) => col.notNull().references("plans.id"))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('active', 'past_due', 'ended', 'refunded')`))
    .addColumn("current_period_start", "text", notNull)
    .addColumn("current_period_end", "text", notNull)
    .addColumn("cancel_at_period_end", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("first_paid_at", "text", notNull)
    .addColumn("ended_at", "text")
    .addColumn("end_reason", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  // One live subscription per user, whatever races to create a second.
  await sql`create unique index subscriptions_one_live on subscriptions (user_id) where status in ('active', 'past_due')`.execute(db);
  await db.schema.createIndex("subscriptions_due").on("subscriptions").columns(["status", "current_period_end"]).execute();

  await db.schema
    .alterTable("payments")
    .addColumn("purpose", "text", (col) =>
      col
        .notNull()
        .defaultTo("topup")
        .check(sql`purpose in ('topup', 'plan')`),
    )
    .execute();

  await entityTable(db, "subscription_payments")
    .$call(userColumn)
    .addColumn("plan_id", "text", (col) => col.notNull().references("plans.id"))
    // Null until a first provider payment is paid (the subscription is created then).
    .addColumn("subscription_id", "text", (col) => col.references("subscriptions.id"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('initial', 'renewal')`))
    .addColumn("source", "text", (col) => col.notNull().check(sql`source in ('wallet', 'provider')`))
    .addColumn("amount_cents", "bigint", (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (col) => col.notNull().defaultTo("USD"))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'paid', 'failed')`))
    .addColumn("payment_id", "text", (col) => col.references("payments.id"))
    .addColumn("transaction_id", "text", (col) => col.references("transactions.id"))
    .addColumn("refund_state", "text", (col) =>
      col
        .notNull()
        .defaultTo("none")
        .check(sql`refund_state in ('none', 'refunded')`),
    )
    .addColumn("refund_transaction_id", "text", (col) => col.references("transactions.id"))
    .addColumn("refunded_at", "text")
    .addColumn("period_start", "text")
    .addColumn("period_end", "text")
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("paid_at", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("subscription_payments_user").on("subscription_payments").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("subscription_payments_subscription").on("subscription_payments").column("subscription_id").execute();
  await db.schema.createIndex("subscription_payments_payment").on("subscription_payments").column("payment_id").execute();

  // Accounts that exist already get the trial their creation would have started.
  const users = await sql<{ id: string; started: string }>`select id, created_at as started from users`.execute(db);
  for (const user of users.rows) {
    const started = new Date(user.started);
    if (Number.isNaN(started.getTime())) continue;
    const endsAt = new Date(started.getTime() + 14 * 86_400_000).toISOString();
    await sql`insert into trials (user_id, started_at, ends_at) values (${user.id}, ${started.toISOString()}, ${endsAt})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("subscription_payments").execute();
  await db.schema.alterTable("payments").dropColumn("purpose").execute();
  await db.schema.dropTable("subscriptions").execute();
  await db.schema.dropTable("trials").execute();
}
