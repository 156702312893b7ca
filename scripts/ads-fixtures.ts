/**
 * Writes the binary (UTF-16LE) ad-export fixtures in tests/fixtures/ads/: the Google Ads "Excel .csv"
 * download of the campaign report (UTF-16LE with BOM, TAB, LF; made from google-campaign.csv with
 * the en-GB date line) and a Google Ads Editor keywords export (UTF-16LE with BOM, TAB, CRLF).
 * Run: `npx tsx scripts/ads-fixtures.ts` (idempotent; the files are committed).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";

const dir = path.resolve(import.meta.dirname, "../tests/fixtures/ads");

function utf16(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
}

const campaign = parse(readFileSync(path.join(dir, "google-campaign.csv"), "utf8"), { relax_column_count: true }) as string[][];
campaign[1] = ["1 May 2026 - 31 May 2026"];
writeFileSync(path.join(dir, "google-campaign-excel.csv"), utf16(campaign.map((cells) => cells.join("\t")).join("\n") + "\n"));

const editor = [
  ["Campaign", "Ad Group", "Labels", "Keyword", "Criterion Type", "Max CPC", "Quality score", "Landing page experience", "Expected CTR", "Ad relevance", "Final URL", "Campaign Status", "Ad Group Status", "Status", "Approval Status", "Comment"],
  ["Generic Shoes", "Running", "", "buy running shoes", "Exact", "2.50", "8", "Average", "Above average", "Above average", "", "Enabled", "Enabled", "Enabled", "Approved", ""],
  ["Generic Shoes", "Running", "", "running shoes", "Phrase", "2.00", "6", "Below average", "Average", "Above average", "", "Enabled", "Enabled", "Enabled", "Approved", ""],
  ["Generic Shoes", "Running", "", "running shoes", "Broad", "1.50", "4", "Below average", "Below average", "Average", "", "Enabled", "Enabled", "Enabled", "Approved", ""],
  ["Generic Shoes", "Running", "", "jobs", "Negative Broad", "", "", "", "", "", "", "Enabled", "Enabled", "Enabled", "", ""],
  ["Brand", "Brand", "", "acme shoes", "Exact", "1.00", "10", "Above average", "Above average", "Above average", "https://shop.example/", "Enabled", "Enabled", "Enabled", "Approved", ""],
  ["Generic Shoes", "Trail", "", "trail shoes", "Phrase", "1.00", " -", " -", " -", " -", "", "Enabled", "Paused", "Paused", "Approved", ""],
];
writeFileSync(path.join(dir, "editor-keywords.csv"), utf16(editor.map((cells) => cells.join("\t")).join("\r\n") + "\r\n"));
