import { PostgresAdapter, sql, type Kysely } from "kysely";

// A posting carries its entry's effective date, and the index on (account_id, amount_cents)
// becomes one on (account_id, effective_at, amount_cents). The balance card's history read every
// posting of the member's available account to find the recent ones (each joined to its entry for
// the date): 10,000 postings made the dashboard take 100 ms of queries. Now the last days' postings
// are a range of the index, and the balance before them is the account's cached balance less them.
// The platform accounts' sums still read the index alone (its first column is the account).
// Postings are immutable: the backfill runs with the update trigger set aside.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("postings")
    .addColumn("effective_at", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  if (postgres) await sql`alter table postings disable trigger postings_immutable`.execute(db);
  else await sql`drop trigger postings_immutable_update`.execute(db);
  await sql`update postings set effective_at = (select e.effective_at from ledger_entries e where e.id = postings.entry_id)`.execute(db);
  if (postgres) {
    await sql`alter table postings enable trigger postings_immutable`.execute(db);
    await sql`alter table postings alter column effective_at drop default`.execute(db);
  } else {
    await sql`create trigger postings_immutable_update before update on postings begin select raise(abort, 'ledger rows are immutable: update on postings refused'); end`.execute(
      db,
    );
  }
  await db.schema
    .createIndex("postings_account_effective")
    .on("postings")
    .columns(["account_id", "effective_at", "amount_cents"])
    .execute();
  await db.schema.dropIndex("postings_account_amount").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("postings_account_amount").on("postings").columns(["account_id", "amount_cents"]).execute();
  await db.schema.dropIndex("postings_account_effective").execute();
  await db.schema.alterTable("postings").dropColumn("effective_at").execute();
}
