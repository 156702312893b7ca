/**
 * Property tests of the ledger: random programs of money movements (top-ups, withdrawals and the
 * payout desk's steps, cashback, bonuses, purchases, reversed top-ups, and replays of earlier
 * requests with the same idempotency key) run concurrently in batches, each operation in its own
 * unit of work (real parallel connections on PostgreSQL). Only the ledger's own refusals may fail
 * an operation; afterwards the books must balance, no balance may be negative, the payout desk's
 * rows must agree with the withdrawals account, every idempotency key must have moved money once,
 * and every user's balances must equal what the successful operations say they moved.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect, it } from "vitest";
import type { Tx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  LedgerError,
  approveWithdrawal,
  cancelWithdrawal,
  completeWithdrawal,
  confirmCashback,
  creditDeposit,
  creditReferralBonus,
  declineCashback,
  namespacedKey,
  payFromWallet,
  recordCashback,
  rejectWithdrawal,
  requestWithdrawal,
  reverseDeposit,
  type MoneyResult,
} from "~/wallet/ledger.server";
import { verifyLedger } from "~/wallet/verify.server";
import type { TransactionType } from "~/db/schema";
import { describeEachDatabase } from "../support/databases";

// ——— Programs ———

type CreatorSpec =
  | { kind: "deposit"; user: number; amount: number; card: boolean }
  | { kind: "withdraw"; user: number; amount: number }
  | { kind: "recordCashback"; user: number; amount: number }
  | { kind: "referral"; user: number; amount: number }
  | { kind: "pay"; user: number; amount: number }
  | { kind: "reverse"; target: number; percent: number; reason: "refund" | "dispute" };

type Spec =
  | CreatorSpec
  | { kind: "cancel"; target: number; wrongUser: boolean }
  | { kind: "approve"; target: number }
  | { kind: "complete"; target: number; blankReference: boolean }
  | { kind: "reject"; target: number; blankReason: boolean }
  | { kind: "confirmCashback"; target: number }
  | { kind: "declineCashback"; target: number }
  | { kind: "replay"; target: number; conflict: boolean };

interface Program {
  users: number;
  /** Per user (only the first `users` are used): the top-ups they start with. */
  initial: Array<Array<{ amount: number; card: boolean }>>;
  ops: Spec[];
  batch: number;
}

const MAX_USERS = 4;
const rarely = fc.integer({ min: 0, max: 9 }).map((n) => n === 0);
const user = fc.nat({ max: MAX_USERS - 1 });
const ref = fc.nat({ max: 1_000 });

const specArb: fc.Arbitrary<Spec> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("deposit" as const), user, amount: fc.integer({ min: 100, max: 20_000 }), card: rarely }),
  },
  // Mostly what a balance covers; sometimes below the minimum (1 000) or above any balance.
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("withdraw" as const),
      user,
      amount: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1_000, max: 8_000 }) }, fc.integer({ min: 900, max: 80_000 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancel" as const), target: ref, wrongUser: rarely }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("approve" as const), target: ref }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("complete" as const), target: ref, blankReference: rarely }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("reject" as const), target: ref, blankReason: rarely }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("recordCashback" as const), user, amount: fc.integer({ min: 1, max: 5_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("confirmCashback" as const), target: ref }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("declineCashback" as const), target: ref }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("referral" as const), user, amount: fc.integer({ min: 1, max: 5_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("pay" as const), user, amount: fc.integer({ min: 1, max: 30_000 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("reverse" as const),
      target: ref,
      // Often all of it: more than is left, so the rest is owed and repaid from later credits.
      percent: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constant(100)),
      reason: fc.constantFrom("refund" as const, "dispute" as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("replay" as const), target: ref, conflict: rarely }) },
);

const programArb: fc.Arbitrary<Program> = fc.record({
  users: fc.integer({ min: 2, max: MAX_USERS }),
  initial: fc.array(fc.array(fc.record({ amount: fc.integer({ min: 500, max: 30_000 }), card: rarely }), { minLength: 1, maxLength: 3 }), {
    minLength: MAX_USERS,
    maxLength: MAX_USERS,
  }),
  ops: fc.array(specArb, { minLength: 5, maxLength: 50, size: "max" }),
  batch: fc.integer({ min: 2, max: 12 }),
});

// ——— Plans: the program with every reference resolved to an earlier operation ———

type Kind = CreatorSpec["kind"] | "cancel" | "approve" | "complete" | "reject" | "confirmCashback" | "declineCashback";

/** How each operation that moved money moves its user's balances, in multiples of its amount: the model the books are checked against. */
const EFFECTS: Record<Kind, { net: number; pendingCashback: number; inProgress: number }> = {
  deposit: { net: 1, pendingCashback: 0, inProgress: 0 },
  referral: { net: 1, pendingCashback: 0, inProgress: 0 },
  reverse: { net: -1, pendingCashback: 0, inProgress: 0 },
  pay: { net: -1, pendingCashback: 0, inProgress: 0 },
  withdraw: { net: -1, pendingCashback: 0, inProgress: 1 },
  cancel: { net: 1, pendingCashback: 0, inProgress: -1 },
  reject: { net: 1, pendingCashback: 0, inProgress: -1 },
  complete: { net: 0, pendingCashback: 0, inProgress: -1 },
  recordCashback: { net: 0, pendingCashback: 1, inProgress: 0 },
  confirmCashback: { net: 1, pendingCashback: -1, inProgress: 0 },
  declineCashback: { net: 0, pendingCashback: -1, inProgress: 0 },
  approve: { net: 0, pendingCashback: 0, inProgress: 0 },
};

interface PlannedOp {
  index: number;
  kind: Kind;
  /** The operation (a creator) whose idempotency key this one uses: itself, or what it replays. */
  root?: number;
  /** Replays only: the same key with a different amount. */
  conflict?: boolean;
  /** The earlier operation this one needs the result of (a withdrawal to cancel, a top-up to reverse). */
  after?: number;
  spec: Spec;
}

const CREATORS = new Set<Kind>(["deposit", "withdraw", "recordCashback", "referral", "pay", "reverse"]);

function plan(program: Program): { initialCount: number; ops: PlannedOp[]; batches: number[][] } {
  const specs: Spec[] = [];
  for (let u = 0; u < program.users; u++)
    for (const d of program.initial[u]!) specs.push({ kind: "deposit", user: u, amount: d.amount, card: d.card });
  const initialCount = specs.length;
  specs.push(...program.ops);

  const ops: PlannedOp[] = [];
  const earlier = (index: number, test: (op: PlannedOp) => boolean) => ops.filter((op) => op.index < index && test(op));
  const pick = (candidates: PlannedOp[], r: number) => (candidates.length ? candidates[r % candidates.length] : undefined);
  const rootKind = (op: PlannedOp) => ops[op.root ?? op.index]!.kind;

  for (const [index, spec] of specs.entries()) {
    switch (spec.kind) {
      case "deposit":
      case "withdraw":
      case "recordCashback":
      case "referral":
      case "pay":
        ops.push({ index, kind: spec.kind, root: index, spec });
        break;
      case "reverse": {
        // A reversal of an earlier top-up (not of a replay of one: the same payment either way).
        const target = pick(
          earlier(index, (op) => op.kind === "deposit" && op.root === op.index),
          spec.target,
        );
        if (target) ops.push({ index, kind: "reverse", root: index, after: target.index, spec });
        else ops.push({ index, kind: "deposit", root: index, spec: { kind: "deposit", user: 0, amount: 1_000, card: false } });
        break;
      }
      case "replay": {
        // A replay of one of the program's own requests when there is one, else of a starting top-up.
        const own = earlier(index, (op) => op.index >= initialCount && op.root === op.index && CREATORS.has(op.kind));
        const target = pick(own.length ? own : earlier(index, (op) => op.root === op.index && CREATORS.has(op.kind)), spec.target);
        if (!target) ops.push({ index, kind: "deposit", root: index, spec: { kind: "deposit", user: 1, amount: 700, card: false } });
        else ops.push({ index, kind: target.kind, root: target.index, conflict: spec.conflict, after: target.after, spec });
        break;
      }
      case "confirmCashback":
      case "declineCashback": {
        const target = pick(
          earlier(index, (op) => op.root !== undefined && rootKind(op) === "recordCashback"),
          spec.target,
        );
        if (!target)
          ops.push({ index, kind: "deposit", root: index, spec: { kind: "deposit", user: index % 2, amount: 1_500, card: false } });
        else ops.push({ index, kind: spec.kind, after: target.index, spec });
        break;
      }
      default: {
        // A withdrawal's step acts on a request for it (or its replay), or follows an approval of it:
        // paying out mostly follows an approval, as the desk's order wants.
        const requests = earlier(index, (op) => op.root !== undefined && rootKind(op) === "withdraw");
        const approvals = earlier(index, (op) => op.kind === "approve");
        const target =
          spec.kind === "complete" && approvals.length && spec.target % 5 !== 0
            ? pick(approvals, spec.target)
            : pick(spec.target % 3 === 0 && approvals.length ? approvals : requests, spec.target);
        // Nothing to act on yet: a top-up instead, so every generated operation does something.
        if (!target)
          ops.push({ index, kind: "deposit", root: index, spec: { kind: "deposit", user: index % 2, amount: 1_500, card: false } });
        else ops.push({ index, kind: spec.kind, after: target.index, spec });
      }
    }
  }
  const batches: number[][] = [Array.from({ length: initialCount }, (_, i) => i)];
  for (let start = initialCount; start < ops.length; start += program.batch) {
    batches.push(Array.from({ length: Math.min(program.batch, ops.length - start) }, (_, i) => start + i));
  }
  return { initialCount, ops, batches };
}

// ——— Running a plan ———

type Outcome =
  | { status: "ok"; result: MoneyResult }
  | { status: "refused"; error: Error }
  | { status: "skipped"; why: string }
  | { status: "unexpected"; error: unknown };

const TYPE_OF: Partial<Record<Kind, TransactionType>> = {
  deposit: "deposit",
  reverse: "deposit",
  withdraw: "withdrawal",
  recordCashback: "cashback",
  referral: "referral",
  pay: "purchase",
};

describeEachDatabase("ledger properties", (t) => {
  const inTx = <T>(fn: (tx: Tx) => Promise<T>) => unitOfWork(t.db, fn);

  async function run(program: Program) {
    const { ops, batches } = plan(program);
    const tag = randomUUID().slice(0, 8);
    const users = await Promise.all(
      Array.from(
        { length: program.users },
        async (_, i) => (await createUser(t.db, { email: `prop-${tag}-${i}@example.com`, name: `Prop ${i}` })).id,
      ),
    );
    const admin = (await createUser(t.db, { email: `prop-${tag}-admin@example.com`, name: "Prop admin" })).id;
    const userOf = (n: number) => users[n % users.length]!;
    // A fresh key per creator (the payment id of a top-up); replays reuse their root's.
    const keys = ops.map(() => randomUUID());
    const conflictGroups = new Set(ops.filter((op) => op.conflict).map((op) => op.root!));
    const outcomes: Array<Promise<Outcome>> = [];

    /** The request of a creator (or of a replay: its root's, with another amount when it conflicts). */
    function creatorRequest(op: PlannedOp): { userId: string; amount: number; work: (tx: Tx) => Promise<MoneyResult> } {
      const root = ops[op.root!]!;
      const spec = root.spec as CreatorSpec;
      const key = keys[root.index]!;
      const bump = op.conflict ? 1 : 0;
      if (spec.kind === "reverse") {
        const deposit = ops[root.after!]!.spec as Extract<CreatorSpec, { kind: "deposit" }>;
        const userId = userOf(deposit.user);
        const amountCents = Math.max(1, Math.floor((deposit.amount * spec.percent) / 100)) + bump;
        return {
          userId,
          amount: amountCents,
          work: (tx) =>
            reverseDeposit(tx, {
              userId,
              amountCents,
              paymentId: keys[root.after!]!,
              reversalKey: key,
              reason: spec.reason,
              description: "Top-up reversed",
              provider: deposit.card ? "stripe" : "sandbox",
            }),
        };
      }
      const userId = userOf(spec.user);
      const amountCents = spec.amount + bump;
      return { userId, amount: amountCents, work: creatorWork(spec, { userId, amountCents, key }) };
    }

    /** What a creator other than a reversal does, for `userId` and `amountCents`, under `key`. */
    function creatorWork(
      spec: Exclude<CreatorSpec, { kind: "reverse" }>,
      { userId, amountCents, key }: { userId: string; amountCents: number; key: string },
    ): (tx: Tx) => Promise<MoneyResult> {
      switch (spec.kind) {
        case "deposit":
          return (tx) =>
            creditDeposit(tx, { userId, amountCents, paymentId: key, description: "Top-up", provider: spec.card ? "stripe" : "sandbox" });
        case "withdraw":
          return (tx) =>
            requestWithdrawal(tx, {
              userId,
              amountCents,
              method: "paypal",
              destination: "me@example.com",
              description: "Withdrawal",
              idempotencyKey: key,
            });
        case "recordCashback":
          return (tx) =>
            recordCashback(tx, {
              userId,
              amountCents,
              merchant: "Zalando",
              orderId: `order-${key}`,
              conversionId: key,
              description: "Cashback",
            });
        case "referral":
          return (tx) => creditReferralBonus(tx, { userId, amountCents, description: "Referral bonus", idempotencyKey: key });
        case "pay":
          return (tx) => payFromWallet(tx, { userId, amountCents, description: "Plan", idempotencyKey: key });
      }
    }

    async function perform(op: PlannedOp): Promise<Outcome> {
      let work: (tx: Tx) => Promise<MoneyResult>;
      if (op.root !== undefined) {
        // A reversal waits for its top-up; a replay runs alongside what it replays.
        if (op.kind === "reverse" && op.root === op.index) {
          const deposit = await outcomes[op.after!]!;
          if (deposit.status !== "ok") return { status: "skipped", why: "its top-up did not happen" };
        }
        work = creatorRequest(op).work;
      } else {
        const target = await outcomes[op.after!]!;
        if (target.status !== "ok") return { status: "skipped", why: "its target did not happen" };
        const transactionId = target.result.transaction.id;
        const spec = op.spec;
        switch (spec.kind) {
          case "cancel": {
            const owner = target.result.transaction.userId;
            const userId = spec.wrongUser ? (users.find((u) => u !== owner) ?? admin) : owner;
            work = (tx) => cancelWithdrawal(tx, { userId, transactionId });
            break;
          }
          case "approve":
            work = (tx) => approveWithdrawal(tx, { transactionId, adminId: admin });
            break;
          case "complete":
            work = (tx) =>
              completeWithdrawal(tx, { transactionId, adminId: admin, payoutReference: spec.blankReference ? " " : `PP-${op.index}` });
            break;
          case "reject":
            work = (tx) => rejectWithdrawal(tx, { transactionId, adminId: admin, reason: spec.blankReason ? "" : "test" });
            break;
          case "confirmCashback":
            work = (tx) => confirmCashback(tx, { transactionId });
            break;
          case "declineCashback":
            work = (tx) => declineCashback(tx, { transactionId });
            break;
          default:
            throw new Error(`unplanned ${spec.kind}`);
        }
      }
      try {
        return { status: "ok", result: await inTx(work) };
      } catch (error) {
        const allowed =
          error instanceof InsufficientFundsError ||
          error instanceof LedgerError ||
          (error instanceof IdempotencyConflictError && op.root !== undefined && conflictGroups.has(op.root));
        return allowed ? { status: "refused", error } : { status: "unexpected", error };
      }
    }

    for (const batch of batches) {
      for (const index of batch) outcomes[index] = perform(ops[index]!);
      await Promise.allSettled(batch.map((index) => outcomes[index]));
    }
    const settled = await Promise.all(outcomes);
    const unexpected = settled.flatMap((outcome, index) =>
      outcome.status === "unexpected" ? [{ index, op: ops[index]!.kind, error: String(outcome.error) }] : [],
    );
    expect(unexpected, "only the ledger's own refusals may fail an operation").toEqual([]);
    return { ops, users, keys, settled, conflictGroups };
  }

  async function check({ ops, users, keys, settled }: Awaited<ReturnType<typeof run>>) {
    // The books: every entry sums to zero, cached balances equal postings, no user balance negative.
    const report = await verifyLedger(t.db);
    expect(report.problems).toEqual([]);

    const moved = (index: number) => {
      const outcome = settled[index]!;
      return outcome.status === "ok" && !outcome.result.replayed ? outcome.result : undefined;
    };

    // Every idempotency key moved money once: one transaction row, one operation that was not a replay.
    const groups = new Map<number, number[]>();
    for (const op of ops) if (op.root !== undefined) groups.set(op.root, [...(groups.get(op.root) ?? []), op.index]);
    for (const [root, members] of groups) {
      const ok = members.flatMap((index) => {
        const outcome = settled[index]!;
        return outcome.status === "ok" ? [outcome.result] : [];
      });
      const firsts = ok.filter((result) => !result.replayed);
      expect(firsts.length, `key of operation ${root} (${ops[root]!.kind}): operations that moved money`).toBe(ok.length ? 1 : 0);
      expect(new Set(ok.map((result) => result.transaction.id)).size).toBe(ok.length ? 1 : 0);
      const first = firsts[0];
      if (first) {
        const key = namespacedKey(
          TYPE_OF[ops[root]!.kind]!,
          first.transaction.userId,
          ops[root]!.kind === "reverse" ? `reversal:${keys[root]}` : keys[root]!,
        );
        const rows = await t.db.selectFrom("transactions").select(["id", "amountCents"]).where("idempotencyKey", "=", key).execute();
        expect(rows.map((row) => row.id)).toEqual([first.transaction.id]);
        expect(Number(rows[0]!.amountCents)).toBe(first.transaction.amountCents);
        const entries = await t.db.selectFrom("ledgerEntries").select("id").where("transactionId", "=", first.transaction.id).execute();
        expect(entries.length).toBeGreaterThanOrEqual(1);
      }
    }

    // The payout desk and cashback settle once: at most one step that moved money per transaction,
    // and the rows' final states agree with it.
    const settlers = new Map<string, Array<{ kind: Kind; result: MoneyResult }>>();
    for (const op of ops) {
      if (op.root !== undefined) continue;
      const result = moved(op.index);
      if (result) settlers.set(result.transaction.id, [...(settlers.get(result.transaction.id) ?? []), { kind: op.kind, result }]);
    }
    for (const [transactionId, steps] of settlers) {
      const final = steps.filter((step) => step.kind !== "approve");
      expect(final.length, `transaction ${transactionId}: ${steps.map((s) => s.kind).join(", ")}`).toBeLessThanOrEqual(1);
      expect(steps.filter((step) => step.kind === "approve").length).toBeLessThanOrEqual(1);
      const status = (await t.db.selectFrom("transactions").select("status").where("id", "=", transactionId).executeTakeFirstOrThrow())
        .status;
      const kind = final[0]?.kind;
      expect(status).toBe(kind === "complete" || kind === "confirmCashback" ? "completed" : kind ? "failed" : "pending");
      if (kind === "cancel" || kind === "complete" || kind === "reject" || steps.some((step) => step.kind === "approve")) {
        const state = (
          await t.db.selectFrom("withdrawals").select("state").where("transactionId", "=", transactionId).executeTakeFirstOrThrow()
        ).state;
        expect(state).toBe(kind === "cancel" ? "cancelled" : kind === "complete" ? "paid" : kind === "reject" ? "rejected" : "processing");
      }
    }

    // The model: what the operations that moved money say, per user.
    const model = new Map(users.map((u) => [u, { net: 0, pendingCashback: 0, inProgress: 0 }]));
    for (const op of ops) {
      const result = moved(op.index);
      if (!result) continue;
      const m = model.get(result.transaction.userId)!;
      const amount = result.transaction.amountCents;
      const effect = EFFECTS[op.kind];
      m.net += effect.net * amount;
      m.pendingCashback += effect.pendingCashback * amount;
      m.inProgress += effect.inProgress * amount;
    }

    for (const userId of users) {
      const balances = await getBalances(t.db, userId);
      if (balances.owedCents > 0) tally.owing++;
      for (const [name, value] of Object.entries(balances)) expect(value, `${name} of ${userId}`).toBeGreaterThanOrEqual(0);
      // Every credit repays a debt first: nobody owes while holding spendable money.
      expect(
        balances.owedCents > 0 && balances.availableCents > 0,
        `${userId} owes ${balances.owedCents} with ${balances.availableCents} available`,
      ).toBe(false);
      const open = await t.db
        .selectFrom("withdrawals")
        .select("amountCents")
        .where("userId", "=", userId)
        .where("state", "in", ["pending", "processing"])
        .execute();
      expect(balances.withdrawalsInProgressCents).toBe(open.reduce((sum, row) => sum + Number(row.amountCents), 0));

      const m = model.get(userId)!;
      expect({
        net: balances.availableCents - balances.owedCents,
        pendingCashback: balances.pendingCashbackCents,
        inProgress: balances.withdrawalsInProgressCents,
      }).toEqual(m);

      // The same figures from the user's transactions (statuses), independent of the accounts.
      const rows = await t.db
        .selectFrom("transactions")
        .select(["type", "status", "direction", "amountCents"])
        .where("userId", "=", userId)
        .execute();
      let net = 0;
      let pendingCashback = 0;
      for (const row of rows) {
        const amount = Number(row.amountCents);
        if (row.type === "withdrawal") {
          if (row.status !== "failed") net -= amount;
        } else if (row.type === "cashback") {
          if (row.status === "completed") net += amount;
          if (row.status === "pending") pendingCashback += amount;
        } else if (row.status === "completed") {
          net += row.direction === "credit" ? amount : -amount;
        }
      }
      expect({ net, pendingCashback }).toEqual({ net: m.net, pendingCashback: m.pendingCashback });
    }
  }

  /** What the runs exercised, for the log line. */
  const tally = { programs: 0, operations: 0, moved: 0, replayed: 0, skipped: 0, owing: 0, refused: new Map<string, number>() };

  it("random concurrent programs keep the books balanced and move every key's money once", async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(programArb, async (program) => {
        const outcome = await run(program);
        await check(outcome);
        tally.programs++;
        tally.operations += outcome.ops.length;
        for (const o of outcome.settled) {
          if (o.status === "ok" && o.result.replayed) tally.replayed++;
          else if (o.status === "ok") tally.moved++;
          else if (o.status === "skipped") tally.skipped++;
          else if (o.status === "refused") tally.refused.set(o.error.name, (tally.refused.get(o.error.name) ?? 0) + 1);
        }
      }),
      { numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 25) },
    );
    const refused = [...tally.refused].map(([name, n]) => `${n} ${name}`).join(", ");
    console.info(
      `[${t.dialect}] ${tally.programs} programs, ${tally.operations} operations: ${tally.moved} moved money, ${tally.replayed} answered as replays, ` +
        `${tally.skipped} skipped (target refused), refused: ${refused}; ${tally.owing} users left owing; ${Date.now() - started} ms`,
    );
  }, 180_000);
});
