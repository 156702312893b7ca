/**
 * `npm run ads:sample -- --out <dir> [--end YYYY-MM-DD] [--days 90] [--seed text]`: writes the sample
 * ad exports of the fictional shop "Northwind Outdoor" (app/ads/sample/generate.ts: Google Ads
 * campaign, keyword, search terms and ad reports, Google Ads Editor exports, a Meta Ads Manager
 * export) into a folder, to try the import page with. `--end` defaults to yesterday (UTC). The same
 * options write the same bytes.
 */
import fs from "node:fs";
import path from "node:path";
import { generateSampleExports } from "../app/ads/sample/generate";
import { parseArgs } from "./lib";

const USAGE = "Usage: npm run ads:sample -- --out <dir> [--end YYYY-MM-DD] [--days 90] [--seed text]";
const args = parseArgs(process.argv.slice(2));
const out = typeof args.out === "string" ? args.out : "";
const end = typeof args.end === "string" ? args.end : new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const days = typeof args.days === "string" ? Number(args.days) : 90;
const seed = typeof args.seed === "string" ? args.seed : undefined;
if (!out || !/^\d{4}-\d{2}-\d{2}$/.test(end) || !Number.isInteger(days) || days < 1 || days > 1000) {
  console.error(USAGE);
  process.exit(1);
}

try {
  const files = generateSampleExports({ endDay: end, days, seed });
  fs.mkdirSync(out, { recursive: true });
  for (const file of files) {
    fs.writeFileSync(path.join(out, file.filename), file.bytes);
    console.log(`${file.filename} (${Math.ceil(file.bytes.byteLength / 1024)} KB): ${file.description}`);
  }
  console.log(`Wrote ${files.length} files to ${path.resolve(out)}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
