/**
 * `npm run cashback:import -- --network awin|impact|cj --file report.csv [--dry-run]`: imports an
 * affiliate network's transaction report into the database DATABASE_URL names, through the same
 * ingestion as postbacks and the admin's upload. Prints the preview first (what each row would do,
 * and rows that could not be read), then applies it unless `--dry-run`. Re-importing the same file
 * changes nothing more.
 */
import fs from "node:fs";
import { envOrExit } from "../app/config/env.server";
import { createDb } from "../app/db/db.server";
import { applyReport, MAX_REPORT_BYTES, previewReport } from "../app/cashback/imports.server";
import { REPORT_NETWORKS, ReportFormatError, type ReportNetwork } from "../app/cashback/reports";
import { migrateToLatest } from "../db/migrate";
import { parseArgs } from "./lib";

const USAGE = "Usage: npm run cashback:import -- --network awin|impact|cj --file report.csv [--dry-run]";
const args = parseArgs(process.argv.slice(2));
const network = typeof args.network === "string" ? args.network.toLowerCase() : "";
const file = typeof args.file === "string" ? args.file : "";
if (!(REPORT_NETWORKS as readonly string[]).includes(network) || !file) {
  console.error(USAGE);
  process.exit(1);
}
if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
  console.error(`No such file: ${file}`);
  process.exit(1);
}
if (fs.statSync(file).size > MAX_REPORT_BYTES) {
  console.error(`${file} is larger than ${MAX_REPORT_BYTES / 1024 / 1024} MB: split it by date range.`);
  process.exit(1);
}

const summary = (counts: Partial<Record<string, number>>) =>
  Object.entries(counts)
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(", ") || "nothing";

const config = envOrExit();
const db = createDb(config.database);
let status = 0;
try {
  await migrateToLatest(db);
  const bytes = fs.readFileSync(file);
  const preview = await previewReport(db, network as ReportNetwork, bytes);
  console.log(`${preview.rows} rows read from ${file} (${network}).`);
  for (const error of preview.errors) console.log(`  line ${error.line}: ${error.code} in column "${error.column}" (skipped)`);
  console.log(`Preview: ${summary(preview.outcomes)}.`);
  if (args["dry-run"]) {
    console.log("Dry run: nothing was changed.");
  } else {
    const result = await applyReport(db, network as ReportNetwork, bytes);
    console.log(`Applied: ${summary(result)}.`);
  }
} catch (error) {
  if (error instanceof ReportFormatError) {
    console.error(
      error.code === "missing_columns"
        ? `This is not a ${network} report: missing columns ${error.columns.join(", ")}.`
        : `Could not read the report: ${error.code}.`,
    );
  } else {
    console.error(error);
  }
  status = 1;
} finally {
  await db.destroy();
}
process.exit(status);
