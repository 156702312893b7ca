import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isLive } from "~/ads/audit/rules";
import { parseAdsExport } from "~/ads/import/read.server";
import {
  blocksSearch,
  findConflicts,
  negativeCriterionType,
  negativeSyntax,
  removalRows,
  words,
  type SnapshotKeyword,
} from "~/ads/negative-match";

const dir = path.resolve(import.meta.dirname, "../fixtures/ads");

// Google Ads Help, "About negative keywords" (support.google.com/google-ads/answer/2453972): the
// negative keyword `running shoes` in each match type against five searches. true = the ad is blocked.
const GOOGLE_TABLE: Array<[string, { broad: boolean; phrase: boolean; exact: boolean }]> = [
  ["blue tennis shoes", { broad: false, phrase: false, exact: false }],
  ["running shoe", { broad: false, phrase: false, exact: false }],
  ["shoes running", { broad: true, phrase: false, exact: false }],
  ["red running shoes", { broad: true, phrase: true, exact: false }],
  ["running shoes", { broad: true, phrase: true, exact: true }],
];

describe("how a negative keyword blocks a search (Google's table)", () => {
  for (const [search, expected] of GOOGLE_TABLE) {
    for (const matchType of ["broad", "phrase", "exact"] as const) {
      it(`negative ${matchType} "running shoes" ${expected[matchType] ? "blocks" : "lets through"} "${search}"`, () => {
        expect(blocksSearch({ text: "running shoes", matchType }, search)).toBe(expected[matchType]);
      });
    }
  }

  it("negative exact blocks only the search without extra words (answer 7302926)", () => {
    expect(blocksSearch({ text: "running shoes", matchType: "exact" }, "running shoes")).toBe(true);
    expect(blocksSearch({ text: "running shoes", matchType: "exact" }, "running shoes sale")).toBe(false);
    expect(blocksSearch({ text: "running shoes", matchType: "exact" }, "shoes running")).toBe(false);
  });

  it("negative phrase needs the words next to each other, extra words before or after", () => {
    expect(blocksSearch({ text: "running shoes", matchType: "phrase" }, "buy running shoes online")).toBe(true);
    expect(blocksSearch({ text: "running shoes", matchType: "phrase" }, "running trail shoes")).toBe(false);
  });

  it("negative broad needs every word, in any order, other words allowed", () => {
    expect(blocksSearch({ text: "free trial", matchType: "broad" }, "free one-day trial")).toBe(true);
    expect(blocksSearch({ text: "free trial", matchType: "broad" }, "one-day trial")).toBe(false);
    expect(blocksSearch({ text: "free trial", matchType: "broad" }, "free test")).toBe(false);
  });

  it("matches no close variants: plurals, misspellings, accents; case does not matter", () => {
    expect(blocksSearch({ text: "shoe", matchType: "broad" }, "running shoes")).toBe(false);
    expect(blocksSearch({ text: "runing", matchType: "broad" }, "running shoes")).toBe(false);
    expect(blocksSearch({ text: "café", matchType: "phrase" }, "cafe near me")).toBe(false);
    expect(blocksSearch({ text: "Running Shoes", matchType: "exact" }, "running SHOES")).toBe(true);
  });

  it("reads a broad-modified or unknown type as broad, and blocks nothing with no words", () => {
    expect(blocksSearch({ text: "shoes running", matchType: "broad-modified" }, "running shoes")).toBe(true);
    expect(blocksSearch({ text: "shoes running", matchType: null }, "running shoes")).toBe(true);
    expect(blocksSearch({ text: "   ", matchType: "broad" }, "running shoes")).toBe(false);
    expect(words("  Red\tRunning  shoes ")).toEqual(["red", "running", "shoes"]);
  });
});

const kw = (over: Partial<SnapshotKeyword>): SnapshotKeyword => ({
  campaign: "Shoes",
  adGroup: "Running",
  text: "running shoes",
  matchType: "exact",
  negative: false,
  list: null,
  active: true,
  line: 1,
  ...over,
});

describe("conflicts between negatives and active keywords", () => {
  it("an exact negative blocks the exact keyword and the phrase and broad keywords of the same text", () => {
    const rows = [
      kw({ matchType: "exact", line: 1 }),
      kw({ matchType: "phrase", line: 2 }),
      kw({ matchType: "broad", line: 3 }),
      kw({ text: "red running shoes", matchType: "phrase", line: 4 }),
      kw({ negative: true, line: 5 }),
    ];
    const conflicts = findConflicts(rows, []);
    expect(conflicts.map((c) => [c.keyword.line, c.negative.level, c.negative.matchType])).toEqual([
      [1, "ad-group", "exact"],
      [2, "ad-group", "exact"],
      [3, "ad-group", "exact"],
    ]);
  });

  it("keeps each negative to its scope: ad group, campaign, the campaigns a list is applied to", () => {
    const rows = [
      kw({ adGroup: "Running", text: "red running shoes", line: 1 }),
      kw({ adGroup: "Trail", text: "trail shoes", line: 2 }),
      kw({ campaign: "Boots", adGroup: "Hiking", text: "cheap boots", line: 3 }),
      kw({ campaign: "Other", adGroup: "X", text: "cheap boots", line: 4 }),
      // Ad group Trail's negative does not reach ad group Running.
      kw({ adGroup: "Trail", text: "red", matchType: "broad", negative: true, line: 10 }),
      // Campaign negative of Shoes reaches every ad group of Shoes, not Boots.
      kw({ adGroup: null, text: "trail", matchType: "phrase", negative: true, line: 11 }),
      kw({ campaign: "Other", adGroup: null, text: "hiking", negative: true, line: 12 }),
      // A list applied to Boots only.
      kw({ campaign: null, adGroup: null, list: "Cheap", text: "cheap", matchType: "broad", negative: true, line: 13 }),
    ];
    const conflicts = findConflicts(rows, [{ campaign: "boots", list: "CHEAP" }]);
    expect(conflicts.map((c) => [c.keyword.line, c.negative.line, c.negative.level])).toEqual([
      [3, 13, "list"],
      [2, 11, "campaign"],
    ]);
    expect(conflicts[0]!.negative).toMatchObject({ campaign: null, adGroup: null, list: "Cheap" });
  });

  it("ignores paused keywords (the caller decides what is active) and a negative's own list rows", () => {
    const rows = [kw({ active: false }), kw({ negative: true, line: 2 })];
    expect(findConflicts(rows, [])).toEqual([]);
  });

  it("writes the Editor file that removes each blocking negative once, with Status Removed", () => {
    const rows = [
      kw({ matchType: "exact", line: 1 }),
      kw({ matchType: "broad", line: 2 }),
      kw({ adGroup: null, text: "running", matchType: "phrase", negative: true, line: 3 }),
      kw({ campaign: null, adGroup: null, list: "Generic", text: "shoes", matchType: "broad", negative: true, line: 4 }),
    ];
    const conflicts = findConflicts(rows, [{ campaign: "Shoes", list: "Generic" }]);
    expect(conflicts).toHaveLength(4);
    expect(removalRows(conflicts)).toEqual([
      ["Campaign", "Ad Group", "Shared set name", "Keyword", "Criterion Type", "Status"],
      ["Shoes", "", "", "running", "Campaign Negative Phrase", "Removed"],
      ["", "", "Generic", "shoes", "Negative Broad", "Removed"],
    ]);
    expect(negativeCriterionType({ matchType: "exact", level: "ad-group" })).toBe("Negative Exact");
    expect(negativeSyntax({ text: "a b", matchType: "exact" })).toBe("[a b]");
    expect(negativeSyntax({ text: "a b", matchType: "phrase" })).toBe('"a b"');
    expect(negativeSyntax({ text: "a b", matchType: "broad" })).toBe("a b");
  });
});

describe("the Editor export with negatives at every level", () => {
  it("reads ad-group, campaign and list negatives and the lists' campaigns", async () => {
    const r = await parseAdsExport(readFileSync(path.join(dir, "editor-negatives.csv")));
    expect(r).toMatchObject({ platform: "google", kind: "editor-keywords" });
    const view = r.rows.map((row) => [row.campaign, row.adGroup, row.extras.sharedSet, row.keyword, row.matchType, row.negative]);
    expect(view).toContainEqual(["Shoes", "Running", null, "running shoes", "exact", true]);
    expect(view).toContainEqual(["Shoes", null, null, "trail", "phrase", true]);
    expect(view).toContainEqual([null, null, "Cheap stuff", "cheap", "broad", true]);
    // A list's keyword is a negative even when its criterion type says only `Exact`.
    expect(view).toContainEqual([null, null, "Cheap stuff", "free boots", "exact", true]);
    expect(view).toContainEqual(["Boots", null, "Cheap stuff", null, null, false]);

    const rows: SnapshotKeyword[] = r.rows
      .filter((row) => row.keyword)
      .map((row) => ({
        campaign: row.campaign,
        adGroup: row.adGroup,
        text: row.keyword!,
        matchType: row.matchType,
        negative: row.negative,
        list: row.extras.sharedSet,
        active: isLive(row.status) && isLive(row.extras.adGroupStatus) && isLive(row.extras.campaignStatus),
        line: row.line,
      }));
    const links = r.rows
      .filter((row) => !row.keyword && row.extras.sharedSet)
      .map((row) => ({ campaign: row.campaign!, list: row.extras.sharedSet! }));
    const conflicts = findConflicts(rows, links);
    expect(
      conflicts.map(
        (c) => `${c.keyword.campaign}/${c.keyword.adGroup}/${c.keyword.text} ← ${negativeSyntax(c.negative)} (${c.negative.level})`,
      ),
    ).toEqual([
      "Boots/Hiking/cheap hiking boots ← cheap (list)",
      "Shoes/Running/running shoes ← [running shoes] (ad-group)",
      'Shoes/Trail/trail running shoes ← "trail" (campaign)',
    ]);
  });

  it("reads a shared list export without a Campaign column", async () => {
    const text = "Shared set name\tKeyword\tCriterion Type\nBrand safety\tjobs\tBroad\nBrand safety\tfree\tNegative Phrase\n";
    const r = await parseAdsExport(Buffer.from(text));
    expect(r.kind).toBe("editor-negative-lists");
    expect(r.rows.map((row) => [row.extras.sharedSet, row.keyword, row.matchType, row.negative])).toEqual([
      ["Brand safety", "jobs", "broad", true],
      ["Brand safety", "free", "phrase", true],
    ]);
  });
});
