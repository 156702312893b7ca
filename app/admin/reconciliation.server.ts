/**
 * Reconciliation: owns `reconciliation_runs`. The ledger check (`verifyLedger`: every cached balance
 * equals its postings, every entry sums to zero, the books sum to zero) run by the job runner every
 * hour and when an admin asks, each run kept with its counts and problems; and the platform
 * accounts' balances (summed from their postings), for the back office's reconciliation panel.
 */
import { randomUUID } from "node:crypto";
import { now, type DbOrTx } from "~/db/db.server";
import { accountBalances } from "~/wallet/balances.server";
import { verifyPoints } from "~/loyalty/verify.server";
import { verifyLedger } from "~/wallet/verify.server";

export interface ReconciliationRun {
  id: string;
  trigger: "schedule" | "admin";
  accounts: number;
  entries: number;
  postings: number;
  problems: string[];
  ok: boolean;
  startedAt: string;
  finishedAt: string;
}

/** Checks the books and records the run (the check reads; the record is one insert). */
export async function runReconciliation(
  db: DbOrTx,
  input: { trigger: "schedule" | "admin"; requestedBy?: string | null },
): Promise<ReconciliationRun> {
  const startedAt = now();
  const ledger = await verifyLedger(db);
  // The loyalty points are checked with the money (a redemption is both).
  const report = { ...ledger, problems: [...ledger.problems, ...(await verifyPoints(db)).problems] };
  const run: ReconciliationRun = {
    id: randomUUID(),
    trigger: input.trigger,
    accounts: report.accounts,
    entries: report.entries,
    postings: report.postings,
    problems: report.problems,
    ok: report.problems.length === 0,
    startedAt,
    finishedAt: now(),
  };
  await db
    .insertInto("reconciliationRuns")
    .values({ ...run, requestedBy: input.requestedBy ?? null, problems: JSON.stringify(run.problems), ok: run.ok ? 1 : 0 })
    .execute();
  return run;
}

export async function lastReconciliation(db: DbOrTx): Promise<ReconciliationRun | null> {
  const row = await db
    .selectFrom("reconciliationRuns")
    .selectAll()
    .orderBy("finishedAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    trigger: row.trigger,
    accounts: Number(row.accounts),
    entries: Number(row.entries),
    postings: Number(row.postings),
    problems: JSON.parse(row.problems) as string[],
    ok: Number(row.ok) === 1,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

export interface PlatformBalance {
  /** The account's kind: payment_provider, affiliate_networks, cashback_margin, payouts, bonuses, sales, adjustments, receivables. */
  kind: string;
  balanceCents: number;
  /** How many accounts were summed (receivables: one per user who owes). */
  accounts: number;
}

/** Each platform account's balance (users' receivables summed into one line), summed from its postings. */
export async function platformBalances(db: DbOrTx): Promise<PlatformBalance[]> {
  const rows = await db
    .selectFrom(accountBalances(db).as("ledgerAccounts"))
    .select([
      "kind",
      (eb) => eb.fn.sum<number | string>("balanceCents").as("cents"),
      (eb) => eb.fn.countAll<number | string>().as("accounts"),
    ])
    .where("userId", "is", null)
    .groupBy("kind")
    .orderBy("kind")
    .execute();
  return rows.map((row) => ({ kind: row.kind, balanceCents: Number(row.cents), accounts: Number(row.accounts) }));
}
