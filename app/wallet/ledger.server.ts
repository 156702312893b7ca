/**
 * The ledger: owns money. Every movement is an immutable entry whose postings (signed integer
 * cents) sum to zero over accounts: each user's available balance, pending cashback and
 * withdrawals in flight, and the platform's accounts (payment provider, affiliate networks,
 * payouts, bonuses, sales). A user-facing transaction (type, status, description…) groups the
 * entries of one movement: a withdrawal is a hold, then a payout or a return.
 *
 * Each function is one database transaction and is idempotent: the caller's key is stored with
 * the transaction in that same database transaction, and the same key again answers with what
 * happened the first time. A user's balances never go below zero: every debit is a conditional
 * update (row-locked on PostgreSQL, serialised on SQLite), and a CHECK constraint stands behind it.
 */
import { randomUUID } from "node:crypto";
import { now, type Db, type Tx } from "~/db/db.server";
import type { TransactionStatus, TransactionType } from "~/db/schema";
import { isUniqueViolation } from "~/users/users.server";
import { MIN_WITHDRAWAL_CENTS } from "./amounts";

export type UserAccountKind = "available" | "pending_cashback" | "withdrawals";
export type PlatformAccount = "payment_provider" | "affiliate_networks" | "payouts" | "bonuses" | "sales";

export const userAccount = (userId: string, kind: UserAccountKind) => `user:${userId}:${kind}`;
export const platformAccount = (name: PlatformAccount) => `platform:${name}`;


export class InsufficientFundsError extends Error {
  constructor() {
    super("Insufficient balance");
    this.name = "InsufficientFundsError";
  }
}

export class LedgerError extends Error {
  constructor(public readonly code: "not_found" | "not_pending" | "invalid_amount", message: string) {
    super(message);
    this.name = "LedgerError";
  }
}

export interface LedgerTransaction {
  id: string;
  userId: string;
  type: TransactionType;
  status: TransactionStatus;
  direction: "credit" | "debit";
  amountCents: number;
  description: string;
  merchant: string | null;
  orderId: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface MoneyResult {
  transaction: LedgerTransaction;
  /** True when this idempotency key was already used: nothing moved this time. */
  replayed: boolean;
}

type Row = Awaited<ReturnType<typeof selectTransaction>>;

function selectTransaction(db: Db | Tx, where: { id?: string; key?: string }) {
  let query = db.selectFrom("transactions").selectAll();
  if (where.id) query = query.where("id", "=", where.id);
  if (where.key) query = query.where("idempotencyKey", "=", where.key);
  return query.executeTakeFirst();
}

function toTransaction(row: NonNullable<Row>): LedgerTransaction {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    status: row.status,
    direction: row.direction,
    amountCents: Number(row.amountCents),
    description: row.description,
    merchant: row.merchant,
    orderId: row.orderId,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function assertAmount(amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new LedgerError("invalid_amount", `amount must be a positive whole number of cents, got ${amountCents}`);
  }
}

/** Opens the user's three accounts (idempotent). */
export async function ensureUserAccounts(db: Db | Tx, userId: string): Promise<void> {
  const createdAt = now();
  await db
    .insertInto("ledgerAccounts")
    .values((["available", "pending_cashback", "withdrawals"] as const).map((kind) => ({ id: userAccount(userId, kind), userId, kind, createdAt })))
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

async function ensurePlatformAccount(tx: Tx, name: PlatformAccount) {
  await tx
    .insertInto("ledgerAccounts")
    .values({ id: platformAccount(name), userId: null, kind: name, createdAt: now() })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/**
 * Writes one entry: postings that sum to zero, each applied to its account's cached balance. A
 * user account's balance is only lowered when it stays at or above zero; otherwise nothing of the
 * surrounding database transaction is kept.
 */
async function postEntry(tx: Tx, transactionId: string, memo: string, postings: Array<{ account: string; amountCents: number }>) {
  const sum = postings.reduce((total, posting) => total + posting.amountCents, 0);
  if (sum !== 0) throw new Error(`unbalanced entry (${memo}): postings sum to ${sum}`);
  for (const posting of postings) {
    if (posting.account.startsWith("platform:")) await ensurePlatformAccount(tx, posting.account.slice("platform:".length) as PlatformAccount);
  }
  const entryId = randomUUID();
  const createdAt = now();
  await tx.insertInto("ledgerEntries").values({ id: entryId, transactionId, memo, createdAt }).execute();
  // Credits first, then debits, always in the same order: no deadlock between two entries.
  const ordered = [...postings].sort((a, b) => a.amountCents - b.amountCents || a.account.localeCompare(b.account));
  for (const posting of ordered) {
    await tx.insertInto("postings").values({ id: randomUUID(), entryId, accountId: posting.account, amountCents: posting.amountCents, createdAt }).execute();
    let update = tx
      .updateTable("ledgerAccounts")
      .set((eb) => ({ balanceCents: eb("balanceCents", "+", posting.amountCents) }))
      .where("id", "=", posting.account);
    if (posting.amountCents < 0 && !posting.account.startsWith("platform:")) {
      update = update.where("balanceCents", ">=", -posting.amountCents);
    }
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      if (posting.amountCents < 0) throw new InsufficientFundsError();
      throw new Error(`ledger account ${posting.account} does not exist`);
    }
  }
}

interface NewMovement {
  userId: string;
  type: TransactionType;
  status: TransactionStatus;
  direction: "credit" | "debit";
  amountCents: number;
  description: string;
  merchant?: string | null;
  orderId?: string | null;
  idempotencyKey: string;
  metadata?: Record<string, unknown>;
  memo: string;
  postings: (transactionId: string) => Array<{ account: string; amountCents: number }>;
}

/** Creates a transaction and its first entry, once per idempotency key. */
async function startMovement(db: Db, movement: NewMovement): Promise<MoneyResult> {
  assertAmount(movement.amountCents);
  const existing = await selectTransaction(db, { key: movement.idempotencyKey });
  if (existing) return { transaction: toTransaction(existing), replayed: true };
  try {
    const row = await db.transaction().execute(async (tx) => {
      await ensureUserAccounts(tx, movement.userId);
      const timestamp = now();
      const id = randomUUID();
      await tx
        .insertInto("transactions")
        .values({
          id,
          userId: movement.userId,
          type: movement.type,
          status: movement.status,
          direction: movement.direction,
          amountCents: movement.amountCents,
          description: movement.description,
          merchant: movement.merchant ?? null,
          orderId: movement.orderId ?? null,
          idempotencyKey: movement.idempotencyKey,
          metadata: JSON.stringify(movement.metadata ?? {}),
          createdAt: timestamp,
          updatedAt: timestamp,
        })
        .execute();
      await postEntry(tx, id, movement.memo, movement.postings(id));
      return selectTransaction(tx, { id });
    });
    return { transaction: toTransaction(row!), replayed: false };
  } catch (error) {
    // Two submissions of the same key at once: the loser answers with the winner's result.
    if (isUniqueViolation(error)) {
      const winner = await selectTransaction(db, { key: movement.idempotencyKey });
      if (winner) return { transaction: toTransaction(winner), replayed: true };
    }
    throw error;
  }
}

/**
 * Moves a pending transaction to its final status with one more entry, exactly once: a second
 * call (a double click, a retried request) finds it settled and changes nothing.
 */
async function settle(
  db: Db,
  transactionId: string,
  expected: { type: TransactionType; userId?: string },
  outcome: "completed" | "failed",
  memo: string,
  postings: (row: LedgerTransaction) => Array<{ account: string; amountCents: number }>,
  metadata: Record<string, unknown> = {},
): Promise<MoneyResult> {
  return db.transaction().execute(async (tx) => {
    const row = await selectTransaction(tx, { id: transactionId });
    if (!row || row.type !== expected.type || (expected.userId && row.userId !== expected.userId)) {
      throw new LedgerError("not_found", `no ${expected.type} transaction ${transactionId}`);
    }
    const current = toTransaction(row);
    if (current.status !== "pending") return { transaction: current, replayed: true };
    const updated = await tx
      .updateTable("transactions")
      .set({ status: outcome, updatedAt: now(), metadata: JSON.stringify({ ...current.metadata, ...metadata }) })
      .where("id", "=", transactionId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      return { transaction: toTransaction((await selectTransaction(tx, { id: transactionId }))!), replayed: true };
    }
    await postEntry(tx, transactionId, memo, postings(current));
    return { transaction: toTransaction((await selectTransaction(tx, { id: transactionId }))!), replayed: false };
  });
}

// ——— Top-ups ———

export async function creditDeposit(
  db: Db,
  input: { userId: string; amountCents: number; paymentId: string; description: string; provider: string },
): Promise<MoneyResult> {
  return startMovement(db, {
    userId: input.userId,
    type: "deposit",
    status: "completed",
    direction: "credit",
    amountCents: input.amountCents,
    description: input.description,
    merchant: input.provider,
    orderId: input.paymentId,
    idempotencyKey: `deposit:${input.paymentId}`,
    memo: "top-up paid",
    postings: () => [
      { account: platformAccount("payment_provider"), amountCents: -input.amountCents },
      { account: userAccount(input.userId, "available"), amountCents: input.amountCents },
    ],
  });
}

// ——— Withdrawals: a hold, then paid or returned ———

export async function requestWithdrawal(
  db: Db,
  input: { userId: string; amountCents: number; method: "paypal" | "bank"; destination: string; description: string; idempotencyKey: string },
): Promise<MoneyResult> {
  if (input.amountCents < MIN_WITHDRAWAL_CENTS) throw new LedgerError("invalid_amount", "below the minimum withdrawal");
  return startMovement(db, {
    userId: input.userId,
    type: "withdrawal",
    status: "pending",
    direction: "debit",
    amountCents: input.amountCents,
    description: input.description,
    merchant: input.method === "paypal" ? "PayPal" : "Bank transfer",
    idempotencyKey: `withdrawal:${input.userId}:${input.idempotencyKey}`,
    metadata: { method: input.method, destination: input.destination },
    memo: "withdrawal held",
    postings: () => [
      { account: userAccount(input.userId, "available"), amountCents: -input.amountCents },
      { account: userAccount(input.userId, "withdrawals"), amountCents: input.amountCents },
    ],
  });
}

const returnHold = (row: LedgerTransaction) => [
  { account: userAccount(row.userId, "withdrawals"), amountCents: -row.amountCents },
  { account: userAccount(row.userId, "available"), amountCents: row.amountCents },
];

/** The user takes back a pending withdrawal: the held amount returns to the balance. */
export function cancelWithdrawal(db: Db, input: { userId: string; transactionId: string }) {
  return settle(db, input.transactionId, { type: "withdrawal", userId: input.userId }, "failed", "withdrawal cancelled", returnHold, { cancelledBy: "user" });
}

/** An admin paid it out. */
export function completeWithdrawal(db: Db, input: { transactionId: string; adminId: string }) {
  return settle(
    db,
    input.transactionId,
    { type: "withdrawal" },
    "completed",
    "withdrawal paid",
    (row) => [
      { account: userAccount(row.userId, "withdrawals"), amountCents: -row.amountCents },
      { account: platformAccount("payouts"), amountCents: row.amountCents },
    ],
    { paidBy: input.adminId },
  );
}

/** An admin refused it: the held amount returns to the balance. */
export function rejectWithdrawal(db: Db, input: { transactionId: string; adminId: string; reason?: string }) {
  return settle(db, input.transactionId, { type: "withdrawal" }, "failed", "withdrawal rejected", returnHold, {
    rejectedBy: input.adminId,
    reason: input.reason ?? null,
  });
}

// ——— Cashback: pending, then confirmed or declined ———

export async function recordCashback(
  db: Db,
  input: { userId: string; amountCents: number; merchant: string; orderId: string; conversionId: string; description: string },
): Promise<MoneyResult> {
  return startMovement(db, {
    userId: input.userId,
    type: "cashback",
    status: "pending",
    direction: "credit",
    amountCents: input.amountCents,
    description: input.description,
    merchant: input.merchant,
    orderId: input.orderId,
    idempotencyKey: `cashback:${input.conversionId}`,
    metadata: { conversionId: input.conversionId },
    memo: "cashback reported",
    postings: () => [
      { account: platformAccount("affiliate_networks"), amountCents: -input.amountCents },
      { account: userAccount(input.userId, "pending_cashback"), amountCents: input.amountCents },
    ],
  });
}

export function confirmCashback(db: Db, input: { transactionId: string }) {
  return settle(db, input.transactionId, { type: "cashback" }, "completed", "cashback confirmed", (row) => [
    { account: userAccount(row.userId, "pending_cashback"), amountCents: -row.amountCents },
    { account: userAccount(row.userId, "available"), amountCents: row.amountCents },
  ]);
}

export function declineCashback(db: Db, input: { transactionId: string }) {
  return settle(db, input.transactionId, { type: "cashback" }, "failed", "cashback declined", (row) => [
    { account: userAccount(row.userId, "pending_cashback"), amountCents: -row.amountCents },
    { account: platformAccount("affiliate_networks"), amountCents: row.amountCents },
  ]);
}

// ——— Bonuses and purchases ———

function bonus(type: "referral" | "affiliate") {
  return (db: Db, input: { userId: string; amountCents: number; description: string; idempotencyKey: string; metadata?: Record<string, unknown> }) =>
    startMovement(db, {
      userId: input.userId,
      type,
      status: "completed",
      direction: "credit",
      amountCents: input.amountCents,
      description: input.description,
      idempotencyKey: `${type}:${input.idempotencyKey}`,
      metadata: input.metadata,
      memo: `${type} bonus`,
      postings: () => [
        { account: platformAccount("bonuses"), amountCents: -input.amountCents },
        { account: userAccount(input.userId, "available"), amountCents: input.amountCents },
      ],
    });
}

export const creditReferralBonus = bonus("referral");
export const creditAffiliateBonus = bonus("affiliate");

/** Pays for something (a plan) from the available balance. */
export async function payFromWallet(
  db: Db,
  input: { userId: string; amountCents: number; description: string; merchant?: string; idempotencyKey: string },
): Promise<MoneyResult> {
  return startMovement(db, {
    userId: input.userId,
    type: "purchase",
    status: "completed",
    direction: "debit",
    amountCents: input.amountCents,
    description: input.description,
    merchant: input.merchant ?? "Cashwise",
    idempotencyKey: `purchase:${input.userId}:${input.idempotencyKey}`,
    memo: "paid from wallet",
    postings: () => [
      { account: userAccount(input.userId, "available"), amountCents: -input.amountCents },
      { account: platformAccount("sales"), amountCents: input.amountCents },
    ],
  });
}

// ——— Reading ———

export interface Balances {
  availableCents: number;
  pendingCashbackCents: number;
  withdrawalsCents: number;
}

export async function getBalances(db: Db | Tx, userId: string): Promise<Balances> {
  const rows = await db.selectFrom("ledgerAccounts").select(["kind", "balanceCents"]).where("userId", "=", userId).execute();
  const of = (kind: UserAccountKind) => Number(rows.find((row) => row.kind === kind)?.balanceCents ?? 0);
  return { availableCents: of("available"), pendingCashbackCents: of("pending_cashback"), withdrawalsCents: of("withdrawals") };
}

/** A balance recomputed from its postings (what the cached balance must always equal). */
export async function balanceFromPostings(db: Db | Tx, accountId: string): Promise<number> {
  const row = await db
    .selectFrom("postings")
    .select((eb) => eb.fn.sum<number | string | null>("amountCents").as("total"))
    .where("accountId", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

export async function getTransaction(db: Db, userId: string, transactionId: string): Promise<LedgerTransaction | undefined> {
  const row = await db.selectFrom("transactions").selectAll().where("id", "=", transactionId).where("userId", "=", userId).executeTakeFirst();
  return row ? toTransaction(row) : undefined;
}

export { toTransaction };
