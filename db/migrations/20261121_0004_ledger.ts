import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, idColumn, notNull, updatedAt } from "../columns";

// The wallet: a double-entry ledger (accounts, user-facing transactions, immutable entries and
// their postings), payments for top-ups, saved payout methods, received webhook events, audit log.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("ledger_accounts")
    // "user:<id>:available", "user:<id>:pending_cashback", "user:<id>:withdrawals", "platform:<name>".
    .$call(idColumn)
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("restrict"))
    .addColumn("kind", "text", notNull)
    .addColumn("currency", "text", (col) => col.notNull().defaultTo("USD"))
    // Cached sum of the account's postings, updated in the same database transaction as they are.
    .addColumn("balance_cents", "bigint", (col) => col.notNull().defaultTo(0))
    .$call(createdAt)
    // A user's money can never be negative, whatever the code above it does.
    .addCheckConstraint("ledger_accounts_user_not_negative", sql`user_id is null or balance_cents >= 0`)
    .execute();
  await db.schema.createIndex("ledger_accounts_user").on("ledger_accounts").column("user_id").execute();

  await entityTable(db, "transactions")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("restrict"))
    .addColumn("type", "text", (col) =>
      col.notNull().check(sql`type in ('cashback', 'withdrawal', 'referral', 'affiliate', 'purchase', 'deposit')`),
    )
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'completed', 'failed')`))
    .addColumn("direction", "text", (col) => col.notNull().check(sql`direction in ('credit', 'debit')`))
    .addColumn("amount_cents", "bigint", (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (col) => col.notNull().defaultTo("USD"))
    .addColumn("description", "text", notNull)
    .addColumn("merchant", "text")
    .addColumn("order_id", "text")
    .addColumn("idempotency_key", "text", (col) => col.unique())
    .addColumn("metadata", "text", (col) => col.notNull().defaultTo("{}"))
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("transactions_user_created").on("transactions").columns(["user_id", "created_at"]).execute();

  await entityTable(db, "ledger_entries")
    .addColumn("transaction_id", "text", (col) => col.notNull().references("transactions.id").onDelete("restrict"))
    .addColumn("memo", "text", notNull)
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("ledger_entries_transaction").on("ledger_entries").column("transaction_id").execute();

  await entityTable(db, "postings")
    .addColumn("entry_id", "text", (col) => col.notNull().references("ledger_entries.id").onDelete("restrict"))
    .addColumn("account_id", "text", (col) => col.notNull().references("ledger_accounts.id").onDelete("restrict"))
    .addColumn("amount_cents", "bigint", (col) => col.notNull().check(sql`amount_cents <> 0`))
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("postings_account").on("postings").column("account_id").execute();
  await db.schema.createIndex("postings_entry").on("postings").column("entry_id").execute();

  await entityTable(db, "payments")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("restrict"))
    .addColumn("provider", "text", notNull)
    .addColumn("provider_session_id", "text")
    .addColumn("amount_cents", "bigint", (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'paid', 'failed')`))
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("transaction_id", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .execute();

  await entityTable(db, "webhook_events")
    .addColumn("provider", "text", notNull)
    .addColumn("event_id", "text", notNull)
    .addColumn("type", "text", notNull)
    .addColumn("received_at", "text", notNull)
    .addUniqueConstraint("webhook_events_provider_event", ["provider", "event_id"])
    .execute();

  await db.schema
    .createTable("payout_methods")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("method", "text", (col) => col.notNull().check(sql`method in ('paypal', 'bank')`))
    .addColumn("destination", "text", notNull)
    .$call(updatedAt)
    .execute();

  await entityTable(db, "audit_log")
    .addColumn("actor_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("action", "text", notNull)
    .addColumn("subject", "text", notNull)
    .addColumn("details", "text", (col) => col.notNull().defaultTo("{}"))
    .$call(createdAt)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "audit_log",
    "payout_methods",
    "webhook_events",
    "payments",
    "postings",
    "ledger_entries",
    "transactions",
    "ledger_accounts",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
