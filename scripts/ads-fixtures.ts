/**
 * Writes the binary (UTF-16LE) ad-export fixtures in tests/fixtures/ads/: the Google Ads "Excel .csv"
 * download of the campaign report (UTF-16LE with BOM, TAB, LF; made from google-campaign.csv with
 * the en-GB date line) and Google Ads Editor keywords exports (UTF-16LE with BOM, TAB, CRLF), one with
 * negatives at every level and shared negative keyword lists.
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
  [
    "Campaign",
    "Ad Group",
    "Labels",
    "Keyword",
    "Criterion Type",
    "Max CPC",
    "Quality score",
    "Landing page experience",
    "Expected CTR",
    "Ad relevance",
    "Final URL",
    "Campaign Status",
    "Ad Group Status",
    "Status",
    "Approval Status",
    "Comment",
  ],
  [
    "Generic Shoes",
    "Running",
    "",
    "buy running shoes",
    "Exact",
    "2.50",
    "8",
    "Average",
    "Above average",
    "Above average",
    "",
    "Enabled",
    "Enabled",
    "Enabled",
    "Approved",
    "",
  ],
  [
    "Generic Shoes",
    "Running",
    "",
    "running shoes",
    "Phrase",
    "2.00",
    "6",
    "Below average",
    "Average",
    "Above average",
    "",
    "Enabled",
    "Enabled",
    "Enabled",
    "Approved",
    "",
  ],
  [
    "Generic Shoes",
    "Running",
    "",
    "running shoes",
    "Broad",
    "1.50",
    "4",
    "Below average",
    "Below average",
    "Average",
    "",
    "Enabled",
    "Enabled",
    "Enabled",
    "Approved",
    "",
  ],
  ["Generic Shoes", "Running", "", "jobs", "Negative Broad", "", "", "", "", "", "", "Enabled", "Enabled", "Enabled", "", ""],
  [
    "Brand",
    "Brand",
    "",
    "acme shoes",
    "Exact",
    "1.00",
    "10",
    "Above average",
    "Above average",
    "Above average",
    "https://shop.example/",
    "Enabled",
    "Enabled",
    "Enabled",
    "Approved",
    "",
  ],
  [
    "Generic Shoes",
    "Trail",
    "",
    "trail shoes",
    "Phrase",
    "1.00",
    " -",
    " -",
    " -",
    " -",
    "",
    "Enabled",
    "Paused",
    "Paused",
    "Approved",
    "",
  ],
];
writeFileSync(path.join(dir, "editor-keywords.csv"), utf16(editor.map((cells) => cells.join("\t")).join("\r\n") + "\r\n"));

// A Google Ads Editor export with negatives at every level (issue #28): keywords, ad-group negatives
// (`Negative Exact`), campaign negatives (`Campaign Negative Phrase`), shared negative keyword lists'
// keywords (`Shared set name`, no campaign) and the lists' campaigns (`Campaign` + `Shared set name`,
// no keyword). Three conflicts: [running shoes] blocked by its ad group's exact negative, "trail
// running shoes" by the campaign's phrase negative `trail`, `cheap hiking boots` by the list
// "Cheap stuff" applied to Boots.
const negatives = [
  ["Campaign", "Ad Group", "Shared set name", "Keyword", "Criterion Type", "Campaign Status", "Ad Group Status", "Status"],
  ["Shoes", "Running", "", "running shoes", "Exact", "Enabled", "Enabled", "Enabled"],
  ["Shoes", "Running", "", "red running shoes", "Phrase", "Enabled", "Enabled", "Enabled"],
  ["Shoes", "Running", "", "running shoe", "Broad", "Enabled", "Enabled", "Enabled"],
  ["Shoes", "Trail", "", "trail running shoes", "Phrase", "Enabled", "Enabled", "Enabled"],
  ["Shoes", "Sale", "", "running shoes sale", "Exact", "Enabled", "Paused", "Enabled"],
  ["Boots", "Hiking", "", "hiking boots", "Phrase", "Enabled", "Enabled", "Enabled"],
  ["Boots", "Hiking", "", "cheap hiking boots", "Broad", "Enabled", "Enabled", "Enabled"],
  ["Shoes", "Running", "", "running shoes", "Negative Exact", "Enabled", "Enabled", "Enabled"],
  ["Shoes", "", "", "trail", "Campaign Negative Phrase", "Enabled", "", "Enabled"],
  ["Shoes", "Trail", "", "red", "Negative Broad", "Enabled", "Enabled", "Enabled"],
  ["Shoes", "Sale", "", "sale", "Negative Broad", "Enabled", "Paused", "Enabled"],
  ["Boots", "", "", "running shoes", "Campaign Negative Broad", "Enabled", "", "Enabled"],
  ["", "", "Cheap stuff", "cheap", "Negative Broad", "", "", "Enabled"],
  ["", "", "Cheap stuff", "free boots", "Exact", "", "", "Enabled"],
  ["", "", "Unused list", "hiking boots", "Negative Phrase", "", "", "Enabled"],
  ["Boots", "", "Cheap stuff", "", "", "Enabled", "", "Enabled"],
];
writeFileSync(path.join(dir, "editor-negatives.csv"), utf16(negatives.map((cells) => cells.join("\t")).join("\r\n") + "\r\n"));

// Google Keyword Planner "Keyword Stats" export (UTF-16LE with BOM, TAB, LF; two leading lines): a
// segmentation row first, then keywords with exact volumes and buckets (en dash), `∞` and blanks.
const months = [
  "May 2025",
  "Jun 2025",
  "Jul 2025",
  "Aug 2025",
  "Sep 2025",
  "Oct 2025",
  "Nov 2025",
  "Dec 2025",
  "Jan 2026",
  "Feb 2026",
  "Mar 2026",
  "Apr 2026",
];
const planner = [
  ["Keyword Stats 2026-06-09 at 21_25_18"],
  ["May 1, 2025 - April 30, 2026"],
  [
    "Keyword",
    "Currency",
    "Segmentation",
    "Avg. monthly searches",
    "Three month change",
    "YoY change",
    "Competition",
    "Competition (indexed value)",
    "Top of page bid (low range)",
    "Top of page bid (high range)",
    "Ad impression share",
    "Organic impression share",
    "Organic average position",
    "In account?",
    "In plan?",
    ...months.map((month) => `Searches: ${month}`),
  ],
  ["", "USD", "Device: Mobile phones", "", "", "", "", "", "", "", "", "", "", "", "", ...months.map(() => "")],
  [
    "running shoes",
    "USD",
    "",
    "1,300",
    "-18%",
    "0%",
    "High",
    "87",
    "0.62",
    "2.15",
    "",
    "",
    "",
    "Y",
    "N",
    ...months.map((_, i) => String(1000 + i * 50)),
  ],
  [
    "buy running shoes",
    "USD",
    "",
    "1K – 10K",
    "0%",
    "∞",
    "Medium",
    "55",
    "1.10",
    "3.40",
    "",
    "",
    "",
    "Y",
    "N",
    ...months.map(() => "1000"),
  ],
  [
    "trail running shoes",
    "USD",
    "",
    "100 – 1K",
    "-10%",
    "20%",
    "Low",
    "21",
    "0.40",
    "1.05",
    "",
    "",
    "",
    "N",
    "N",
    ...months.map(() => "100"),
  ],
  ["best running shoes", "USD", "", "10K – 100K", "∞", "∞", "High", "90", "", "", "", "", "", "N", "N", ...months.map(() => "10000")],
  ["running shoes review", "USD", "", "10 – 100", "", "", "", "", "", "", "", "", "", "N", "N", ...months.map(() => "")],
];
writeFileSync(path.join(dir, "keyword-planner.csv"), utf16(planner.map((cells) => cells.join("\t")).join("\n") + "\n"));

// Google Ads Auction insights, Shopping ("Excel .csv": UTF-16LE with BOM, TAB, LF): a Month segment
// and a Campaign column, only the three Shopping rates, the own row `You`, `< 10%` bounds.
const auction = [
  ["Auction insights report"],
  ["1 April 2026 - 31 May 2026"],
  ["Month", "Campaign", "Display URL domain", "Impr. share", "Overlap rate", "Outranking share"],
  ["April 2026", "Shopping All", "You", "35.00%", "--", "--"],
  ["April 2026", "Shopping All", "rival.example", "30.00%", "40.00%", "45.00%"],
  ["April 2026", "Shopping All", "tiny.example", "< 10%", "< 10%", "60.00%"],
  ["May 2026", "Shopping All", "You", "33.50%", "--", "--"],
  ["May 2026", "Shopping All", "rival.example", "36.20%", "44.00%", "41.00%"],
  ["May 2026", "Shopping All", "tiny.example", "< 10%", "< 10%", "62.00%"],
];
writeFileSync(path.join(dir, "google-auction-insights-excel.csv"), utf16(auction.map((cells) => cells.join("\t")).join("\n") + "\n"));
