import { PostgresAdapter, sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// Money you can trust:
// - the outbox (mail written in the same transaction as the change that caused it) and the jobs
//   table of the in-process job runner (SQLite; PostgreSQL uses pg-boss's own schema);
// - admin settings (key → JSON value);
// - the payout desk's withdrawals (pending → processing → paid | rejected, or cancelled);
// - ledger rows the database itself protects: postings and entries can be neither updated nor
//   deleted, an entry is only written when its postings sum to zero in one currency (postings are
//   written first, the entry row seals them; on PostgreSQL a deferred constraint trigger checks
//   again at commit, on SQLite the deferred foreign key refuses postings without an entry at commit);
// - an effective date on entries (backdated demo history without rewriting rows), currency on
//   entries and postings, the request fingerprint stored with each idempotency key, refunds.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await entityTable(db, "outbox")
    .addColumn("kind", "text", notNull)
    .addColumn("payload", "text", notNull)
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'sending', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", notNull)
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .$call(createdAt)
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();

  await entityTable(db, "jobs")
    .addColumn("name", "text", notNull)
    .addColumn("data", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('queued', 'active', 'done', 'failed')`))
    .addColumn("singleton_key", "text")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (col) => col.notNull().defaultTo(5))
    .addColumn("run_at", "text", notNull)
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["status", "run_at"]).execute();
  await sql`create unique index jobs_singleton on jobs (name, singleton_key) where status = 'queued' and singleton_key is not null`.execute(
    db,
  );

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", notNull)
    .addColumn("updated_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .$call(updatedAt)
    .execute();

  await db.schema
    .createTable("withdrawals")
    .addColumn("transaction_id", "text", (col) => col.primaryKey().references("transactions.id").onDelete("restrict"))
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("restrict"))
    .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('pending', 'processing', 'paid', 'rejected', 'cancelled')`))
    .addColumn("amount_cents", "bigint", (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (col) => col.notNull().defaultTo("USD"))
    .addColumn("method", "text", notNull)
    .addColumn("destination", "text", notNull)
    .addColumn("payout_reference", "text")
    .addColumn("reason", "text")
    .addColumn("approved_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("approved_at", "text")
    .addColumn("decided_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("withdrawals_state").on("withdrawals").columns(["state", "created_at"]).execute();
  await db.schema.createIndex("withdrawals_user").on("withdrawals").columns(["user_id", "created_at"]).execute();
  const field = (name: string) => (postgres ? sql.raw(`(metadata::json->>'${name}')`) : sql.raw(`json_extract(metadata, '$.${name}')`));
  await sql`
    insert into withdrawals (transaction_id, user_id, state, amount_cents, currency, method, destination, reason, created_at, updated_at)
    select id, user_id,
      case status when 'pending' then 'pending' when 'completed' then 'paid'
        else case when ${field("cancelledBy")} is not null then 'cancelled' else 'rejected' end end,
      amount_cents, currency, coalesce(${field("method")}, 'paypal'), coalesce(${field("destination")}, ''), ${field("reason")}, created_at, updated_at
    from transactions where type = 'withdrawal'`.execute(db);

  await db.schema.alterTable("transactions").addColumn("request_fingerprint", "text").execute();
  await db.schema
    .alterTable("payments")
    .addColumn("currency", "text", (col) => col.notNull().defaultTo("USD"))
    .execute();
  await db.schema
    .alterTable("payments")
    .addColumn("reversed_cents", "bigint", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("payments").addColumn("provider_charge_id", "text").execute();
  await db.schema.createIndex("payments_provider_charge").on("payments").column("provider_charge_id").execute();

  await db.schema.alterTable("ledger_entries").addColumn("effective_at", "text").execute();
  await db.schema
    .alterTable("ledger_entries")
    .addColumn("currency", "text", (col) => col.notNull().defaultTo("USD"))
    .execute();
  await sql`update ledger_entries set effective_at = created_at`.execute(db);
  await db.schema.createIndex("ledger_entries_effective").on("ledger_entries").column("effective_at").execute();

  if (postgres) {
    await sql`alter table postings add column currency text not null default 'USD'`.execute(db);
    await sql`alter table postings alter constraint postings_entry_id_fkey deferrable initially deferred`.execute(db);
    await sql`
      create function ledger_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger rows are immutable: % on % refused', tg_op, tg_table_name using errcode = 'P0001';
      end $$`.execute(db);
    await sql`create trigger ledger_entries_immutable before update or delete on ledger_entries for each row execute function ledger_immutable()`.execute(
      db,
    );
    await sql`create trigger postings_immutable before update or delete on postings for each row execute function ledger_immutable()`.execute(
      db,
    );
    await sql`
      create function ledger_entry_sealed() returns trigger language plpgsql as $$
      declare total bigint; n integer; mixed integer;
      begin
        select coalesce(sum(amount_cents), 0), count(*), count(*) filter (where currency <> new.currency)
          into total, n, mixed from postings where entry_id = new.id;
        if n < 2 or total <> 0 or mixed > 0 then
          raise exception 'unbalanced ledger entry %: % postings summing to %', new.id, n, total using errcode = '23514';
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger ledger_entries_balanced before insert on ledger_entries for each row execute function ledger_entry_sealed()`.execute(
      db,
    );
    await sql`
      create function ledger_posting_check() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from ledger_entries where id = new.entry_id) then
          raise exception 'ledger entry % is sealed: no posting can be added', new.entry_id using errcode = '23514';
        end if;
        if new.currency <> (select currency from ledger_accounts where id = new.account_id) then
          raise exception 'posting currency % differs from account %', new.currency, new.account_id using errcode = '23514';
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger postings_check before insert on postings for each row execute function ledger_posting_check()`.execute(db);
    // Checked again when the transaction commits, once per entry (postings without an entry are
    // refused at commit by the deferred foreign key).
    await sql`
      create function ledger_entry_balanced_at_commit() returns trigger language plpgsql as $$
      declare total bigint; n integer;
      begin
        select coalesce(sum(amount_cents), 0), count(*) into total, n from postings where entry_id = new.id;
        if total <> 0 or n < 2 then
          raise exception 'ledger entry % does not balance at commit (% postings, sum %)', new.id, n, total using errcode = '23514';
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create constraint trigger ledger_entries_balanced_at_commit after insert on ledger_entries
      deferrable initially deferred for each row execute function ledger_entry_balanced_at_commit()`.execute(db);
  } else {
    // SQLite cannot alter a foreign key: rebuild postings with a deferred one to its entry.
    await sql`
      create table postings_new (
        id text primary key,
        entry_id text not null references ledger_entries (id) on delete restrict deferrable initially deferred,
        account_id text not null references ledger_accounts (id) on delete restrict,
        amount_cents bigint not null check (amount_cents <> 0),
        currency text not null default 'USD',
        created_at text not null
      )`.execute(db);
    await sql`insert into postings_new (id, entry_id, account_id, amount_cents, currency, created_at)
      select id, entry_id, account_id, amount_cents, 'USD', created_at from postings`.execute(db);
    await sql`drop table postings`.execute(db);
    await sql`alter table postings_new rename to postings`.execute(db);
    await sql`create index postings_account on postings (account_id)`.execute(db);
    await sql`create index postings_entry on postings (entry_id)`.execute(db);
    for (const table of ["ledger_entries", "postings"]) {
      for (const op of ["update", "delete"]) {
        await sql
          .raw(
            `create trigger ${table}_immutable_${op} before ${op} on ${table} begin select raise(abort, 'ledger rows are immutable: ${op} on ${table} refused'); end`,
          )
          .execute(db);
      }
    }
    await sql`
      create trigger ledger_entries_balanced before insert on ledger_entries
      when (select count(*) from postings where entry_id = new.id) < 2
        or (select coalesce(sum(amount_cents), 0) from postings where entry_id = new.id) <> 0
        or exists (select 1 from postings where entry_id = new.id and currency <> new.currency)
      begin select raise(abort, 'unbalanced ledger entry'); end`.execute(db);
    await sql`
      create trigger postings_sealed before insert on postings
      when exists (select 1 from ledger_entries where id = new.entry_id)
      begin select raise(abort, 'ledger entry is sealed: no posting can be added'); end`.execute(db);
    await sql`
      create trigger postings_currency before insert on postings
      when new.currency <> (select currency from ledger_accounts where id = new.account_id)
      begin select raise(abort, 'posting currency differs from its account'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger ledger_entries_balanced_at_commit on ledger_entries`.execute(db);
    await sql`drop trigger postings_check on postings`.execute(db);
    await sql`drop trigger ledger_entries_balanced on ledger_entries`.execute(db);
    await sql`drop trigger postings_immutable on postings`.execute(db);
    await sql`drop trigger ledger_entries_immutable on ledger_entries`.execute(db);
    for (const fn of ["ledger_entry_balanced_at_commit", "ledger_posting_check", "ledger_entry_sealed", "ledger_immutable"]) {
      await sql.raw(`drop function ${fn}()`).execute(db);
    }
  } else {
    for (const trigger of [
      "postings_currency",
      "postings_sealed",
      "ledger_entries_balanced",
      "ledger_entries_immutable_update",
      "ledger_entries_immutable_delete",
      "postings_immutable_update",
      "postings_immutable_delete",
    ]) {
      await sql.raw(`drop trigger ${trigger}`).execute(db);
    }
  }
  for (const table of ["withdrawals", "settings", "jobs", "outbox"]) await db.schema.dropTable(table).execute();
}
