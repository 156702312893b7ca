import { PostgresAdapter, sql, type Kysely } from "kysely";
import { replaceCheckValues } from "../check-constraint";
import { createdAt, entityTable, notNull, updatedAt, userColumn } from "../columns";

// Loyalty points (issue #29): an append-only points ledger (`loyalty_entries`, each with its cause
// and idempotency key; UPDATE and DELETE refused by the database, as for postings) and one row per
// member (`loyalty_accounts`) caching the balance, the points owed (a reversal that found them
// already redeemed) and the level. A redemption is also money: a ledger transaction of its own
// type, `loyalty`, paid from the platform's `loyalty` account.
const TYPES = ["cashback", "withdrawal", "referral", "affiliate", "purchase", "deposit", "adjustment"];
const WITH_LOYALTY = [...TYPES, "loyalty"];
const CHECK = { table: "transactions", column: "type", constraint: "transactions_type_check" };

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await replaceCheckValues(db, { ...CHECK, from: TYPES, to: WITH_LOYALTY });
  await db.schema
    .createTable("loyalty_accounts")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("balance_points", "bigint", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`balance_points >= 0`),
    )
    .addColumn("owed_points", "bigint", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`owed_points >= 0`),
    )
    .addColumn("level", "text", (col) =>
      col
        .notNull()
        .defaultTo("bronze")
        .check(sql`level in ('bronze', 'silver', 'gold', 'platinum')`),
    )
    .addColumn("level_changed_at", "text")
    // The latest expiry date the member was warned about (one warning per date).
    .addColumn("warned_expiry_at", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await entityTable(db, "loyalty_entries")
    .$call(userColumn)
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('earn', 'reverse', 'redeem', 'expire', 'adjust')`))
    .addColumn("cause", "text", (col) =>
      col.notNull().check(sql`cause in ('cashback', 'referral', 'plan', 'redemption', 'expiry', 'admin')`),
    )
    .addColumn("cause_id", "text")
    // Change to the balance, to the points owed, and to the level (points earned in the window).
    .addColumn("points", "bigint", notNull)
    .addColumn("owed_points", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("level_points", "bigint", (col) => col.notNull().defaultTo(0))
    // When the entry counts for the level (a reversal counts at its earning's date).
    .addColumn("level_at", "text", notNull)
    // Points added to the balance expire then, oldest first.
    .addColumn("expires_at", "text")
    // A redemption's value and its ledger transaction.
    .addColumn("cents", "bigint")
    .addColumn("transaction_id", "text")
    .addColumn("reason", "text")
    .addColumn("actor_id", "text")
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("loyalty_entries_user").on("loyalty_entries").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("loyalty_entries_level").on("loyalty_entries").columns(["user_id", "level_at"]).execute();
  await db.schema.createIndex("loyalty_entries_expiry").on("loyalty_entries").columns(["expires_at"]).execute();
  if (postgres) {
    await sql`
      create function loyalty_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'loyalty entries are immutable: % refused', tg_op using errcode = 'P0001';
      end $$`.execute(db);
    await sql`create trigger loyalty_entries_immutable before update or delete on loyalty_entries for each row execute function loyalty_immutable()`.execute(
      db,
    );
  } else {
    for (const op of ["update", "delete"]) {
      await sql
        .raw(
          `create trigger loyalty_entries_immutable_${op} before ${op} on loyalty_entries begin select raise(abort, 'loyalty entries are immutable: ${op} refused'); end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger loyalty_entries_immutable on loyalty_entries`.execute(db);
    await sql`drop function loyalty_immutable()`.execute(db);
  }
  await db.schema.dropTable("loyalty_entries").execute();
  await db.schema.dropTable("loyalty_accounts").execute();
  // Refused (by the constraint) while redemptions exist: ledger rows are never deleted.
  await replaceCheckValues(db, { ...CHECK, from: WITH_LOYALTY, to: TYPES });
}
