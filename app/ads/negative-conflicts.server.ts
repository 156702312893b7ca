/**
 * Negative-keyword conflicts: owns reading a client account's Google Ads Editor snapshot of
 * keywords and negatives (`ad_rows` of kind `editor-keywords`, written by imports.server.ts) and
 * finding the negatives that block an active keyword of their own campaign (the matching rules are
 * negative-match.ts, from Google's help pages), and the Editor CSV that removes them.
 *
 * The snapshot is the latest Editor keywords import that holds keywords or ad-group and campaign
 * negatives, with the latest import that holds shared negative keyword lists (`Shared set name`: the
 * lists' keywords and the campaigns each list is applied to): the same file (a whole-account
 * export) or a lists export of its own (kind `editor-negative-lists`). An active
 * keyword is enabled, in an enabled ad group and campaign (Editor's `Status`, `Ad Group Status`,
 * `Campaign Status`; paused, removed or ended is not active). Read only; another user's client
 * account is "not found".
 */
import type { DbOrTx } from "~/db/db.server";
import { stringify } from "csv-stringify/sync";
import { getClientAccount } from "./accounts.server";
import { isLive } from "./audit/rules";
import { findConflicts, removalRows, type Conflict, type ListLink, type SnapshotKeyword } from "./negative-match";
import { readStoredRows, type ImportInfo } from "./stored-rows.server";

/** The Editor kinds read: keywords exports (which may hold lists too) and shared-list exports on their own. */
export const SNAPSHOT_KINDS = ["editor-keywords", "editor-negative-lists"];

/** An Editor import the snapshot is read from, named as the user uploaded it. */
export interface SnapshotSource {
  importId: string;
  filename: string;
  importedAt: string | null;
  /** What the page read from it: keywords and negatives, shared lists, or both. */
  holds: "keywords" | "lists" | "both";
}

export interface NegativeSnapshot {
  sources: SnapshotSource[];
  rows: SnapshotKeyword[];
  links: ListLink[];
}

export interface NegativeConflictReport {
  /** Null when no Google Ads Editor keywords export was imported. */
  sources: SnapshotSource[] | null;
  /** Active positive keywords checked, negatives read (all levels), shared lists applied to a campaign. */
  activeKeywords: number;
  negatives: number;
  lists: string[];
  conflicts: Conflict[];
}

type Extras = { campaignStatus?: string | null; adGroupStatus?: string | null; sharedSet?: string | null };

/** The client account's latest Editor snapshot (null when no Editor keywords export was imported). */
export async function loadNegativeSnapshot(db: DbOrTx, clientAccountId: string): Promise<NegativeSnapshot | null> {
  const imports = (await db
    .selectFrom("adImports")
    .select(["id", "platform", "kind", "granularity", "periodStart", "periodEnd", "importedAt", "filename"])
    .where("clientAccountId", "=", clientAccountId)
    .where("kind", "in", SNAPSHOT_KINDS)
    .where("status", "=", "imported")
    .execute()) as Array<ImportInfo & { filename: string }>;
  if (!imports.length) return null;
  imports.sort((a, b) => (b.importedAt ?? "").localeCompare(a.importedAt ?? "") || b.id.localeCompare(a.id));

  let keywordsFrom: string | null = null;
  let listsFrom: string | null = null;
  const byImport = new Map<string, Awaited<ReturnType<typeof readStoredRows<Extras>>>>();
  for (const info of imports) {
    if (keywordsFrom && listsFrom) break;
    const rows = await readStoredRows<Extras>(db, [info.id]);
    byImport.set(info.id, rows);
    if (!keywordsFrom && rows.some((row) => row.keyword && !row.extras.sharedSet)) keywordsFrom = info.id;
    if (!listsFrom && rows.some((row) => row.extras.sharedSet)) listsFrom = info.id;
  }
  // A keywords export without a keyword (only list links) is still the keywords' file.
  keywordsFrom ??= imports.find((info) => info.kind === "editor-keywords")?.id ?? null;

  const rows: SnapshotKeyword[] = [];
  const links: ListLink[] = [];
  const sources: SnapshotSource[] = [];
  for (const info of imports) {
    const keywords = info.id === keywordsFrom;
    const lists = info.id === listsFrom;
    if (!keywords && !lists) continue;
    sources.push({
      importId: info.id,
      filename: info.filename,
      importedAt: info.importedAt,
      holds: keywords && lists ? "both" : keywords ? "keywords" : "lists",
    });
    for (const row of byImport.get(info.id) ?? []) {
      const list = row.extras.sharedSet ?? null;
      if (list ? !lists : !keywords) continue;
      if (!row.keyword) {
        if (list && row.campaign) links.push({ campaign: row.campaign, list });
        continue;
      }
      rows.push({
        campaign: row.campaign,
        adGroup: row.adGroup,
        text: row.keyword,
        matchType: row.matchType,
        negative: row.negative,
        list,
        active: isLive(row.status) && isLive(row.extras.adGroupStatus) && isLive(row.extras.campaignStatus),
        line: row.line,
      });
    }
  }
  return { sources, rows, links };
}

/** The conflicts of the client account's latest Editor snapshot. */
export async function negativeConflictReport(db: DbOrTx, ownerId: string, clientAccountId: string): Promise<NegativeConflictReport> {
  await getClientAccount(db, ownerId, clientAccountId);
  const snapshot = await loadNegativeSnapshot(db, clientAccountId);
  if (!snapshot) return { sources: null, activeKeywords: 0, negatives: 0, lists: [], conflicts: [] };
  const appliedLists = new Set(snapshot.links.map((link) => link.list));
  return {
    sources: snapshot.sources,
    activeKeywords: snapshot.rows.filter((row) => !row.negative && row.active && !row.list).length,
    negatives: snapshot.rows.filter((row) => row.negative).length,
    lists: [...new Set(snapshot.rows.filter((row) => row.list).map((row) => row.list!))]
      .filter((list) => appliedLists.has(list))
      .sort((a, b) => a.localeCompare(b)),
    conflicts: findConflicts(snapshot.rows, snapshot.links),
  };
}

/** The Google Ads Editor CSV removing every blocking negative, or null when nothing blocks. */
export async function negativeRemovalCsv(db: DbOrTx, ownerId: string, clientAccountId: string): Promise<string | null> {
  const report = await negativeConflictReport(db, ownerId, clientAccountId);
  if (!report.conflicts.length) return null;
  return stringify(removalRows(report.conflicts), { record_delimiter: "\r\n", escape_formulas: true });
}
