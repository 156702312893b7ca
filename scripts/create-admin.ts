/**
 * `npm run create-admin -- --email E --password P [--name N]`: creates an administrator in the
 * database DATABASE_URL names, or promotes the existing account with that e-mail address.
 */
import { z } from "zod";
import { envOrExit } from "../app/config/env.server";
import { createDb } from "../app/db/db.server";
import { ensureAdmin } from "../app/users/users.server";
import { EmailSchema, NameSchema, PasswordSchema } from "../app/users/validation";
import { migrateToLatest } from "../db/migrate";
import { parseArgs } from "./lib";

const MESSAGES: Record<string, string> = {
  "validation.emailRequired": "--email is required",
  "validation.invalidEmail": "--email must be a valid e-mail address",
  "validation.passwordRequired": "--password is required",
  "validation.passwordTooShort": "--password must be at least 8 characters long",
  "validation.passwordTooLong": "--password must be at most 128 characters long",
  "validation.passwordNeedsNumber": "--password must contain at least one number",
  "validation.passwordNeedsSymbol": "--password must contain at least one symbol",
  "validation.nameRequired": "--name must not be empty",
  "validation.nameTooLong": "--name must be at most 100 characters long",
};

const args = parseArgs(process.argv.slice(2));
const parsed = z.object({ email: EmailSchema, password: PasswordSchema, name: NameSchema.optional() }).safeParse({
  email: typeof args.email === "string" ? args.email : undefined,
  password: typeof args.password === "string" ? args.password : undefined,
  name: typeof args.name === "string" ? args.name : undefined,
});
if (!parsed.success) {
  console.error("Usage: npm run create-admin -- --email you@example.com --password 'S3cure-pass!' [--name 'Your Name']");
  for (const issue of parsed.error.issues) console.error(`  ${MESSAGES[issue.message] ?? issue.message}`);
  process.exit(1);
}

const config = envOrExit();
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  const { outcome, user } = await ensureAdmin(db, parsed.data);
  const said = {
    created: `Created administrator ${user.email}.`,
    promoted: `Promoted ${user.email} to administrator (the existing password is unchanged).`,
    unchanged: `${user.email} is already an administrator; nothing changed.`,
  }[outcome];
  console.log(said);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
