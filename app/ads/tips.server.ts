/**
 * Daily tips: owns `ad_tips`. Tips are rule-based advice on a client account, each with the
 * evidence behind it and an estimated monthly impact in the client account's currency, worked out
 * from one import period per report kind (tip-data.server.ts: imports of different periods are
 * never mixed in one calculation, and an "All time" export gives ratios, never a daily rate), by
 * the rules of tip-rules.ts, plus the audit's zero-conversion keywords (the latest audit, re-run
 * first when an import is newer than it) and the recent trend:
 *
 * - `raise-budget`: a serving campaign losing impressions to its budget: `budget / (1 − lost IS)`,
 *   at most double the budget and the spend the lost share could buy.
 * - `add-negatives`: search terms without conversions whose cost or clicks are significant against
 *   the account's own cost per conversion and conversion rate, never an active keyword.
 * - `pause-keywords`: keywords that spent past the limit without a conversion
 *   (`zero-conversion-keywords`).
 * - `cpa-rising`: a campaign whose cost per conversion rose week over week (day rows).
 *
 * A tip's fingerprint is its kind, subject and the evidence that identifies it (the terms, the
 * keywords, the lost share in 10-point steps), not day-to-day noise: generating again finds the
 * same tips (created once), refreshes the figures of open ones, expires open ones whose evidence
 * is gone, and never brings back a dismissed or applied one until its evidence changes. Applying
 * records the decision and keeps the Google Ads Editor CSV that makes the change (new negative
 * keywords, paused keywords, a new daily budget); dismissing asks for a reason.
 */
import { createHash, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { audit } from "~/audit/audit.server";
import { now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import type { AdTipStatus } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { hasAdToolsAccess } from "~/plans/subscriptions.server";
import { getClientAccount } from "./accounts.server";
import { DISMISS_NOTE_MAX, DISMISS_REASONS, TIP_KINDS, type DismissReason, type TipKind } from "./tip-kinds";
import { NothingToAuditError, latestAudit, runAudit } from "./audit/audit.server";
import { purgeStalePending } from "./imports.server";
import type { AuditSnapshot } from "./audit/types";
import { loadTipData } from "./tip-data.server";
import { DAYS_PER_MONTH, periodTipCandidates, type ImpactKind, type TipCandidate, type TipSubject } from "./tip-rules";
import { NamedError } from "~/utils/named-error";

export { DISMISS_NOTE_MAX, DISMISS_REASONS, TIP_KINDS, type DismissReason, type TipKind };
export type { ImpactKind, TipCandidate, TipSubject };

export interface Tip {
  id: string;
  kind: TipKind;
  subject: TipSubject;
  evidence: Record<string, unknown>;
  impactCents: number | null;
  impactKind: ImpactKind | null;
  hasEditorFile: boolean;
  status: AdTipStatus;
  dismissReason: DismissReason | null;
  dismissNote: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export class TipNotFoundError extends NamedError {
  constructor() {
    super("tip not found");
  }
}

export class TipDecidedError extends NamedError {
  constructor(readonly status: AdTipStatus) {
    super(`the tip is ${status}`);
  }
}

/** Levels that hold a campaign's whole traffic, best first (one is used per platform). */
const TREND_LEVELS = ["campaign", "ad-group"] as const;

/**
 * Week-over-week cost per conversion per campaign, from the day rows of one level per platform:
 * two ratios of the same kind of rows; the monthly amount is this week's conversions per day
 * present (not per calendar day) times 30.4.
 */
async function cpaTrendTips(
  db: DbOrTx,
  clientAccountId: string,
  serving: (platform: string, campaign: string) => boolean,
): Promise<TipCandidate[]> {
  const latest = await db
    .selectFrom("adRows")
    .select((eb) => eb.fn.max("day").as("day"))
    .where("clientAccountId", "=", clientAccountId)
    .where("kind", "in", [...TREND_LEVELS])
    .where("day", "is not", null)
    .executeTakeFirst();
  const end = latest?.day as string | null | undefined;
  if (!end) return [];
  const endMs = Date.parse(`${end}T00:00:00Z`);
  const day = (offset: number) => new Date(endMs - offset * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .selectFrom("adRows")
    .select([
      "platform",
      "kind",
      "campaign",
      sql<number>`sum(case when day > ${day(7)} then cost_cents else 0 end)`.as("costNow"),
      sql<number>`sum(case when day > ${day(7)} then conversions else 0 end)`.as("convNow"),
      sql<number>`count(distinct case when day > ${day(7)} then day end)`.as("daysNow"),
      sql<number>`sum(case when day <= ${day(7)} then cost_cents else 0 end)`.as("costBefore"),
      sql<number>`sum(case when day <= ${day(7)} then conversions else 0 end)`.as("convBefore"),
    ])
    .where("clientAccountId", "=", clientAccountId)
    .where("kind", "in", [...TREND_LEVELS])
    .where("day", ">", day(14))
    .where("day", "<=", end)
    .groupBy(["platform", "kind", "campaign"])
    .execute();
  const levelOf = new Map<string, string>();
  for (const level of TREND_LEVELS)
    for (const row of rows) if (row.kind === level && !levelOf.has(row.platform)) levelOf.set(row.platform, level);
  const tips: TipCandidate[] = [];
  for (const row of rows) {
    if (levelOf.get(row.platform) !== row.kind) continue;
    const costNow = Number(row.costNow);
    const convNow = Number(row.convNow);
    const daysNow = Number(row.daysNow);
    const costBefore = Number(row.costBefore);
    const convBefore = Number(row.convBefore);
    // Judge a cost per conversion only on enough conversions (five a week, both weeks).
    if (!row.campaign || convNow < 5 || convBefore < 5 || daysNow < 1 || !serving(row.platform, row.campaign)) continue;
    const cpaNow = costNow / convNow;
    const cpaBefore = costBefore / convBefore;
    const rise = cpaNow / cpaBefore - 1;
    if (rise < 0.3) continue;
    tips.push({
      kind: "cpa-rising",
      subject: { campaign: row.campaign, platform: row.platform },
      evidence: {
        weekEnd: end,
        cpaNowCents: Math.round(cpaNow),
        cpaBeforeCents: Math.round(cpaBefore),
        rise: Math.round(rise * 1000) / 1000,
        conversionsNow: Math.round(convNow * 10) / 10,
        days: daysNow,
      },
      identity: { weekEnd: end },
      impactCents: Math.round(((cpaNow - cpaBefore) * convNow * DAYS_PER_MONTH) / daysNow),
      impactKind: "spend",
      editorCsv: null,
    });
  }
  return tips;
}

/**
 * Every tip the client account's data gives, before comparing with the stored ones: each from
 * one import period per report kind (tip-data.server.ts, tip-rules.ts), pausing keywords from
 * the audit's `zero-conversion-keywords` items as well, and the week-over-week trend.
 */
export async function tipCandidates(db: DbOrTx, snapshot: AuditSnapshot | null, clientAccountId: string): Promise<TipCandidate[]> {
  const { candidates, serving } = periodTipCandidates(snapshot, await loadTipData(db, clientAccountId));
  return [...candidates, ...(await cpaTrendTips(db, clientAccountId, serving))];
}

function fingerprint(clientAccountId: string, candidate: Pick<TipCandidate, "kind" | "subject" | "identity">): string {
  return createHash("sha256")
    .update(JSON.stringify([clientAccountId, candidate.kind, candidate.subject, candidate.identity]))
    .digest("hex");
}

/** The audit tips are made from: the latest one, re-run when a stored import is newer. */
async function freshAudit(db: Db, ownerId: string, clientAccountId: string): Promise<AuditSnapshot | null> {
  const snapshot = await latestAudit(db, ownerId, clientAccountId);
  const newest = await db
    .selectFrom("adImports")
    .select((eb) => eb.fn.max("importedAt").as("at"))
    .where("clientAccountId", "=", clientAccountId)
    .where("status", "=", "imported")
    .executeTakeFirst();
  const newestAt = newest?.at as string | null | undefined;
  if (snapshot && (!newestAt || newestAt <= snapshot.createdAt)) return snapshot;
  if (!newestAt) return null;
  try {
    return await runAudit(db, ownerId, clientAccountId);
  } catch (error) {
    if (error instanceof NothingToAuditError) return snapshot;
    throw error;
  }
}

export interface GenerateOutcome {
  created: number;
  refreshed: number;
  expired: number;
}

/**
 * Generates the client account's tips (the daily job, or "Check for tips now"). Idempotent: a
 * second run with the same data creates nothing.
 */
export async function generateTips(db: Db, clientAccountId: string): Promise<GenerateOutcome> {
  const owner = await db.selectFrom("adClientAccounts").select("ownerId").where("id", "=", clientAccountId).executeTakeFirst();
  if (!owner) return { created: 0, refreshed: 0, expired: 0 };
  const snapshot = await freshAudit(db, owner.ownerId, clientAccountId);
  const candidates = await tipCandidates(db, snapshot, clientAccountId);
  return unitOfWork(db, async (tx) => {
    const at = now();
    const existing = await tx
      .selectFrom("adTips")
      .select(["id", "fingerprint", "status"])
      .where("clientAccountId", "=", clientAccountId)
      .execute();
    const known = new Map(existing.map((row) => [row.fingerprint, row]));
    const seen = new Set<string>();
    const outcome: GenerateOutcome = { created: 0, refreshed: 0, expired: 0 };
    for (const candidate of candidates) {
      const print = fingerprint(clientAccountId, candidate);
      if (seen.has(print)) continue;
      seen.add(print);
      const row = known.get(print);
      const values = {
        auditId: snapshot?.id ?? null,
        evidence: JSON.stringify(candidate.evidence),
        impactCents: candidate.impactCents,
        impactKind: candidate.impactKind,
        editorCsv: candidate.editorCsv,
        updatedAt: at,
      };
      if (!row) {
        const inserted = await tx
          .insertInto("adTips")
          .values({
            id: randomUUID(),
            clientAccountId,
            kind: candidate.kind,
            fingerprint: print,
            subject: JSON.stringify(candidate.subject),
            status: "open",
            dismissReason: null,
            dismissNote: null,
            decidedBy: null,
            decidedAt: null,
            createdAt: at,
            ...values,
          })
          .onConflict((oc) => oc.columns(["clientAccountId", "fingerprint"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) outcome.created++;
      } else if (row.status === "open" || row.status === "expired") {
        // Still true: the figures are refreshed (and an expired tip whose evidence is back reopens).
        await tx
          .updateTable("adTips")
          .set({ ...values, status: "open" })
          .where("id", "=", row.id)
          .execute();
        outcome.refreshed++;
      }
    }
    const gone = existing.filter((row) => row.status === "open" && !seen.has(row.fingerprint)).map((row) => row.id);
    if (gone.length) {
      await tx.updateTable("adTips").set({ status: "expired", updatedAt: at }).where("id", "in", gone).execute();
      outcome.expired = gone.length;
    }
    return outcome;
  });
}

export const TIPS_DAILY_JOB = "ads.tips-daily";

/** Every client account with stored imports whose owner may use the ad tools (for the daily job). */
export async function clientAccountsForTips(db: DbOrTx, nowMs = Date.now()): Promise<string[]> {
  const rows = await db
    .selectFrom("adImports")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adImports.clientAccountId")
    .select(["adImports.clientAccountId", "adClientAccounts.ownerId"])
    .where("adImports.status", "=", "imported")
    .groupBy(["adImports.clientAccountId", "adClientAccounts.ownerId"])
    .execute();
  const open = new Map<string, boolean>();
  const ids: string[] = [];
  for (const row of rows) {
    if (!open.has(row.ownerId)) open.set(row.ownerId, await hasAdToolsAccess(db, row.ownerId, nowMs));
    if (open.get(row.ownerId)) ids.push(row.clientAccountId);
  }
  return ids;
}

/** The daily job: tips for every client account (one failing account does not stop the others). */
export async function runDailyTips(
  db: Db,
  nowMs = Date.now(),
): Promise<GenerateOutcome & { accounts: number; failed: number; purged: number }> {
  const total = { created: 0, refreshed: 0, expired: 0, accounts: 0, failed: 0, purged: 0 };
  for (const id of await clientAccountsForTips(db, nowMs)) {
    try {
      const outcome = await generateTips(db, id);
      total.created += outcome.created;
      total.refreshed += outcome.refreshed;
      total.expired += outcome.expired;
      total.accounts++;
    } catch (error) {
      total.failed++;
      console.error(`ads tips: client account ${id} failed`, error);
    }
  }
  total.purged = await purgeStalePending(db, new Date(nowMs - 86_400_000).toISOString());
  return total;
}

type TipRow = {
  id: string;
  kind: string;
  subject: string;
  evidence: string;
  impactCents: number | null;
  impactKind: ImpactKind | null;
  editorCsv: string | null;
  status: AdTipStatus;
  dismissReason: string | null;
  dismissNote: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

function toTip(row: TipRow): Tip {
  return {
    id: row.id,
    kind: row.kind as TipKind,
    subject: JSON.parse(row.subject) as TipSubject,
    evidence: JSON.parse(row.evidence) as Record<string, unknown>,
    impactCents: row.impactCents == null ? null : Number(row.impactCents),
    impactKind: row.impactKind,
    hasEditorFile: Boolean(row.editorCsv),
    status: row.status,
    dismissReason: (row.dismissReason as DismissReason | null) ?? null,
    dismissNote: row.dismissNote,
    decidedAt: row.decidedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const TIP_COLUMNS = [
  "adTips.id",
  "adTips.kind",
  "adTips.subject",
  "adTips.evidence",
  "adTips.impactCents",
  "adTips.impactKind",
  "adTips.editorCsv",
  "adTips.status",
  "adTips.dismissReason",
  "adTips.dismissNote",
  "adTips.decidedAt",
  "adTips.createdAt",
  "adTips.updatedAt",
] as const;

function ownedTips(db: DbOrTx, ownerId: string) {
  return db
    .selectFrom("adTips")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adTips.clientAccountId")
    .where("adClientAccounts.ownerId", "=", ownerId);
}

/** The client account's tips: open ones by impact, then the decided ones, newest first. */
export async function listTips(
  db: DbOrTx,
  ownerId: string,
  clientAccountId: string,
): Promise<{ open: Tip[]; applied: Tip[]; dismissed: Tip[] }> {
  await getClientAccount(db, ownerId, clientAccountId);
  const rows = (await ownedTips(db, ownerId)
    .select(TIP_COLUMNS)
    .where("adTips.clientAccountId", "=", clientAccountId)
    .where("adTips.status", "!=", "expired")
    .execute()) as TipRow[];
  const tips = rows.map(toTip);
  const decided = (status: AdTipStatus) =>
    tips.filter((tip) => tip.status === status).sort((a, b) => (b.decidedAt ?? "").localeCompare(a.decidedAt ?? ""));
  return {
    open: tips
      .filter((tip) => tip.status === "open")
      .sort((a, b) => (b.impactCents ?? 0) - (a.impactCents ?? 0) || a.createdAt.localeCompare(b.createdAt)),
    applied: decided("applied"),
    dismissed: decided("dismissed"),
  };
}

async function ownTip(db: DbOrTx, ownerId: string, tipId: string): Promise<TipRow & { clientAccountId: string }> {
  const row = await ownedTips(db, ownerId)
    .select([...TIP_COLUMNS, "adTips.clientAccountId"])
    .where("adTips.id", "=", tipId)
    .executeTakeFirst();
  if (!row) throw new TipNotFoundError();
  return row as TipRow & { clientAccountId: string };
}

/** Records that the user applied the tip (its Editor file stays available). */
export async function applyTip(tx: Tx, ownerId: string, tipId: string): Promise<Tip> {
  const row = await ownTip(tx, ownerId, tipId);
  if (row.status !== "open") throw new TipDecidedError(row.status);
  const at = now();
  await tx
    .updateTable("adTips")
    .set({ status: "applied", decidedBy: ownerId, decidedAt: at, updatedAt: at })
    .where("id", "=", tipId)
    .execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.tip.apply",
    subject: `ad-tip:${tipId}`,
    details: { clientAccountId: row.clientAccountId, kind: row.kind, impactCents: row.impactCents },
  });
  return toTip({ ...row, status: "applied", decidedAt: at, updatedAt: at });
}

/** Dismisses the tip with a reason: it stays away until its evidence changes. */
export async function dismissTip(tx: Tx, ownerId: string, tipId: string, reason: DismissReason, note: string | null): Promise<Tip> {
  const row = await ownTip(tx, ownerId, tipId);
  if (row.status !== "open") throw new TipDecidedError(row.status);
  const at = now();
  const cleanNote = note?.trim().slice(0, DISMISS_NOTE_MAX) || null;
  await tx
    .updateTable("adTips")
    .set({ status: "dismissed", dismissReason: reason, dismissNote: cleanNote, decidedBy: ownerId, decidedAt: at, updatedAt: at })
    .where("id", "=", tipId)
    .execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.tip.dismiss",
    subject: `ad-tip:${tipId}`,
    details: { clientAccountId: row.clientAccountId, kind: row.kind, reason },
  });
  return toTip({ ...row, status: "dismissed", dismissReason: reason, dismissNote: cleanNote, decidedAt: at, updatedAt: at });
}

/** The Editor CSV of an applied tip (the file is what applying gives). */
export async function tipEditorFile(
  db: DbOrTx,
  ownerId: string,
  tipId: string,
): Promise<{ csv: string; kind: TipKind; campaign: string | null }> {
  const row = await ownTip(db, ownerId, tipId);
  if (!row.editorCsv || row.status !== "applied") throw new TipNotFoundError();
  return { csv: row.editorCsv, kind: row.kind as TipKind, campaign: (JSON.parse(row.subject) as TipSubject).campaign };
}
