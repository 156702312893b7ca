/**
 * Negative-keyword matching: owns how a negative keyword blocks a search and which negatives of a
 * Google Ads Editor snapshot block an active keyword of their own campaign (a "conflict"). Pure
 * TypeScript, no Node APIs; negative-conflicts.server.ts reads the stored rows, audit/rules.ts
 * counts the conflicts.
 *
 * Google's rules for negatives ("About negative keywords",
 * https://support.google.com/google-ads/answer/2453972, and "Negative exact match: Definition",
 * https://support.google.com/google-ads/answer/7302926):
 * - a **negative broad** keyword blocks a search that contains all its words, in any order;
 * - a **negative phrase** keyword blocks a search that contains its words in the same order, next
 *   to each other (other words may come before or after);
 * - a **negative exact** keyword blocks only the search that is exactly its words, without extra
 *   words;
 * - negatives do **not** match close variants: no misspellings, singular/plural forms, synonyms,
 *   accents or other expansions (`running shoe` is not blocked by the negative `running shoes`).
 *   Keywords are not case-sensitive, so case is the one thing folded.
 * Google's own table (negative `running shoes`, searches `blue tennis shoes`, `running shoe`,
 * `shoes running`, `red running shoes`, `running shoes`) is the unit test of this module.
 *
 * A conflict compares a negative with the keyword's own text, the search the keyword was written
 * for: a negative that blocks it blocks the exact keyword `[running shoes]` completely and the
 * phrase or broad keyword `running shoes` for that search. Scope (the same help page): an
 * ad-group negative applies to its ad group, a campaign negative to every ad group of its campaign,
 * a shared negative keyword list to the campaigns it is applied to.
 */
import type { MatchType } from "./import/types";

export type NegativeMatchType = "exact" | "phrase" | "broad";
/** Where a negative lives: an ad group, a campaign, or a shared negative keyword list. */
export type NegativeLevel = "ad-group" | "campaign" | "list";

/** A keyword's or search's words: lower-case, split on white space (nothing else is folded: no close variants). */
export function words(text: string): string[] {
  return text.normalize("NFC").toLowerCase().split(/\s+/u).filter(Boolean);
}

/** A negative's match type; a `broad-modified` or unknown type is broad (Google's default for negatives). */
export function negativeMatchType(matchType: MatchType | null | undefined): NegativeMatchType {
  return matchType === "exact" || matchType === "phrase" ? matchType : "broad";
}

/** Whether a negative keyword (its text and match type) blocks a search, by Google's rules above. */
export function blocksSearch(negative: { text: string; matchType: MatchType | null | undefined }, search: string): boolean {
  const neg = words(negative.text);
  const query = words(search);
  if (!neg.length || !query.length) return false;
  switch (negativeMatchType(negative.matchType)) {
    case "exact":
      return neg.length === query.length && neg.every((word, i) => word === query[i]);
    case "phrase":
      for (let start = 0; start + neg.length <= query.length; start++) {
        if (neg.every((word, i) => word === query[start + i])) return true;
      }
      return false;
    case "broad": {
      const present = new Set(query);
      return neg.every((word) => present.has(word));
    }
  }
}

/** A positive keyword or a negative of the snapshot. */
export interface SnapshotKeyword {
  campaign: string | null;
  adGroup: string | null;
  text: string;
  matchType: MatchType | null;
  negative: boolean;
  /** The shared negative keyword list the row belongs to (`Shared set name`), else null. */
  list: string | null;
  /** A positive keyword that serves: it, its ad group and its campaign enabled (the caller decides). */
  active: boolean;
  /** The row's file line, to order and name it. */
  line: number;
}

/** A list applied to a campaign (an Editor row with `Campaign` and `Shared set name` and no keyword). */
export interface ListLink {
  campaign: string;
  list: string;
}

export interface NegativeSide {
  text: string;
  matchType: NegativeMatchType;
  level: NegativeLevel;
  campaign: string | null;
  adGroup: string | null;
  list: string | null;
  line: number;
}

export interface Conflict {
  negative: NegativeSide;
  keyword: { text: string; matchType: MatchType | null; campaign: string; adGroup: string | null; line: number };
}

/** Names compare as Google shows them, without case (Editor's own matching of campaign names is exact; case is the safe fold). */
const key = (name: string | null) => (name ?? "").trim().toLowerCase();

/**
 * Every (negative, keyword) pair where the negative applies to the keyword's ad group and blocks its
 * text, keywords first by campaign, ad group and text. Only active positive keywords count.
 */
export function findConflicts(rows: readonly SnapshotKeyword[], links: readonly ListLink[]): Conflict[] {
  const listsOf = new Map<string, Set<string>>();
  for (const link of links) {
    const set = listsOf.get(key(link.campaign)) ?? new Set<string>();
    set.add(key(link.list));
    listsOf.set(key(link.campaign), set);
  }
  const negatives: NegativeSide[] = [];
  for (const row of rows) {
    if (!row.negative || !words(row.text).length) continue;
    const level: NegativeLevel = row.list ? "list" : row.adGroup ? "ad-group" : "campaign";
    if (level !== "list" && !row.campaign) continue;
    negatives.push({
      text: row.text,
      matchType: negativeMatchType(row.matchType),
      level,
      campaign: level === "list" ? null : row.campaign,
      adGroup: level === "ad-group" ? row.adGroup : null,
      list: row.list,
      line: row.line,
    });
  }
  const keywords = rows
    .filter((row) => !row.negative && row.active && row.campaign && !row.list && words(row.text).length)
    .sort(
      (a, b) =>
        key(a.campaign).localeCompare(key(b.campaign)) ||
        key(a.adGroup).localeCompare(key(b.adGroup)) ||
        key(a.text).localeCompare(key(b.text)) ||
        a.line - b.line,
    );
  const conflicts: Conflict[] = [];
  for (const keyword of keywords) {
    const campaign = key(keyword.campaign);
    for (const negative of negatives) {
      const applies =
        negative.level === "list"
          ? (listsOf.get(campaign)?.has(key(negative.list)) ?? false)
          : key(negative.campaign) === campaign && (negative.level === "campaign" || key(negative.adGroup) === key(keyword.adGroup));
      if (!applies || !blocksSearch(negative, keyword.text)) continue;
      conflicts.push({
        negative,
        keyword: {
          text: keyword.text,
          matchType: keyword.matchType,
          campaign: keyword.campaign!,
          adGroup: keyword.adGroup,
          line: keyword.line,
        },
      });
    }
  }
  return conflicts;
}

/** A negative as Google writes it in a keyword list: `[exact]`, `"phrase"`, broad as it is. */
export function negativeSyntax(negative: { text: string; matchType: NegativeMatchType }): string {
  return negative.matchType === "exact" ? `[${negative.text}]` : negative.matchType === "phrase" ? `"${negative.text}"` : negative.text;
}

/** Editor's `Criterion Type` of a negative: `Negative Phrase` (ad group or list), `Campaign Negative Exact` (campaign). */
export function negativeCriterionType(negative: Pick<NegativeSide, "matchType" | "level">): string {
  const type = { exact: "Exact", phrase: "Phrase", broad: "Broad" }[negative.matchType];
  return negative.level === "campaign" ? `Campaign Negative ${type}` : `Negative ${type}`;
}

/**
 * The Google Ads Editor lines that remove the blocking negatives (each once): English headers, as
 * Editor requires on import, and `Status` set to `Removed`, Editor's way to remove an item from a
 * CSV ("Import a CSV file in Google Ads Editor", https://support.google.com/google-ads/editor/answer/57747).
 * A list's negative is named by its `Shared set name` (no campaign: the list is shared).
 */
export function removalRows(conflicts: readonly Conflict[]): string[][] {
  const header = ["Campaign", "Ad Group", "Shared set name", "Keyword", "Criterion Type", "Status"];
  const seen = new Set<string>();
  const rows: string[][] = [header];
  for (const { negative } of conflicts) {
    const row = [
      negative.campaign ?? "",
      negative.adGroup ?? "",
      negative.list ?? "",
      negative.text,
      negativeCriterionType(negative),
      "Removed",
    ];
    const id = JSON.stringify(row.map((cell) => cell.toLowerCase()));
    if (seen.has(id)) continue;
    seen.add(id);
    rows.push(row);
  }
  return rows;
}
