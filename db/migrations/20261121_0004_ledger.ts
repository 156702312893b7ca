import { sql, type Kysely } from "kysely";

// The wallet: a double-entry ledger (accounts, user-facing transactions, immutable entries and
// their postings), payments for top-ups, saved payout methods, received webhook events, audit log.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("ledger_accounts")
    // "user:<id>:available", "user:<id>:pending_cashback", "user:<id>:withdrawals", "platform:<name>".
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("restrict"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("currency", "text", (col) => col.notNull().defaultTo("USD"))
    // Cached sum of the account's postings, updated in the same database transaction as they are.
    .addColumn("balance_cents", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    // A user's money can never be negative, whatever the code above it does.
    .addCheckConstraint("ledger_accounts_user_not_negative", sql`user_id is null or balance_cents >= 0`)
    .execute();
  await db.schema.createIndex("ledger_accounts_user").on("ledger_accounts").column("user_id").execute();

  await db.schema
    .createTable("transactions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("restrict"))
    .addColumn("type", "text", (col) =>
      col.notNull().check(sql`type in ('cashback', 'withdrawal', 'referral', 'affiliate', 'purchase', 'deposit')`),
    )
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'completed', 'failed')`))
    .addColumn("direction", "text", (col) => col.notNull().check(sql`direction in ('credit', 'debit')`))
    .addColumn("amount_cents", "bigint", (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (col) => col.notNull().defaultTo("USD"))
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("merchant", "text")
    .addColumn("order_id", "text")
    .addColumn("idempotency_key", "text", (col) => col.unique())
    .addColumn("metadata", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("transactions_user_created").on("transactions").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("ledger_entries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("transaction_id", "text", (col) => col.notNull().references("transactions.id").onDelete("restrict"))
    .addColumn("memo", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("ledger_entries_transaction").on("ledger_entries").column("transaction_id").execute();

  await db.schema
    .createTable("postings")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("entry_id", "text", (col) => col.notNull().references("ledger_entries.id").onDelete("restrict"))
    .addColumn("account_id", "text", (col) => col.notNull().references("ledger_accounts.id").onDelete("restrict"))
    .addColumn("amount_cents", "bigint", (col) => col.notNull().check(sql`amount_cents <> 0`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("postings_account").on("postings").column("account_id").execute();
  await db.schema.createIndex("postings_entry").on("postings").column("entry_id").execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("restrict"))
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("provider_session_id", "text")
    .addColumn("amount_cents", "bigint", (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'paid', 'failed')`))
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("transaction_id", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("webhook_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("received_at", "text", (col) => col.notNull())
    .addUniqueConstraint("webhook_events_provider_event", ["provider", "event_id"])
    .execute();

  await db.schema
    .createTable("payout_methods")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("method", "text", (col) => col.notNull().check(sql`method in ('paypal', 'bank')`))
    .addColumn("destination", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("actor_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("details", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (col) => col.notNull())
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
