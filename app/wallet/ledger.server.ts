/**
 * The ledger: owns money. Every movement is an immutable entry whose postings (signed integer
 * cents, one currency) sum to zero over accounts: each user's available balance, pending cashback
 * and withdrawals in flight, and the platform's accounts (payment provider, affiliate networks,
 * payouts, bonuses, sales, admins' manual adjustments, and per user a receivable for what a reversed
 * top-up left owing). A user-facing transaction (type, status, description…) groups the entries of
 * one movement: a withdrawal is a hold, then a payout or a return.
 *
 * Rules every function keeps:
 * - It takes the caller's transaction (`tx`, from `unitOfWork`) and never opens one: the postings
 *   commit with the statuses, audit row, notification and outbox row of the same change.
 * - It is idempotent: the key is namespaced `<type>:<user>:<caller key>` and stored with a
 *   fingerprint of the request. The same key with the same request answers what happened the first
 *   time (`replayed`); with a different request it is an `IdempotencyConflictError`.
 * - A user's accounts and receivable keep a cached balance (`balance_cents`, updated with each
 *   posting); the platform's own accounts (`platform:<name>`) keep none: their balance is the sum
 *   of their postings, computed when read (`accountBalances`, migration 0037). So a movement locks
 *   only its user's rows, and top-ups or sales of different users never wait on a shared platform row.
 * - Account rows are locked in account-id order (postings sorted by account), so two movements
 *   on the same accounts cannot deadlock; the unit of work retries serialization failures.
 * - A user's balance never goes below zero: every debit is a conditional update, a CHECK
 *   constraint stands behind it, and the database refuses unbalanced, mixed-currency, updated or
 *   deleted ledger rows (migration 0010).
 */
import { createHash, randomUUID } from "node:crypto";
import { sql, type RawBuilder, type Selectable } from "kysely";
import { LRUCache } from "lru-cache";
import { dialectOf, now, type DbOrTx, type Tx } from "~/db/db.server";
import { ifCommitted } from "~/db/unit-of-work.server";
import type { TransactionsTable, TransactionStatus, TransactionType, WithdrawalState } from "~/db/schema";
import { MAX_HOLD_DAYS, parseSetting } from "~/settings/settings.server";
import { NamedError } from "~/utils/named-error";

export const CURRENCY = "USD";

export type UserAccountKind = "available" | "pending_cashback" | "withdrawals";
export type PlatformAccount =
  "payment_provider" | "affiliate_networks" | "cashback_margin" | "payouts" | "bonuses" | "sales" | "adjustments" | "loyalty";

export const userAccount = (userId: string, kind: UserAccountKind) => `user:${userId}:${kind}`;
export const platformAccount = (name: PlatformAccount) => `platform:${name}`;
/** What a user owes the platform (a reversed top-up that was already spent): negative when owed. */
export const receivableAccount = (userId: string) => `platform:receivables:${userId}`;

/** Payment providers whose top-ups are card payments: withdrawable only after the hold. */
export const CARD_PROVIDERS = ["stripe"] as const;

export class InsufficientFundsError extends NamedError {
  constructor() {
    super("Insufficient balance");
  }
}

/** The balance covers the amount, but part of it is a recent card top-up still on hold. */
export class FundsOnHoldError extends InsufficientFundsError {
  constructor(public readonly withdrawableCents: number) {
    super();
    this.name = "FundsOnHoldError";
  }
}

/** The idempotency key was used before for a different request (another amount, user or type). */
export class IdempotencyConflictError extends NamedError {
  readonly code = "idempotency_conflict";
  constructor(public readonly key: string) {
    super(`idempotency key ${key} was already used for a different request`);
  }
}

/** The account is suspended by an admin: no withdrawal can be requested. */
export class AccountSuspendedError extends NamedError {
  constructor() {
    super("The account is suspended");
  }
}

export class LedgerError extends NamedError {
  constructor(
    public readonly code: "not_found" | "not_pending" | "not_confirmed" | "invalid_amount" | "invalid_state",
    message: string,
  ) {
    super(message);
  }
}

/** Another unit of work changed what this one read: retried by `unitOfWork` like a serialization failure. */
class ConcurrentChangeError extends Error {
  readonly code = "40001";
}

/** A money movement as the pages read it: its row, with the metadata parsed. */
export type LedgerTransaction = Omit<Selectable<TransactionsTable>, "idempotencyKey" | "requestFingerprint" | "metadata"> & {
  metadata: Record<string, unknown>;
};

export interface MoneyResult {
  transaction: LedgerTransaction;
  /** True when this idempotency key was already used: nothing moved this time. */
  replayed: boolean;
}

interface TransactionRow {
  id: string;
  userId: string;
  type: TransactionType;
  status: TransactionStatus;
  direction: "credit" | "debit";
  amountCents: number | string;
  currency: string;
  description: string;
  merchant: string | null;
  orderId: string | null;
  metadata: string;
  createdAt: string;
  updatedAt: string;
}

export function toTransaction(row: TransactionRow): LedgerTransaction {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    status: row.status,
    direction: row.direction,
    amountCents: Number(row.amountCents),
    currency: row.currency,
    description: row.description,
    merchant: row.merchant,
    orderId: row.orderId,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function selectTransaction(tx: Tx, where: { id?: string; key?: string }) {
  let query = tx.selectFrom("transactions").selectAll();
  if (where.id) query = query.where("id", "=", where.id);
  if (where.key) query = query.where("idempotencyKey", "=", where.key);
  return query.executeTakeFirst();
}

function assertAmount(amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new LedgerError("invalid_amount", `amount must be a positive whole number of cents, got ${amountCents}`);
  }
}

// ——— Accounts ———

/**
 * True for the platform's own accounts (`platform:<name>`: payment provider, affiliate networks,
 * margin, payouts, bonuses, sales, adjustments): shared by every user's movements, they keep no
 * cached balance (it stays 0; the database refuses another) and their balance is derived from their
 * postings. A user's accounts and receivable (`platform:receivables:<user>`) keep theirs cached.
 */
export const derivesBalance = (accountId: string) => /^platform:[a-z_]+$/.test(accountId) && accountId !== "platform:receivables";

function accountRow(id: string, createdAt: string) {
  const user = /^user:(.+):(available|pending_cashback|withdrawals)$/.exec(id);
  if (user) return { id, userId: user[1]!, kind: user[2]!, currency: CURRENCY, createdAt };
  if (id.startsWith("platform:receivables:")) return { id, userId: null, kind: "receivables", currency: CURRENCY, createdAt };
  const platform = /^platform:([a-z_]+)$/.exec(id);
  if (platform) return { id, userId: null, kind: platform[1]!, currency: CURRENCY, createdAt };
  throw new Error(`not a ledger account id: ${id}`);
}

/**
 * Accounts known to exist, so a movement does not ask again: per database, those a committed unit
 * of work opened or found (ledger accounts are never deleted; at most 100,000 ids, least recently
 * used first out), and per unit of work, those it opened or found so far (a rolled-back unit's
 * accounts are never remembered for the database).
 */
const committedAccounts = new WeakMap<object, LRUCache<string, true>>();
const unitAccounts = new WeakMap<Tx, Set<string>>();

function knownAccounts(tx: Tx) {
  const database = tx.getExecutor().adapter;
  let committed = committedAccounts.get(database);
  if (!committed) committedAccounts.set(database, (committed = new LRUCache({ max: 100_000 })));
  let unit = unitAccounts.get(tx);
  if (!unit) unitAccounts.set(tx, (unit = new Set()));
  return { committed, unit };
}

/**
 * Opens the accounts that do not exist yet. A plain read first: inserting rows that exist would
 * wait on other transactions' locks of them. Accounts known to exist are not read again.
 */
async function ensureAccounts(tx: Tx, ids: string[]): Promise<void> {
  const { committed, unit } = knownAccounts(tx);
  const unknown = ids.filter((id) => !unit.has(id) && !committed.has(id));
  if (!unknown.length) return;
  const existing = await tx.selectFrom("ledgerAccounts").select("id").where("id", "in", unknown).execute();
  const missing = unknown.filter((id) => !existing.some((row) => row.id === id));
  if (missing.length) {
    const createdAt = now();
    await tx
      .insertInto("ledgerAccounts")
      .values(missing.map((id) => accountRow(id, createdAt)))
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  }
  for (const id of unknown) unit.add(id);
  ifCommitted(tx, () => {
    for (const id of unknown) committed.set(id, true);
  });
}

/** Opens the user's three accounts (idempotent). */
export async function ensureUserAccounts(tx: Tx, userId: string): Promise<void> {
  await ensureAccounts(
    tx,
    (["available", "pending_cashback", "withdrawals"] as const).map((kind) => userAccount(userId, kind)),
  );
}

// ——— Entries ———

interface Posting {
  account: string;
  amountCents: number;
  /** Debits only: what must remain on the account after it (funds on hold). */
  reserveCents?: number;
}

/**
 * Writes one entry: its postings first, then the entry row, which the database only accepts when
 * the postings sum to zero, then the postings applied to their accounts' cached balances (a
 * platform account keeps none: its postings are its balance, and its row is not locked). A user
 * account's balance is only lowered when it stays at or above zero (and above its reserve);
 * otherwise the caller's whole unit of work rolls back.
 */
async function postEntry(tx: Tx, transactionId: string, memo: string, postings: Posting[], effectiveAt?: string) {
  const kept = postings.filter((posting) => posting.amountCents !== 0);
  const sum = kept.reduce((total, posting) => total + posting.amountCents, 0);
  if (sum !== 0 || kept.length < 2) throw new Error(`unbalanced entry (${memo}): ${kept.length} postings sum to ${sum}`);
  const ordered = [...kept].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : a.amountCents - b.amountCents));
  await ensureAccounts(tx, [...new Set(ordered.map((posting) => posting.account))]);
  const entryId = randomUUID();
  const createdAt = now();
  const effective = effectiveAt ?? createdAt;
  await tx
    .insertInto("postings")
    .values(
      ordered.map((posting) => ({
        id: randomUUID(),
        entryId,
        accountId: posting.account,
        amountCents: posting.amountCents,
        currency: CURRENCY,
        effectiveAt: effective,
        createdAt,
      })),
    )
    .execute();
  // The entry row seals its postings (the database checks they balance). Written before the
  // balances are touched, so the account rows stay locked for as short a time as possible.
  await tx
    .insertInto("ledgerEntries")
    .values({ id: entryId, transactionId, memo, currency: CURRENCY, effectiveAt: effective, createdAt })
    .execute();
  await applyToCachedBalances(tx, ordered);
}

/**
 * Applies postings (sorted by account) to their accounts' cached balances in one statement: each
 * account changes by the sum of its postings, and a user's account only where it stays at or above
 * its debits (and reserve). The platform's own accounts are skipped: their postings are their
 * balance, and their rows are not locked. On PostgreSQL the rows are locked in account-id order
 * first (the materialized CTE), so two movements on the same accounts cannot deadlock. Fewer rows
 * changed than accounts means a debit found the funds missing: `InsufficientFundsError`.
 */
async function applyToCachedBalances(tx: Tx, ordered: Posting[]) {
  const changes = new Map<string, { deltaCents: number; floorCents: number | null }>();
  for (const posting of ordered) {
    if (derivesBalance(posting.account)) continue;
    const change = changes.get(posting.account) ?? { deltaCents: 0, floorCents: null };
    change.deltaCents += posting.amountCents;
    if (posting.amountCents < 0 && posting.account.startsWith("user:")) {
      change.floorCents = (change.floorCents ?? 0) - posting.amountCents + (posting.reserveCents ?? 0);
    }
    changes.set(posting.account, change);
  }
  if (!changes.size) return;
  const ids = [...changes.keys()];
  const byAccount = (accounts: string[], then: (change: { deltaCents: number; floorCents: number | null }) => RawBuilder<unknown>) =>
    sql.join(
      accounts.map((id) => sql`when ${id} then ${then(changes.get(id)!)}`),
      sql` `,
    );
  const set = {
    balanceCents: sql<number>`balance_cents + case id ${byAccount(ids, (change) => sql`cast(${change.deltaCents} as bigint)`)} end`,
  };
  const floors = ids.filter((id) => changes.get(id)!.floorCents !== null);
  const query =
    dialectOf(tx) === "postgres" && ids.length > 1
      ? tx
          .with(
            (cte) => cte("locked").materialized(),
            (db) => db.selectFrom("ledgerAccounts").select("id").where("id", "in", ids).orderBy("id").forNoKeyUpdate(),
          )
          .updateTable("ledgerAccounts")
          .set(set)
          .where("id", "in", (eb) => eb.selectFrom("locked").select("locked.id"))
      : tx.updateTable("ledgerAccounts").set(set).where("id", "in", ids);
  const guarded = floors.length
    ? query.where(sql<boolean>`case id ${byAccount(floors, (change) => sql`balance_cents >= ${change.floorCents}`)} else true end`)
    : query;
  const result = await guarded.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== ids.length) throw new InsufficientFundsError();
}

/**
 * Reads a user's available balance and what they owe, locking both rows (PostgreSQL; SQLite
 * transactions are serial) in account-id order: a credit and a reversal for the same user cannot
 * both act on what they read before the other committed. Exported for the loyalty points, which
 * lock a member's points after their money (as every earning does) and so take this lock first.
 */
export async function lockUserMoney(tx: Tx, userId: string): Promise<{ availableCents: number; owedCents: number }> {
  const ids = [receivableAccount(userId), userAccount(userId, "available")];
  // Both rows must exist to be locked: a receivable another transaction is creating right now
  // makes this wait for it (instead of reading past it).
  await ensureAccounts(tx, ids);
  let query = tx.selectFrom("ledgerAccounts").select(["id", "balanceCents"]).where("id", "in", ids).orderBy("id");
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  const rows = await query.execute();
  const of = (id: string) => Number(rows.find((row) => row.id === id)?.balanceCents ?? 0);
  return { availableCents: of(ids[1]!), owedCents: Math.max(0, -of(ids[0]!)) };
}

/**
 * Credits to a user's available balance (top-ups, confirmed cashback, bonuses, returned holds)
 * first repay what they owe (a reversed top-up that had already been spent); the rest becomes
 * available.
 */
async function creditAvailable(tx: Tx, userId: string, amountCents: number): Promise<Posting[]> {
  const { owedCents: owed } = await lockUserMoney(tx, userId);
  if (!owed) return [{ account: userAccount(userId, "available"), amountCents }];
  const repaid = Math.min(owed, amountCents);
  return [
    { account: receivableAccount(userId), amountCents: repaid },
    { account: userAccount(userId, "available"), amountCents: amountCents - repaid },
  ];
}

/** A credit to a user's available balance that one of the platform's accounts pays (repaying first what they owe). */
async function paidBy(tx: Tx, source: PlatformAccount, userId: string, amountCents: number): Promise<Posting[]> {
  return [{ account: platformAccount(source), amountCents: -amountCents }, ...(await creditAvailable(tx, userId, amountCents))];
}

// ——— Idempotent movements ———

interface NewMovement {
  userId: string;
  type: TransactionType;
  status: TransactionStatus;
  direction: "credit" | "debit";
  amountCents: number;
  description: string;
  merchant?: string | null;
  orderId?: string | null;
  /** The caller's key; stored namespaced as `<type>:<user>:<key>`. */
  idempotencyKey: string;
  /** What else identifies the request (a destination, a payment) besides user, type and amount. */
  fingerprintExtra?: unknown;
  metadata?: Record<string, unknown>;
  memo: string;
  /** When it happened for the books (defaults to now): the demo seed's backdated history. */
  at?: string;
  postings: (transactionId: string) => Promise<Posting[]> | Posting[];
  /** Rows that belong to the movement (e.g. the payout desk's withdrawal), written before the postings. */
  alongside?: (transactionId: string, timestamp: string) => Promise<void>;
}

export function namespacedKey(type: TransactionType, userId: string, key: string): string {
  return `${type}:${userId}:${key}`;
}

function fingerprintOf(movement: NewMovement): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        movement.userId,
        movement.type,
        movement.direction,
        movement.amountCents,
        CURRENCY,
        movement.fingerprintExtra ?? null,
      ]),
    )
    .digest("base64url");
}

function replay(row: TransactionRow & { requestFingerprint: string | null }, fingerprint: string, key: string): MoneyResult {
  if (row.requestFingerprint !== null && row.requestFingerprint !== fingerprint) throw new IdempotencyConflictError(key);
  return { transaction: toTransaction(row), replayed: true };
}

/** Creates a transaction and its first entry, once per idempotency key. */
async function startMovement(tx: Tx, movement: NewMovement): Promise<MoneyResult> {
  assertAmount(movement.amountCents);
  const key = namespacedKey(movement.type, movement.userId, movement.idempotencyKey);
  const fingerprint = fingerprintOf(movement);
  const timestamp = movement.at ?? now();
  const transaction: LedgerTransaction = {
    id: randomUUID(),
    userId: movement.userId,
    type: movement.type,
    status: movement.status,
    direction: movement.direction,
    amountCents: movement.amountCents,
    currency: CURRENCY,
    description: movement.description,
    merchant: movement.merchant ?? null,
    orderId: movement.orderId ?? null,
    metadata: movement.metadata ?? {},
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  // A key used before (or by a submission in flight, whose insert this one waits for) inserts
  // nothing: then the first result is the answer.
  const inserted = await tx
    .insertInto("transactions")
    .values({ ...transaction, metadata: JSON.stringify(transaction.metadata), idempotencyKey: key, requestFingerprint: fingerprint })
    .onConflict((oc) => oc.column("idempotencyKey").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const winner = await selectTransaction(tx, { key });
    if (!winner) throw new ConcurrentChangeError("the concurrent movement with this key rolled back");
    return replay(winner, fingerprint, key);
  }
  await movement.alongside?.(transaction.id, timestamp);
  await postEntry(tx, transaction.id, movement.memo, await movement.postings(transaction.id), movement.at);
  return { transaction, replayed: false };
}

/**
 * Moves a pending transaction to its final status with one more entry, exactly once: a second
 * call (a double click, a retried request) finds it settled and changes nothing.
 */
async function settle(
  tx: Tx,
  transactionId: string,
  expected: { type: TransactionType; userId?: string },
  outcome: "completed" | "failed",
  memo: string,
  postings: (row: LedgerTransaction) => Promise<Posting[]> | Posting[],
  metadata: Record<string, unknown> = {},
  at?: string,
): Promise<MoneyResult> {
  const row = await selectTransaction(tx, { id: transactionId });
  if (!row || row.type !== expected.type || (expected.userId && row.userId !== expected.userId)) {
    throw new LedgerError("not_found", `no ${expected.type} transaction ${transactionId}`);
  }
  const current = toTransaction(row);
  if (current.status !== "pending") return { transaction: current, replayed: true };
  const updatedAt = at ?? now();
  const merged = { ...current.metadata, ...metadata };
  const updated = await tx
    .updateTable("transactions")
    .set({ status: outcome, updatedAt, metadata: JSON.stringify(merged) })
    .where("id", "=", transactionId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    return { transaction: toTransaction((await selectTransaction(tx, { id: transactionId }))!), replayed: true };
  }
  await postEntry(tx, transactionId, memo, await postings(current), at);
  return { transaction: { ...current, status: outcome, updatedAt, metadata: merged }, replayed: false };
}

// ——— Top-ups ———

export async function creditDeposit(
  tx: Tx,
  input: { userId: string; amountCents: number; paymentId: string; description: string; provider: string; at?: string },
): Promise<MoneyResult> {
  return startMovement(tx, {
    userId: input.userId,
    type: "deposit",
    status: "completed",
    direction: "credit",
    amountCents: input.amountCents,
    description: input.description,
    merchant: input.provider,
    orderId: input.paymentId,
    idempotencyKey: input.paymentId,
    fingerprintExtra: input.provider,
    memo: "top-up paid",
    at: input.at,
    postings: () => paidBy(tx, "payment_provider", input.userId, input.amountCents),
  });
}

/**
 * Money taken back from a user (a reversed top-up, a returned cashback, a clawed-back bonus): what
 * is still available goes at once, the rest is recorded as owed (a receivable repaid from the
 * user's next credits). `counter` are the platform's postings for the whole amount; the owed part
 * is kept in the transaction's metadata, so a replay answers the same.
 */
async function takeBack(
  tx: Tx,
  movement: Omit<NewMovement, "status" | "direction" | "postings">,
  counter: Posting[],
): Promise<MoneyResult & { owedCents: number }> {
  let owedCents = 0;
  const result = await startMovement(tx, {
    ...movement,
    status: "completed",
    direction: "debit",
    postings: async () => {
      const { availableCents } = await lockUserMoney(tx, movement.userId);
      const taken = Math.min(availableCents, movement.amountCents);
      owedCents = movement.amountCents - taken;
      return [
        ...counter,
        { account: receivableAccount(movement.userId), amountCents: -owedCents },
        { account: userAccount(movement.userId, "available"), amountCents: -taken },
      ];
    },
  });
  if (result.replayed) owedCents = Number(result.transaction.metadata.owedCents ?? 0);
  else {
    await tx
      .updateTable("transactions")
      .set({ metadata: JSON.stringify({ ...result.transaction.metadata, owedCents }) })
      .where("id", "=", result.transaction.id)
      .execute();
  }
  return { ...result, owedCents };
}

/**
 * A paid top-up taken back by the provider (a refund, a lost dispute): what is still available
 * goes back at once, the rest is recorded as owed and repaid from the user's next credits.
 * `reversalKey` is unique per provider event (a redelivered event reverses nothing more).
 */
export async function reverseDeposit(
  tx: Tx,
  input: {
    userId: string;
    amountCents: number;
    paymentId: string;
    reversalKey: string;
    reason: "refund" | "dispute";
    description: string;
    provider: string;
  },
): Promise<MoneyResult & { owedCents: number }> {
  return takeBack(
    tx,
    {
      userId: input.userId,
      type: "deposit",
      amountCents: input.amountCents,
      description: input.description,
      merchant: input.provider,
      orderId: input.paymentId,
      idempotencyKey: `reversal:${input.reversalKey}`,
      fingerprintExtra: [input.paymentId, input.reason],
      metadata: { reversal: input.reason, paymentId: input.paymentId },
      memo: `top-up ${input.reason}`,
    },
    [{ account: platformAccount("payment_provider"), amountCents: input.amountCents }],
  );
}

// ——— Withdrawals: a hold, then approved (processing), then paid or returned ———

/** Card top-ups younger than the hold (admin setting) cannot be withdrawn: no card-to-cash loop. */
export async function heldDepositsCents(tx: DbOrTx, userId: string, nowMs = Date.now()): Promise<number> {
  // One read for the setting and the card top-ups of the longest possible hold (usually none):
  // always one row, with the setting, joined to each such top-up net of what was reversed. The
  // constants are literals so both databases read the partial index of completed top-ups
  // (migration 0037), not every recent transaction of the user (a withdrawal per request adds up).
  const rows = await tx
    .selectFrom(sql<{ one: number }>`(select 1 as one)`.as("x"))
    .leftJoin("transactions", (join) =>
      join
        .on("transactions.userId", "=", userId)
        .on("transactions.merchant", "in", [...CARD_PROVIDERS])
        .on("transactions.createdAt", ">", new Date(nowMs - MAX_HOLD_DAYS * 86_400_000).toISOString())
        .on("transactions.type", "=", sql.lit("deposit"))
        .on("transactions.direction", "=", sql.lit("credit"))
        .on("transactions.status", "=", sql.lit("completed")),
    )
    .leftJoin("payments", "payments.transactionId", "transactions.id")
    .select((eb) => [
      eb.selectFrom("settings").select("value").where("key", "=", "cardDepositHoldDays").as("days"),
      "transactions.createdAt",
      "transactions.amountCents",
      "payments.reversedCents",
    ])
    .execute();
  const days = parseSetting("cardDepositHoldDays", rows[0]?.days);
  if (days <= 0) return 0;
  const cutoff = new Date(nowMs - days * 86_400_000).toISOString();
  let held = 0;
  for (const row of rows) {
    // What a refund or dispute already took back of a top-up is no longer held.
    if (row.createdAt && row.createdAt > cutoff) held += Number(row.amountCents ?? 0) - Number(row.reversedCents ?? 0);
  }
  return Math.max(0, held);
}

export async function requestWithdrawal(
  tx: Tx,
  input: {
    userId: string;
    amountCents: number;
    method: "paypal" | "bank";
    destination: string;
    description: string;
    idempotencyKey: string;
    at?: string;
    /**
     * The caller's own rows of a new request (the saved payout method, the notification and its
     * mail), written with it before the hold touches the balance: the member's account row is then
     * locked only for the debit and the commit, not through them. Not called on a replay.
     */
    alongside?: () => Promise<void>;
  },
): Promise<MoneyResult> {
  // One read for the minimum (admin setting) and the member's suspension. A suspended account
  // requests nothing (whatever session or client asks). On PostgreSQL the member's row is
  // share-locked: a suspension committing meanwhile waits for this request, or is seen by it.
  let account = tx
    .selectFrom("users")
    .select((eb) => ["suspendedAt", eb.selectFrom("settings").select("value").where("key", "=", "minWithdrawalCents").as("minimum")])
    .where("id", "=", input.userId);
  if (dialectOf(tx) === "postgres") account = account.forShare();
  const member = await account.executeTakeFirst();
  if (input.amountCents < parseSetting("minWithdrawalCents", member?.minimum))
    throw new LedgerError("invalid_amount", "below the minimum withdrawal");
  if (member?.suspendedAt) throw new AccountSuspendedError();
  return startMovement(tx, {
    userId: input.userId,
    type: "withdrawal",
    status: "pending",
    direction: "debit",
    amountCents: input.amountCents,
    description: input.description,
    merchant: input.method === "paypal" ? "PayPal" : "Bank transfer",
    idempotencyKey: input.idempotencyKey,
    fingerprintExtra: [input.method, input.destination],
    metadata: { method: input.method, destination: input.destination },
    memo: "withdrawal held",
    at: input.at,
    alongside: async (transactionId, timestamp) => {
      await tx
        .insertInto("withdrawals")
        .values({
          transactionId,
          userId: input.userId,
          state: "pending",
          amountCents: input.amountCents,
          method: input.method,
          destination: input.destination,
          createdAt: timestamp,
          updatedAt: timestamp,
        })
        .execute();
      await input.alongside?.();
    },
    postings: async () => {
      const held = input.at ? 0 : await heldDepositsCents(tx, input.userId);
      return [
        { account: userAccount(input.userId, "available"), amountCents: -input.amountCents, reserveCents: held },
        { account: userAccount(input.userId, "withdrawals"), amountCents: input.amountCents },
      ];
    },
  }).catch(async (error: unknown) => {
    if (!(error instanceof InsufficientFundsError) || error instanceof FundsOnHoldError) throw error;
    // Tell "on hold" apart from "not there" (the unit of work is rolling back either way).
    const held = await heldDepositsCents(tx, input.userId);
    if (held > 0) {
      const available = await tx
        .selectFrom("ledgerAccounts")
        .select("balanceCents")
        .where("id", "=", userAccount(input.userId, "available"))
        .executeTakeFirst();
      const balance = Number(available?.balanceCents ?? 0);
      if (balance >= input.amountCents) throw new FundsOnHoldError(Math.max(0, balance - held));
    }
    throw error;
  });
}

/** A held amount going back: like every credit to the balance, it first repays what is owed. */
const returnHold =
  (tx: Tx) =>
  async (row: LedgerTransaction): Promise<Posting[]> => [
    { account: userAccount(row.userId, "withdrawals"), amountCents: -row.amountCents },
    ...(await creditAvailable(tx, row.userId, row.amountCents)),
  ];

/**
 * Moves a withdrawal on the payout desk from one of `from` to `to`, exactly once. Answers false when
 * it is already in `to` (a replay); throws when it is in a state that does not allow the step.
 */
async function moveWithdrawal(
  tx: Tx,
  transactionId: string,
  from: WithdrawalState[],
  to: WithdrawalState,
  set: { payoutReference?: string; reason?: string; approvedBy?: string; decidedBy?: string | null },
  userId?: string,
): Promise<boolean> {
  const timestamp = now();
  let update = tx
    .updateTable("withdrawals")
    .set({
      state: to,
      updatedAt: timestamp,
      ...(set.payoutReference !== undefined ? { payoutReference: set.payoutReference } : {}),
      ...(set.reason !== undefined ? { reason: set.reason } : {}),
      ...(set.approvedBy !== undefined ? { approvedBy: set.approvedBy, approvedAt: timestamp } : {}),
      ...(set.decidedBy !== undefined ? { decidedBy: set.decidedBy, decidedAt: timestamp } : {}),
    })
    .where("transactionId", "=", transactionId)
    .where("state", "in", from);
  if (userId) update = update.where("userId", "=", userId);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  let query = tx.selectFrom("withdrawals").select("state").where("transactionId", "=", transactionId);
  if (userId) query = query.where("userId", "=", userId);
  const row = await query.executeTakeFirst();
  if (!row) throw new LedgerError("not_found", `no withdrawal ${transactionId}`);
  if (row.state === to) return false;
  throw new LedgerError(
    row.state === "processing" ? "not_pending" : "invalid_state",
    `withdrawal ${transactionId} is ${row.state}, not ${from.join(" or ")}`,
  );
}

async function current(tx: Tx, transactionId: string): Promise<MoneyResult> {
  return { transaction: toTransaction((await selectTransaction(tx, { id: transactionId }))!), replayed: true };
}

/** The user takes back a withdrawal while it is still pending (not once an admin approved it). */
export async function cancelWithdrawal(tx: Tx, input: { userId: string; transactionId: string }): Promise<MoneyResult> {
  if (!(await moveWithdrawal(tx, input.transactionId, ["pending"], "cancelled", { decidedBy: null }, input.userId)))
    return current(tx, input.transactionId);
  return settle(tx, input.transactionId, { type: "withdrawal", userId: input.userId }, "failed", "withdrawal cancelled", returnHold(tx), {
    cancelledBy: "user",
  });
}

/** An admin approved it for payment: from now on the user can no longer cancel it. */
export async function approveWithdrawal(tx: Tx, input: { transactionId: string; adminId: string }): Promise<MoneyResult> {
  const moved = await moveWithdrawal(tx, input.transactionId, ["pending"], "processing", { approvedBy: input.adminId });
  const result = await current(tx, input.transactionId);
  return { ...result, replayed: !moved };
}

/** An admin paid it out (after approving it), with the payout's external reference. */
export async function completeWithdrawal(
  tx: Tx,
  input: { transactionId: string; adminId: string; payoutReference: string; at?: string },
): Promise<MoneyResult> {
  if (!input.payoutReference.trim()) throw new LedgerError("invalid_state", "a payout reference is required");
  if (
    !(await moveWithdrawal(tx, input.transactionId, ["processing"], "paid", {
      payoutReference: input.payoutReference,
      decidedBy: input.adminId,
    }))
  ) {
    return current(tx, input.transactionId);
  }
  return settle(
    tx,
    input.transactionId,
    { type: "withdrawal" },
    "completed",
    "withdrawal paid",
    (row) => [
      { account: userAccount(row.userId, "withdrawals"), amountCents: -row.amountCents },
      { account: platformAccount("payouts"), amountCents: row.amountCents },
    ],
    { paidBy: input.adminId, payoutReference: input.payoutReference },
    input.at,
  );
}

/** An admin refused it (pending or processing), with a reason: the held amount returns to the balance. */
export async function rejectWithdrawal(tx: Tx, input: { transactionId: string; adminId: string; reason: string }): Promise<MoneyResult> {
  if (!input.reason.trim()) throw new LedgerError("invalid_state", "a reason is required");
  if (
    !(await moveWithdrawal(tx, input.transactionId, ["pending", "processing"], "rejected", {
      reason: input.reason,
      decidedBy: input.adminId,
    }))
  ) {
    return current(tx, input.transactionId);
  }
  return settle(tx, input.transactionId, { type: "withdrawal" }, "failed", "withdrawal rejected", returnHold(tx), {
    rejectedBy: input.adminId,
    reason: input.reason,
  });
}

// ——— Cashback: pending, then confirmed or declined; amended while pending; returned after ———
//
// A network's commission is owed to the platform by the network (`affiliate_networks`): the
// member's share goes to their pending cashback, the rest to the platform's margin
// (`cashback_margin`). The cashback transaction keeps the commission in its metadata, so an
// amendment, a decline or a return moves both parts back in step.

function commissionOf(row: LedgerTransaction): number {
  const value = Number(row.metadata.commissionCents);
  return Number.isInteger(value) && value >= row.amountCents ? value : row.amountCents;
}

function cashbackPostings(userId: string, cashbackCents: number, commissionCents: number): Posting[] {
  return [
    { account: platformAccount("affiliate_networks"), amountCents: -commissionCents },
    { account: userAccount(userId, "pending_cashback"), amountCents: cashbackCents },
    { account: platformAccount("cashback_margin"), amountCents: commissionCents - cashbackCents },
  ];
}

export async function recordCashback(
  tx: Tx,
  input: {
    userId: string;
    amountCents: number;
    /** The network's commission the cashback is a share of (defaults to the cashback: no margin). */
    commissionCents?: number;
    merchant: string;
    orderId: string;
    conversionId: string;
    description: string;
    at?: string;
  },
): Promise<MoneyResult> {
  const commissionCents = input.commissionCents ?? input.amountCents;
  if (!Number.isInteger(commissionCents) || commissionCents < input.amountCents)
    throw new LedgerError("invalid_amount", "the cashback cannot exceed the commission");
  return startMovement(tx, {
    userId: input.userId,
    type: "cashback",
    status: "pending",
    direction: "credit",
    amountCents: input.amountCents,
    description: input.description,
    merchant: input.merchant,
    orderId: input.orderId,
    idempotencyKey: input.conversionId,
    fingerprintExtra: [input.merchant, commissionCents],
    metadata: { conversionId: input.conversionId, commissionCents },
    memo: "cashback reported",
    at: input.at,
    postings: () => cashbackPostings(input.userId, input.amountCents, commissionCents),
  });
}

/**
 * A network amended a pending conversion (a partial return, a corrected basket): the pending
 * cashback and the margin follow the new commission with one adjusting entry. Only a pending
 * transaction can be amended; the caller holds the conversion's lock, so amendments are serial.
 */
export async function amendCashback(
  tx: Tx,
  input: { transactionId: string; amountCents: number; commissionCents: number },
): Promise<LedgerTransaction> {
  assertAmount(input.amountCents);
  if (!Number.isInteger(input.commissionCents) || input.commissionCents < input.amountCents)
    throw new LedgerError("invalid_amount", "the cashback cannot exceed the commission");
  const row = await selectTransaction(tx, { id: input.transactionId });
  if (!row || row.type !== "cashback") throw new LedgerError("not_found", `no cashback transaction ${input.transactionId}`);
  const current = toTransaction(row);
  if (current.status !== "pending") throw new LedgerError("not_pending", "only pending cashback can be amended");
  const cashbackDelta = input.amountCents - current.amountCents;
  const commissionDelta = input.commissionCents - commissionOf(current);
  if (cashbackDelta === 0 && commissionDelta === 0) return current;
  const updatedAt = now();
  const metadata = {
    ...current.metadata,
    commissionCents: input.commissionCents,
    amendedFromCents: current.metadata.amendedFromCents ?? current.amountCents,
  };
  const updated = await tx
    .updateTable("transactions")
    .set({ amountCents: input.amountCents, metadata: JSON.stringify(metadata), updatedAt })
    .where("id", "=", current.id)
    .where("status", "=", "pending")
    .where("amountCents", "=", current.amountCents)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ConcurrentChangeError("the cashback changed while it was being amended");
  await postEntry(tx, current.id, "cashback amended", cashbackPostings(current.userId, cashbackDelta, commissionDelta));
  return { ...current, amountCents: input.amountCents, metadata, updatedAt };
}

export function confirmCashback(tx: Tx, input: { transactionId: string; at?: string }) {
  return settle(
    tx,
    input.transactionId,
    { type: "cashback" },
    "completed",
    "cashback confirmed",
    async (row) => [
      { account: userAccount(row.userId, "pending_cashback"), amountCents: -row.amountCents },
      ...(await creditAvailable(tx, row.userId, row.amountCents)),
    ],
    {},
    input.at,
  );
}

export function declineCashback(tx: Tx, input: { transactionId: string }) {
  return settle(tx, input.transactionId, { type: "cashback" }, "failed", "cashback declined", (row) =>
    cashbackPostings(row.userId, -row.amountCents, -commissionOf(row)),
  );
}

/**
 * A return after the cashback became available: the network takes back (part of) its commission,
 * so the member's share comes back from their available balance, and what is no longer there is
 * recorded as owed (repaid from their next credits, like a reversed top-up). One reversal per
 * `reversalKey` (the network's event); the amounts are the part taken back, not the new total.
 */
export async function reverseCashback(
  tx: Tx,
  input: { transactionId: string; amountCents: number; commissionCents: number; reversalKey: string; description: string },
): Promise<MoneyResult & { owedCents: number }> {
  const row = await selectTransaction(tx, { id: input.transactionId });
  if (!row || row.type !== "cashback") throw new LedgerError("not_found", `no cashback transaction ${input.transactionId}`);
  const original = toTransaction(row);
  if (original.status !== "completed" || original.direction !== "credit")
    throw new LedgerError("not_confirmed", "only confirmed cashback can be returned");
  if (input.commissionCents < input.amountCents) throw new LedgerError("invalid_amount", "the cashback cannot exceed the commission");
  return takeBack(
    tx,
    {
      userId: original.userId,
      type: "cashback",
      amountCents: input.amountCents,
      description: input.description,
      merchant: original.merchant,
      orderId: original.orderId,
      idempotencyKey: `reversal:${input.reversalKey}`,
      fingerprintExtra: [original.id, input.commissionCents],
      metadata: { reversal: "return", originalTransactionId: original.id, commissionCents: input.commissionCents },
      memo: "cashback returned",
    },
    [
      { account: platformAccount("affiliate_networks"), amountCents: input.commissionCents },
      { account: platformAccount("cashback_margin"), amountCents: -(input.commissionCents - input.amountCents) },
    ],
  );
}

// ——— Bonuses and purchases ———

function bonus(type: "referral" | "affiliate") {
  return (
    tx: Tx,
    input: {
      userId: string;
      amountCents: number;
      description: string;
      idempotencyKey: string;
      metadata?: Record<string, unknown>;
      at?: string;
    },
  ) =>
    startMovement(tx, {
      userId: input.userId,
      type,
      status: "completed",
      direction: "credit",
      amountCents: input.amountCents,
      description: input.description,
      idempotencyKey: input.idempotencyKey,
      metadata: input.metadata,
      memo: `${type} bonus`,
      at: input.at,
      postings: () => paidBy(tx, "bonuses", input.userId, input.amountCents),
    });
}

export const creditReferralBonus = bonus("referral");
export const creditAffiliateBonus = bonus("affiliate");

/**
 * Takes back a bonus: an affiliate bonus (a partner's commission whose payment was refunded after
 * it was released) or a referral bonus (its qualifying cashback was returned). What is still
 * available returns to the bonuses account, the rest is recorded as owed (repaid from the member's
 * next credits, like every reversal). Once per original.
 */
function reverseBonus(type: "referral" | "affiliate") {
  return async (tx: Tx, input: { transactionId: string; description: string }): Promise<MoneyResult & { owedCents: number }> => {
    const row = await selectTransaction(tx, { id: input.transactionId });
    if (!row || row.type !== type) throw new LedgerError("not_found", `no ${type} transaction ${input.transactionId}`);
    const original = toTransaction(row);
    if (original.status !== "completed" || original.direction !== "credit")
      throw new LedgerError("invalid_state", `only a credited ${type} bonus can be reversed`);
    return takeBack(
      tx,
      {
        userId: original.userId,
        type,
        amountCents: original.amountCents,
        description: input.description,
        idempotencyKey: `reversal:${original.id}`,
        fingerprintExtra: original.id,
        metadata: { ...original.metadata, reversal: "clawback", originalTransactionId: original.id },
        memo: `${type} bonus reversed`,
      },
      [{ account: platformAccount("bonuses"), amountCents: original.amountCents }],
    );
  };
}

export const reverseAffiliateBonus = reverseBonus("affiliate");
export const reverseReferralBonus = reverseBonus("referral");

// ——— Loyalty points redeemed ———

/**
 * Loyalty points redeemed into the available balance: the platform's `loyalty` account pays the
 * value (and, like every credit, it first repays what the member owes). Once per key: the points
 * ledger spends the points in the same unit of work, under the same key.
 */
export async function creditLoyaltyRedemption(
  tx: Tx,
  input: { userId: string; amountCents: number; points: number; description: string; idempotencyKey: string; at?: string },
): Promise<MoneyResult> {
  return startMovement(tx, {
    userId: input.userId,
    type: "loyalty",
    status: "completed",
    direction: "credit",
    amountCents: input.amountCents,
    description: input.description,
    merchant: "Cashwise",
    idempotencyKey: input.idempotencyKey,
    fingerprintExtra: input.points,
    metadata: { points: input.points },
    memo: "loyalty points redeemed",
    at: input.at,
    postings: () => paidBy(tx, "loyalty", input.userId, input.amountCents),
  });
}

// ——— Manual adjustments by an admin ———

/**
 * A manual correction by an admin, with the reason the member is shown: a credit comes from the
 * platform's `adjustments` account (and, like every credit, first repays what the member owes); a
 * debit goes back to it and never takes more than the available balance (it throws
 * `InsufficientFundsError`): an adjustment never records a debt, so a member's balance stays what
 * they can see and spend. Once per idempotency key (the admin form's nonce): a double submit
 * replays the first.
 */
export async function adjustBalance(
  tx: Tx,
  input: { userId: string; direction: "credit" | "debit"; amountCents: number; reason: string; adminId: string; idempotencyKey: string },
): Promise<MoneyResult> {
  if (!input.reason.trim()) throw new LedgerError("invalid_state", "a reason is required");
  return startMovement(tx, {
    userId: input.userId,
    type: "adjustment",
    status: "completed",
    direction: input.direction,
    amountCents: input.amountCents,
    // The member's wallet shows the reason as the description, as the admin wrote it.
    description: input.reason,
    merchant: "Cashwise",
    idempotencyKey: input.idempotencyKey,
    fingerprintExtra: [input.reason],
    metadata: { reason: input.reason, adminId: input.adminId },
    memo: `manual ${input.direction}`,
    postings: async () =>
      input.direction === "credit"
        ? paidBy(tx, "adjustments", input.userId, input.amountCents)
        : [
            { account: userAccount(input.userId, "available"), amountCents: -input.amountCents },
            { account: platformAccount("adjustments"), amountCents: input.amountCents },
          ],
  });
}

/** Pays for something (a plan) from the available balance. */
export async function payFromWallet(
  tx: Tx,
  input: { userId: string; amountCents: number; description: string; merchant?: string; idempotencyKey: string },
): Promise<MoneyResult> {
  return startMovement(tx, {
    userId: input.userId,
    type: "purchase",
    status: "completed",
    direction: "debit",
    amountCents: input.amountCents,
    description: input.description,
    merchant: input.merchant ?? "Cashwise",
    idempotencyKey: input.idempotencyKey,
    fingerprintExtra: input.merchant ?? "Cashwise",
    memo: "paid from wallet",
    postings: () => [
      { account: userAccount(input.userId, "available"), amountCents: -input.amountCents },
      { account: platformAccount("sales"), amountCents: input.amountCents },
    ],
  });
}

/**
 * A purchase (a plan) paid through the payment provider: the provider owes the platform the
 * amount, and the platform's sales earn it; the user's balance is untouched. Once per payment.
 */
export async function recordProviderPurchase(
  tx: Tx,
  input: { userId: string; amountCents: number; description: string; provider: string; paymentId: string },
): Promise<MoneyResult> {
  return startMovement(tx, {
    userId: input.userId,
    type: "purchase",
    status: "completed",
    direction: "debit",
    amountCents: input.amountCents,
    description: input.description,
    merchant: input.provider,
    orderId: input.paymentId,
    idempotencyKey: `provider:${input.paymentId}`,
    fingerprintExtra: [input.provider, input.paymentId],
    metadata: { source: "provider", paymentId: input.paymentId },
    memo: "paid through the provider",
    postings: () => [
      { account: platformAccount("payment_provider"), amountCents: -input.amountCents },
      { account: platformAccount("sales"), amountCents: input.amountCents },
    ],
  });
}

/**
 * Refunds a purchase in full, once: the sales give the amount back to where it came from. A
 * wallet purchase returns to the user's available balance (first repaying what they owe, like
 * every credit); a provider purchase goes back through the provider (its account), the balance
 * untouched. The key is the original transaction: a second refund of it is a replay.
 */
export async function refundPurchase(tx: Tx, input: { transactionId: string; userId?: string; description: string }): Promise<MoneyResult> {
  const row = await selectTransaction(tx, { id: input.transactionId });
  if (!row || row.type !== "purchase" || (input.userId && row.userId !== input.userId)) {
    throw new LedgerError("not_found", `no purchase transaction ${input.transactionId}`);
  }
  const original = toTransaction(row);
  if (original.direction !== "debit" || original.status !== "completed")
    throw new LedgerError("invalid_state", "only a completed purchase can be refunded");
  const viaProvider = original.metadata.source === "provider";
  return startMovement(tx, {
    userId: original.userId,
    type: "purchase",
    status: "completed",
    direction: "credit",
    amountCents: original.amountCents,
    description: input.description,
    merchant: original.merchant,
    orderId: original.orderId,
    idempotencyKey: `refund:${original.id}`,
    fingerprintExtra: original.id,
    metadata: { reversal: "refund", originalTransactionId: original.id, source: viaProvider ? "provider" : "wallet" },
    memo: "purchase refunded",
    postings: async () => [
      { account: platformAccount("sales"), amountCents: -original.amountCents },
      ...(viaProvider
        ? [{ account: platformAccount("payment_provider"), amountCents: original.amountCents }]
        : await creditAvailable(tx, original.userId, original.amountCents)),
    ],
  });
}
