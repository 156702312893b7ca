import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, userColumn } from "../columns";

// One table for every e-mailed code, whatever it confirms: the sign-up address (`verify-email`),
// a new address (`email-change`, its address in `payload`), and the e-mailed link that unlocks
// sign-in on a browser after strangers spent the account's throttle (`sign-in-unlock`). One issue
// and check path uses it,
// with the same single use for every purpose. Replaces verification_codes and email_changes.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "verifications")
    .$call(userColumn)
    .addColumn("purpose", "text", (col) => col.notNull().check(sql`purpose in ('verify-email', 'email-change', 'sign-in-unlock')`))
    // What the code confirms besides the account (the new address of an e-mail change).
    .addColumn("payload", "text")
    // HMAC of the code with the server secret: six digits are too few to store plainly hashed.
    .addColumn("code_hash", "text", notNull)
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expires_at", "text", notNull)
    .addColumn("consumed_at", "text")
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("verifications_user_purpose").on("verifications").columns(["user_id", "purpose"]).execute();
  await sql`insert into verifications (id, user_id, purpose, payload, code_hash, attempts, expires_at, consumed_at, created_at)
    select id, user_id, purpose, null, code_hash, attempts, expires_at, consumed_at, created_at from verification_codes`.execute(db);
  await sql`insert into verifications (id, user_id, purpose, payload, code_hash, attempts, expires_at, consumed_at, created_at)
    select id, user_id, 'email-change', new_email, code_hash, attempts, expires_at, consumed_at, created_at from email_changes`.execute(db);
  await db.schema.dropTable("email_changes").execute();
  await db.schema.dropTable("verification_codes").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await entityTable(db, "verification_codes")
    .$call(userColumn)
    .addColumn("purpose", "text", (col) => col.notNull().check(sql`purpose in ('verify-email')`))
    .addColumn("code_hash", "text", notNull)
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expires_at", "text", notNull)
    .addColumn("consumed_at", "text")
    .$call(createdAt)
    .execute();
  await entityTable(db, "email_changes")
    .$call(userColumn)
    .addColumn("new_email", "text", notNull)
    .addColumn("code_hash", "text", notNull)
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expires_at", "text", notNull)
    .addColumn("consumed_at", "text")
    .$call(createdAt)
    .execute();
  await sql`insert into verification_codes select id, user_id, purpose, code_hash, attempts, expires_at, consumed_at, created_at from verifications where purpose = 'verify-email'`.execute(
    db,
  );
  await sql`insert into email_changes select id, user_id, payload, code_hash, attempts, expires_at, consumed_at, created_at from verifications where purpose = 'email-change'`.execute(
    db,
  );
  await db.schema.dropTable("verifications").execute();
}
