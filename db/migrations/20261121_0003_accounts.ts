import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, userColumn } from "../columns";

// Accounts: partner details on users, sessions, one-time codes, password resets, social logins.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("phone", "text").execute();
  await db.schema.alterTable("users").addColumn("partner_plan_code", "text").execute();

  await entityTable(db, "sessions")
    .$call(userColumn)
    // SHA-256 of the random token in the cookie: a copy of this table opens no session.
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("remember", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expires_at", "text", notNull)
    .addColumn("revoked_at", "text")
    .addColumn("user_agent", "text")
    .addColumn("client_address", "text")
    .$call(createdAt)
    .addColumn("last_seen_at", "text", notNull)
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await entityTable(db, "verification_codes")
    .$call(userColumn)
    .addColumn("purpose", "text", (col) => col.notNull().check(sql`purpose in ('verify-email')`))
    // HMAC of the code with the server secret: six digits are too few to store plainly hashed.
    .addColumn("code_hash", "text", notNull)
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expires_at", "text", notNull)
    .addColumn("consumed_at", "text")
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("verification_codes_user").on("verification_codes").columns(["user_id", "purpose"]).execute();

  await entityTable(db, "password_resets")
    .$call(userColumn)
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("expires_at", "text", notNull)
    .addColumn("used_at", "text")
    .$call(createdAt)
    .execute();

  await entityTable(db, "oauth_accounts")
    .$call(userColumn)
    .addColumn("provider", "text", notNull)
    .addColumn("provider_user_id", "text", notNull)
    .$call(createdAt)
    .addUniqueConstraint("oauth_accounts_provider_user", ["provider", "provider_user_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["oauth_accounts", "password_resets", "verification_codes", "sessions"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("users").dropColumn("partner_plan_code").execute();
  await db.schema.alterTable("users").dropColumn("phone").execute();
}
