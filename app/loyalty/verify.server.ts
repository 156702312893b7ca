/**
 * The points check: owns recomputing the points ledger. Every member's cached balance and points
 * owed must equal the sums of their entries and never be negative; every redemption must be
 * matched by its money (a `loyalty` ledger transaction of the same value), and the platform's
 * `loyalty` account must have paid exactly what all redemptions are worth. Used by
 * `npm run ledger:verify`, the reconciliation run and the test suites, beside `verifyLedger`.
 */
import { sql } from "kysely";
import type { DbOrTx } from "~/db/db.server";

export interface PointsReport {
  members: number;
  entries: number;
  problems: string[];
}

export async function verifyPoints(db: DbOrTx): Promise<PointsReport> {
  const problems: string[] = [];
  const accounts = await sql<{
    userId: string;
    balancePoints: number | string;
    owedPoints: number | string;
    points: number | string | null;
    owed: number | string | null;
  }>`
    select a.user_id, a.balance_points, a.owed_points, e.points, e.owed
    from loyalty_accounts a
    left join (select user_id, sum(points) as points, sum(owed_points) as owed from loyalty_entries group by user_id) e
      on e.user_id = a.user_id
    order by a.user_id`.execute(db);
  for (const account of accounts.rows) {
    const [balance, owed] = [Number(account.balancePoints), Number(account.owedPoints)];
    const [points, owedSum] = [Number(account.points ?? 0), Number(account.owed ?? 0)];
    if (balance !== points) problems.push(`points of ${account.userId}: cached balance ${balance} but the entries sum to ${points}`);
    if (owed !== owedSum) problems.push(`points of ${account.userId}: ${owed} owed cached but the entries sum to ${owedSum}`);
    if (balance < 0 || owed < 0) problems.push(`points of ${account.userId}: negative (${balance} held, ${owed} owed)`);
  }
  const orphans = await sql<{ userId: string }>`
    select distinct e.user_id from loyalty_entries e
    where not exists (select 1 from loyalty_accounts a where a.user_id = e.user_id)`.execute(db);
  for (const orphan of orphans.rows) problems.push(`points of ${orphan.userId}: entries without a points account`);

  const unmatched = await sql<{ id: string; cents: number | string | null; amountCents: number | string | null }>`
    select e.id, e.cents, t.amount_cents from loyalty_entries e
    left join transactions t on t.id = e.transaction_id and t.type = 'loyalty' and t.user_id = e.user_id
    where e.kind = 'redeem' and (t.id is null or t.amount_cents <> e.cents)`.execute(db);
  for (const entry of unmatched.rows) {
    problems.push(`redemption ${entry.id}: worth ${Number(entry.cents ?? 0)} cents but its money moved ${Number(entry.amountCents ?? 0)}`);
  }
  const totals = await sql<{ redeemed: number | string | null; paid: number | string | null; entries: number | string }>`
    select (select sum(cents) from loyalty_entries where kind = 'redeem') as redeemed,
      (select -sum(amount_cents) from postings where account_id = 'platform:loyalty') as paid,
      (select count(*) from loyalty_entries) as entries`.execute(db);
  const row = totals.rows[0];
  const [redeemed, paid] = [Number(row?.redeemed ?? 0), Number(row?.paid ?? 0)];
  if (redeemed !== paid) problems.push(`loyalty: redemptions are worth ${redeemed} cents but the loyalty account paid ${paid}`);
  return { members: accounts.rows.length, entries: Number(row?.entries ?? 0), problems };
}
