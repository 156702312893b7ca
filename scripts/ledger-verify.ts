/**
 * `npm run ledger:verify`: recomputes every cached balance from its postings and checks every entry
 * sums to zero, and recomputes every member's loyalty points from their entries (with each
 * redemption matched by its money), on the database DATABASE_URL names. Exits 1 naming each difference.
 */
import { envOrExit } from "../app/config/env.server";
import { createDb } from "../app/db/db.server";
import { verifyPoints } from "../app/loyalty/verify.server";
import { verifyLedger } from "../app/wallet/verify.server";

const config = envOrExit();
const db = createDb(config.database);
try {
  const report = await verifyLedger(db);
  const points = await verifyPoints(db);
  const problems = [...report.problems, ...points.problems];
  if (problems.length) {
    console.error(`The ledger does not balance (${problems.length} problems):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exitCode = 1;
  } else {
    console.log(
      `Ledger verified: ${report.accounts} accounts, ${report.entries} entries, ${report.postings} postings; every balance equals its postings, every entry sums to zero; points of ${points.members} members (${points.entries} entries) equal their entries.`,
    );
  }
} catch (error) {
  console.error(`Could not verify the ledger: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
