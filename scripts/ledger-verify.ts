/**
 * `npm run ledger:verify`: recomputes every cached balance from its postings and checks every entry
 * sums to zero, on the database DATABASE_URL names. Exits 1 naming each difference.
 */
import { envOrExit } from "../app/config/env.server";
import { createDb } from "../app/db/db.server";
import { verifyLedger } from "../app/wallet/verify.server";

const config = envOrExit();
const db = createDb(config.database);
try {
  const report = await verifyLedger(db);
  if (report.problems.length) {
    console.error(`The ledger does not balance (${report.problems.length} problems):`);
    for (const problem of report.problems) console.error(`  - ${problem}`);
    process.exitCode = 1;
  } else {
    console.log(
      `Ledger verified: ${report.accounts} accounts, ${report.entries} entries, ${report.postings} postings; every balance equals its postings, every entry sums to zero.`,
    );
  }
} catch (error) {
  console.error(`Could not verify the ledger: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
