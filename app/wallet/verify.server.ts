/**
 * The ledger check: owns recomputing the books from their postings. Every cached balance (a user's
 * accounts and receivables) must equal the sum of its account's postings, the platform's own
 * accounts must cache none (their balance is their postings'), every entry must balance to zero in
 * one currency with at least two postings and carry its effective date, no user account may be
 * negative, and all accounts together must sum to zero.
 * Used by `npm run ledger:verify`, after the test suites, and by the admin dashboard.
 */
import { sql } from "kysely";
import type { DbOrTx } from "~/db/db.server";

export interface LedgerReport {
  accounts: number;
  entries: number;
  postings: number;
  problems: string[];
}

export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const problems: string[] = [];
  const cached = await sql<{
    id: string;
    userId: string | null;
    kind: string;
    balanceCents: number | string;
    postedCents: number | string | null;
  }>`
    select a.id, a.user_id, a.kind, a.balance_cents, p.total as posted_cents
    from ledger_accounts a
    left join (select account_id, sum(amount_cents) as total from postings group by account_id) p on p.account_id = a.id
    order by a.id`.execute(db);
  let total = 0;
  for (const account of cached.rows) {
    const stored = Number(account.balanceCents);
    const posted = Number(account.postedCents ?? 0);
    // The platform's own accounts keep no cached balance (see `derivesBalance`): theirs is their postings'.
    const derived = account.userId === null && account.kind !== "receivables";
    const balance = derived ? posted : stored;
    total += balance;
    if (derived && stored !== 0)
      problems.push(`account ${account.id}: a platform account caches a balance (${stored}); its balance is its postings' (${posted})`);
    if (!derived && stored !== posted) problems.push(`account ${account.id}: cached balance ${stored} but its postings sum to ${posted}`);
    if (account.userId !== null && balance < 0) problems.push(`account ${account.id}: a user's balance is negative (${balance})`);
  }
  if (total !== 0) problems.push(`all accounts together sum to ${total}, not 0`);

  const unbalanced = await sql<{ entryId: string; total: number | string; n: number | string; currencies: number | string }>`
    select e.id as entry_id, coalesce(sum(p.amount_cents), 0) as total, count(p.id) as n, count(distinct p.currency) as currencies
    from ledger_entries e left join postings p on p.entry_id = e.id
    group by e.id
    having coalesce(sum(p.amount_cents), 0) <> 0 or count(p.id) < 2 or count(distinct p.currency) <> 1`.execute(db);
  for (const entry of unbalanced.rows) {
    problems.push(
      `entry ${entry.entryId}: ${Number(entry.n)} postings in ${Number(entry.currencies)} currencies summing to ${Number(entry.total)}`,
    );
  }
  const mismatched = await sql<{ id: string }>`
    select p.id from postings p join ledger_accounts a on a.id = p.account_id where p.currency <> a.currency`.execute(db);
  for (const posting of mismatched.rows) problems.push(`posting ${posting.id}: currency differs from its account's`);
  // The balance history reads postings by their own copy of the entry's effective date.
  const undated = await sql<{ id: string }>`
    select p.id from postings p join ledger_entries e on e.id = p.entry_id where p.effective_at <> e.effective_at`.execute(db);
  for (const posting of undated.rows) problems.push(`posting ${posting.id}: effective date differs from its entry's`);

  const counts = await sql<{ entries: number | string; postings: number | string }>`
    select (select count(*) from ledger_entries) as entries, (select count(*) from postings) as postings`.execute(db);
  return {
    accounts: cached.rows.length,
    entries: Number(counts.rows[0]?.entries ?? 0),
    postings: Number(counts.rows[0]?.postings ?? 0),
    problems,
  };
}
