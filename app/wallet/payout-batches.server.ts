/**
 * Payout batches: owns `payout_batches` and `withdrawals.batch_id`. A batch gathers the processing
 * withdrawals of one payout method (not yet in a batch) so they are paid out with one file (see
 * payout-files.server.ts: PayPal's bulk CSV, or a pain.001 credit transfer for the bank) and then
 * marked paid together with one payout reference: each withdrawal gets that reference and the same
 * ledger settlement as the desk's single "mark paid" (`completeWithdrawal`), all in one unit of work,
 * and marking a paid batch again changes nothing. An open batch can be cancelled: its withdrawals go
 * back to the desk's queue. While a withdrawal is in an open or paid batch the desk refuses to pay or
 * reject it on its own (its file may already be at the bank). Each action writes one audit row.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { auditBy, type Actor } from "~/audit/audit.server";
import { env } from "~/config/env.server";
import { now, type DbOrTx, type Tx } from "~/db/db.server";
import { likePattern } from "~/db/like";
import type { PayoutBatchState } from "~/db/schema";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { notify } from "~/notifications/notifications.server";
import { CURRENCY, completeWithdrawal } from "./ledger.server";
import { batchMessageId, creditTransferXml, paypalPayoutsCsv, PAYPAL_MAX_ROWS, sepaText } from "./payout-files.server";
import { NamedError } from "~/utils/named-error";

export type PayoutMethod = "paypal" | "bank";
export const PAYOUT_METHODS = ["paypal", "bank"] as const satisfies readonly PayoutMethod[];
/** The most withdrawals one batch takes (PayPal's files take 5,000). */
export const PAYOUT_BATCH_MAX_ITEMS = Math.min(1000, PAYPAL_MAX_ROWS);

export class PayoutBatchError extends NamedError {
  constructor(
    public readonly code: "empty" | "not_found" | "not_open" | "changed" | "bank_not_configured",
    message: string = code,
  ) {
    super(message);
  }
}

export interface PayoutBatchView {
  id: string;
  /** The batch's file id (MsgId), also its short name on the desk. */
  reference: string;
  method: PayoutMethod;
  state: PayoutBatchState;
  currency: string;
  itemCount: number;
  totalCents: number;
  payoutReference: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** Which processing withdrawals a new batch takes: the desk's filters (the member's e-mail, dates). */
export interface BatchScope {
  email?: string;
  /** Inclusive dates (YYYY-MM-DD, UTC) of the request. */
  from?: string;
  to?: string;
}

/** The processing withdrawals in no batch (in the ledger's currency) within `scope`. */
function unbatched(db: DbOrTx, scope: BatchScope) {
  let query = db
    .selectFrom("withdrawals")
    .innerJoin("users", "users.id", "withdrawals.userId")
    .where("withdrawals.state", "=", "processing")
    .where("withdrawals.batchId", "is", null)
    .where("withdrawals.currency", "=", CURRENCY);
  if (scope.email?.trim()) query = query.where(sql`lower(users.email)`, "like", sql`${likePattern(scope.email)} escape '\\'`);
  if (scope.from) query = query.where("withdrawals.createdAt", ">=", `${scope.from}T00:00:00.000Z`);
  if (scope.to) query = query.where("withdrawals.createdAt", "<=", `${scope.to}T23:59:59.999Z`);
  return query;
}

/** What a new batch of each method would take now (within `scope`). */
export async function batchCandidates(
  db: DbOrTx,
  scope: BatchScope = {},
): Promise<Record<PayoutMethod, { count: number; totalCents: number }>> {
  const rows = await unbatched(db, scope)
    .select((eb) => [
      "withdrawals.method",
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.sum<number | string | null>("withdrawals.amountCents").as("total"),
    ])
    .groupBy("withdrawals.method")
    .execute();
  const result = { paypal: { count: 0, totalCents: 0 }, bank: { count: 0, totalCents: 0 } };
  for (const row of rows) result[row.method] = { count: Number(row.count), totalCents: Number(row.total ?? 0) };
  return result;
}

/** The newest batches first. */
export async function listPayoutBatches(db: DbOrTx, options: { limit?: number } = {}): Promise<PayoutBatchView[]> {
  const rows = await db
    .selectFrom("payoutBatches")
    .select(["id", "method", "state", "currency", "itemCount", "totalCents", "payoutReference", "createdAt", "decidedAt"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(options.limit ?? 20)
    .execute();
  return rows.map(toView);
}

export async function getPayoutBatch(db: DbOrTx, batchId: string): Promise<PayoutBatchView | undefined> {
  const row = await db
    .selectFrom("payoutBatches")
    .select(["id", "method", "state", "currency", "itemCount", "totalCents", "payoutReference", "createdAt", "decidedAt"])
    .where("id", "=", batchId)
    .executeTakeFirst();
  return row ? toView(row) : undefined;
}

function toView(row: Omit<PayoutBatchView, "reference">): PayoutBatchView {
  return { ...row, reference: batchMessageId(row.id), itemCount: Number(row.itemCount), totalCents: Number(row.totalCents) };
}

/**
 * Gathers the processing withdrawals of `method` that are in no batch (within `scope`, oldest first,
 * at most PAYOUT_BATCH_MAX_ITEMS) into a new open batch.
 */
export async function createPayoutBatch(
  tx: Tx,
  input: { actor: Actor; method: PayoutMethod; scope?: BatchScope },
): Promise<PayoutBatchView> {
  if (input.method === "bank" && !env().payoutDebtor) throw new PayoutBatchError("bank_not_configured");
  const candidates = await unbatched(tx, input.scope ?? {})
    .select(["withdrawals.transactionId", "withdrawals.amountCents"])
    .where("withdrawals.method", "=", input.method)
    .orderBy("withdrawals.createdAt", "asc")
    .orderBy("withdrawals.transactionId", "asc")
    .limit(PAYOUT_BATCH_MAX_ITEMS)
    .execute();
  if (candidates.length === 0) throw new PayoutBatchError("empty");
  const id = randomUUID();
  const timestamp = now();
  const totalCents = candidates.reduce((sum, row) => sum + Number(row.amountCents), 0);
  const ids = candidates.map((row) => row.transactionId);
  await tx
    .insertInto("payoutBatches")
    .values({
      id,
      method: input.method,
      state: "open",
      currency: CURRENCY,
      itemCount: ids.length,
      totalCents,
      createdBy: input.actor.id,
      createdAt: timestamp,
      updatedAt: timestamp,
    })
    .execute();
  let claimed = 0;
  for (let start = 0; start < ids.length; start += 500) {
    const result = await tx
      .updateTable("withdrawals")
      .set({ batchId: id, updatedAt: timestamp })
      .where("transactionId", "in", ids.slice(start, start + 500))
      .where("state", "=", "processing")
      .where("batchId", "is", null)
      .executeTakeFirst();
    claimed += Number(result.numUpdatedRows);
  }
  // Another admin batched, paid or rejected one of them meanwhile: the whole unit rolls back.
  if (claimed !== ids.length) throw new PayoutBatchError("changed");
  await auditBy(tx, input.actor, {
    action: "payoutBatch.created",
    subject: `payout-batch:${id}`,
    after: { state: "open", method: input.method, currency: CURRENCY, itemCount: ids.length, totalCents },
    details: {
      reference: batchMessageId(id),
      transactionIds: ids,
      ...(input.scope && Object.values(input.scope).some(Boolean) ? { scope: input.scope } : {}),
    },
  });
  return (await getPayoutBatch(tx, id))!;
}

/**
 * Moves an open batch to the admin's decision; the decision's time, or null when the batch already
 * had that state (a replay). Any other state, or no such batch, is an error.
 */
async function decideOpenBatch(
  tx: Tx,
  input: { actor: Actor; batchId: string },
  state: "paid" | "cancelled",
  set: { payoutReference?: string } = {},
): Promise<string | null> {
  const timestamp = now();
  const moved = await tx
    .updateTable("payoutBatches")
    .set({ state, ...set, decidedBy: input.actor.id, decidedAt: timestamp, updatedAt: timestamp })
    .where("id", "=", input.batchId)
    .where("state", "=", "open")
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) return timestamp;
  const batch = await getPayoutBatch(tx, input.batchId);
  if (!batch) throw new PayoutBatchError("not_found");
  if (batch.state === state) return null;
  throw new PayoutBatchError("not_open");
}

/**
 * Marks an open batch paid with one payout reference: every withdrawal of it still processing is
 * settled exactly as the desk's "mark paid" does, and its member told. A batch already paid is a
 * replay: nothing changes (the first reference stays).
 */
export async function payPayoutBatch(
  tx: Tx,
  input: { actor: Actor; batchId: string; payoutReference: string },
): Promise<{ replayed: boolean; paid: number }> {
  const payoutReference = input.payoutReference.trim();
  if (!payoutReference) throw new PayoutBatchError("not_open", "a payout reference is required");
  if (!(await decideOpenBatch(tx, input, "paid", { payoutReference }))) return { replayed: true, paid: 0 };
  const items = await tx
    .selectFrom("withdrawals")
    .select(["transactionId", "state", "amountCents", "userId"])
    .where("batchId", "=", input.batchId)
    .orderBy("createdAt", "asc")
    .orderBy("transactionId", "asc")
    .execute();
  const paid: string[] = [];
  const skipped: Array<{ transactionId: string; state: string }> = [];
  let paidCents = 0;
  for (const item of items) {
    if (item.state !== "processing") {
      skipped.push({ transactionId: item.transactionId, state: item.state });
      continue;
    }
    const result = await completeWithdrawal(tx, { transactionId: item.transactionId, adminId: input.actor.id, payoutReference });
    if (result.replayed) continue;
    await notify(tx, result.transaction.userId, "withdrawalPaid", { amountCents: result.transaction.amountCents });
    paid.push(item.transactionId);
    paidCents += result.transaction.amountCents;
  }
  await auditBy(tx, input.actor, {
    action: "payoutBatch.paid",
    subject: `payout-batch:${input.batchId}`,
    before: { state: "open" },
    after: { state: "paid", payoutReference },
    details: {
      reference: batchMessageId(input.batchId),
      paidCount: paid.length,
      paidCents,
      transactionIds: paid,
      ...(skipped.length ? { skipped } : {}),
    },
  });
  return { replayed: false, paid: paid.length };
}

/** Cancels an open batch: its withdrawals go back to the queue (still processing). */
export async function cancelPayoutBatch(tx: Tx, input: { actor: Actor; batchId: string }): Promise<{ replayed: boolean }> {
  const timestamp = await decideOpenBatch(tx, input, "cancelled");
  if (!timestamp) return { replayed: true };
  const released = await tx.selectFrom("withdrawals").select("transactionId").where("batchId", "=", input.batchId).execute();
  await tx.updateTable("withdrawals").set({ batchId: null, updatedAt: timestamp }).where("batchId", "=", input.batchId).execute();
  await auditBy(tx, input.actor, {
    action: "payoutBatch.cancelled",
    subject: `payout-batch:${input.batchId}`,
    before: { state: "open" },
    after: { state: "cancelled" },
    details: { reference: batchMessageId(input.batchId), transactionIds: released.map((row) => row.transactionId) },
  });
  return { replayed: false };
}

export interface PayoutFile {
  fileName: string;
  contentType: string;
  body: string;
}

/**
 * The file of an open or paid batch: PayPal's CSV or the bank's pain.001 XML (undefined: no such
 * batch, or a cancelled one). The notes and remittance texts are in each member's language.
 */
export async function payoutBatchFile(db: DbOrTx, batchId: string, at: Date = new Date()): Promise<PayoutFile | undefined> {
  const batch = await getPayoutBatch(db, batchId);
  if (!batch || batch.state === "cancelled") return undefined;
  const items = await db
    .selectFrom("withdrawals")
    .innerJoin("users", "users.id", "withdrawals.userId")
    .select([
      "withdrawals.transactionId",
      "withdrawals.amountCents",
      "withdrawals.currency",
      "withdrawals.destination",
      "users.name",
      "users.email",
      "users.locale",
    ])
    .where("withdrawals.batchId", "=", batchId)
    .orderBy("withdrawals.createdAt", "asc")
    .orderBy("withdrawals.transactionId", "asc")
    .execute();
  if (items.length === 0) return undefined;
  const company = env().company.name;
  const note = (locale: string) => fixedT(isLocale(locale) ? locale : DEFAULT_LOCALE, "wallet")("withdraw.payoutNote", { company });
  const stamp = batch.createdAt.slice(0, 10);
  if (batch.method === "paypal") {
    return {
      fileName: `paypal-payouts-${stamp}-${batch.reference}.csv`,
      contentType: "text/csv; charset=utf-8",
      body: paypalPayoutsCsv(
        items.map((item) => ({
          transactionId: item.transactionId,
          email: item.destination,
          amountCents: Number(item.amountCents),
          currency: item.currency,
          note: note(item.locale),
        })),
      ),
    };
  }
  const debtor = env().payoutDebtor;
  if (!debtor) throw new PayoutBatchError("bank_not_configured");
  return {
    fileName: `credit-transfer-${stamp}-${batch.reference}.xml`,
    contentType: "application/xml; charset=utf-8",
    body: creditTransferXml({
      batchId,
      createdAt: at,
      executionDate: at.toISOString().slice(0, 10),
      currency: batch.currency,
      debtor,
      items: items.map((item) => ({
        transactionId: item.transactionId,
        amountCents: Number(item.amountCents),
        // An account's name in the transfer's character set; a name in another script falls back to the address.
        creditorName: sepaText(item.name, 70) || sepaText(item.email, 70),
        iban: item.destination,
        bic: null,
        remittance: note(item.locale),
      })),
    }),
  };
}
