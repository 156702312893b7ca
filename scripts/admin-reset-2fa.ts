/**
 * `npm run admin:reset-2fa -- --email E`: turns off two-factor authentication of the account with
 * that address (any role: the way back for the last admin, who cannot reset their own in the back
 * office) and deletes its recovery codes, in the database DATABASE_URL names. Audited as done from
 * the command line; the account holder is notified and e-mailed. Exits 1 for an unknown address.
 */
import { envOrExit } from "../app/config/env.server";
import { resetTwoFactorByEmail } from "../app/auth/recovery-codes.server";
import { createDb } from "../app/db/db.server";
import { unitOfWork } from "../app/db/unit-of-work.server";
import { migrateToLatest } from "../db/migrate";
import { parseArgs } from "./lib";

const args = parseArgs(process.argv.slice(2));
const email = typeof args.email === "string" ? args.email.trim() : "";
if (!email) {
  console.error("Usage: npm run admin:reset-2fa -- --email someone@example.com");
  process.exit(1);
}

const config = envOrExit();
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  const result = await unitOfWork(db, (tx) => resetTwoFactorByEmail(tx, email));
  if (result.outcome === "unknown") {
    console.error(`No account has the e-mail address ${email}; nothing changed.`);
    process.exitCode = 1;
  } else if (result.outcome === "off") {
    console.log(`Two-factor authentication of ${result.email} (${result.role}) was already off; nothing changed.`);
  } else {
    console.log(
      `Reset two-factor authentication of ${result.email} (${result.role}): it is off and its ${result.codesDeleted} recovery code(s) are deleted. ` +
        `The account signs in with its password now${result.role === "admin" ? " and must set up two-factor authentication again to enter the back office" : ""}; ` +
        "the account holder was notified, and the audit log records the reset as done from the command line.",
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
