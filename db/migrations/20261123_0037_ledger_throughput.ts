import { PostgresAdapter, sql, type Kysely } from "kysely";

// The platform's own ledger accounts (`platform:<name>`: payment provider, affiliate networks,
// margin, payouts, bonuses, sales, adjustments) no longer keep a cached balance: every user's
// top-up or sale posts to them, and updating one shared row made those movements wait for one
// another (on PostgreSQL, a row lock held until commit). Their balance is now the sum of their
// postings, read through an index on (account_id, amount_cents) that answers it from the index
// alone (it replaces the index on account_id). Their `balance_cents` is 0 and the database refuses
// another value; a user's accounts and receivables (`platform:receivables:<user>`) keep theirs.
//
// Each withdrawal also reads the member's card top-ups still on hold: a partial index of completed
// top-ups (by member, provider and date) and one on payments' transaction make that read a lookup,
// instead of a pass over all the member's recent transactions joined to every payment.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`update ledger_accounts set balance_cents = 0 where user_id is null and kind <> 'receivables'`.execute(db);
  if (postgres) {
    await sql`alter table ledger_accounts add constraint ledger_accounts_platform_derived
      check (user_id is not null or kind = 'receivables' or balance_cents = 0)`.execute(db);
  } else {
    // SQLite cannot add a CHECK constraint to a table: triggers refuse the same rows.
    for (const op of ["insert", "update"]) {
      await sql
        .raw(
          `create trigger ledger_accounts_platform_derived_${op} before ${op} on ledger_accounts
          when new.user_id is null and new.kind <> 'receivables' and new.balance_cents <> 0
          begin select raise(abort, 'a platform account keeps no cached balance: its balance is the sum of its postings'); end`,
        )
        .execute(db);
    }
  }
  await db.schema.createIndex("postings_account_amount").on("postings").columns(["account_id", "amount_cents"]).execute();
  await db.schema.dropIndex("postings_account").execute();
  await sql`create index transactions_completed_deposits on transactions (user_id, merchant, created_at)
    where type = 'deposit' and direction = 'credit' and status = 'completed'`.execute(db);
  await db.schema.createIndex("payments_transaction").on("payments").column("transaction_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex("payments_transaction").execute();
  await db.schema.dropIndex("transactions_completed_deposits").execute();
  await db.schema.createIndex("postings_account").on("postings").column("account_id").execute();
  await db.schema.dropIndex("postings_account_amount").execute();
  if (postgres) await sql`alter table ledger_accounts drop constraint ledger_accounts_platform_derived`.execute(db);
  else for (const op of ["insert", "update"]) await sql.raw(`drop trigger ledger_accounts_platform_derived_${op}`).execute(db);
  await sql`update ledger_accounts set balance_cents = coalesce((select sum(p.amount_cents) from postings p where p.account_id = ledger_accounts.id), 0)
    where user_id is null and kind <> 'receivables'`.execute(db);
}
