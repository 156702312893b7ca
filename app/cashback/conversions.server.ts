/**
 * Conversions: owns `conversions` and `conversion_events`, and the one way a network's report of a
 * sale reaches the ledger. Every event is kept as it arrived (append-only); a network transaction
 * is one conversion, unique by (network, network transaction id), so replays change nothing. A
 * conversion whose click is known (and not a bot's) becomes the member's pending cashback: the
 * commission times the member's share, never more than the commission. Approval confirms it
 * (pending → available), a decline reverses the pending amount; statuses never go backwards, so
 * events arriving out of order do no harm (an approval before the pending report confirms at once).
 * A decline after confirmation is marked for an admin (returns come with a later issue), and a
 * conversion without a known click is kept as unmatched for an admin to resolve. Everything runs in
 * the caller's transaction, with the member's notification.
 */
import { randomUUID } from "node:crypto";
import { now, type DbOrTx, type Tx } from "~/db/db.server";
import type { ConversionStatus } from "~/db/schema";
import { notify } from "~/notifications/notifications.server";
import { getSetting } from "~/settings/settings.server";
import { confirmCashback, declineCashback, recordCashback } from "~/wallet/ledger.server";

/** A network's status, mapped to ours. */
export type ReportedStatus = "pending" | "approved" | "declined";

export interface ConversionEvent {
  network: string;
  transactionId: string;
  clickId: string | null;
  saleAmountCents: number;
  commissionCents: number;
  currency: string;
  status: ReportedStatus;
  occurredAt: string;
  source: "postback" | "report" | "admin";
  /** The event as received, kept verbatim. */
  raw: string;
}

export type IngestOutcome = "created" | "confirmed" | "declined" | "unchanged" | "unmatched" | "needs-review";

/** The member's cashback for a commission: the share in basis points, rounded down, at most the commission. */
export function cashbackFor(commissionCents: number, shareBps: number): number {
  const share = Math.max(0, Math.min(10_000, shareBps));
  return Math.min(commissionCents, Math.floor((commissionCents * share) / 10_000));
}

export async function ingestConversion(tx: Tx, event: ConversionEvent): Promise<{ outcome: IngestOutcome; conversionId: string }> {
  const timestamp = now();
  const existing = await findConversion(tx, event.network, event.transactionId);
  let result: { outcome: IngestOutcome; conversionId: string };
  if (!existing) result = await create(tx, event, timestamp);
  else result = await advance(tx, existing, event, timestamp);
  await tx
    .insertInto("conversionEvents")
    .values({
      id: randomUUID(),
      network: event.network,
      networkTransactionId: event.transactionId,
      source: event.source,
      body: event.raw.slice(0, 20_000),
      outcome: result.outcome,
      receivedAt: timestamp,
    })
    .execute();
  return result;
}

async function findConversion(db: DbOrTx, network: string, transactionId: string) {
  return db.selectFrom("conversions").selectAll().where("network", "=", network).where("networkTransactionId", "=", transactionId).executeTakeFirst();
}

type ConversionRow = NonNullable<Awaited<ReturnType<typeof findConversion>>>;

async function create(tx: Tx, event: ConversionEvent, timestamp: string): Promise<{ outcome: IngestOutcome; conversionId: string }> {
  const click = event.clickId
    ? await tx
        .selectFrom("clicks")
        .innerJoin("stores", "stores.id", "clicks.storeId")
        .select(["clicks.userId", "clicks.storeId", "clicks.isBot", "stores.name as storeName", "stores.userShareBps"])
        .where("clicks.id", "=", event.clickId)
        .executeTakeFirst()
    : undefined;
  const id = randomUUID();
  const base = {
    id,
    network: event.network,
    networkTransactionId: event.transactionId,
    clickId: event.clickId,
    saleAmountCents: event.saleAmountCents,
    commissionCents: event.commissionCents,
    currency: event.currency,
    occurredAt: event.occurredAt,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  // No click of ours, or a bot's: kept for an admin, never credited.
  if (!click || click.isBot === 1) {
    await tx.insertInto("conversions").values({ ...base, userId: null, storeId: click?.storeId ?? null, status: "unmatched", transactionId: null }).execute();
    return { outcome: "unmatched", conversionId: id };
  }
  const shareBps = click.userShareBps ?? (await getSetting(tx, "cashbackUserShareBps"));
  const cashbackCents = cashbackFor(event.commissionCents, shareBps);
  if (event.status === "declined" || cashbackCents <= 0) {
    await tx.insertInto("conversions").values({ ...base, userId: click.userId, storeId: click.storeId, cashbackCents, status: "declined", transactionId: null }).execute();
    return { outcome: "declined", conversionId: id };
  }
  const { transaction } = await recordCashback(tx, {
    userId: click.userId,
    amountCents: cashbackCents,
    merchant: click.storeName,
    orderId: event.transactionId,
    conversionId: `${event.network}:${event.transactionId}`,
    description: "Cashback",
    at: event.occurredAt,
  });
  await tx
    .insertInto("conversions")
    .values({ ...base, userId: click.userId, storeId: click.storeId, cashbackCents, status: "pending", transactionId: transaction.id })
    .execute();
  if (event.status === "approved") {
    await confirmCashback(tx, { transactionId: transaction.id });
    await tx.updateTable("conversions").set({ status: "confirmed", updatedAt: timestamp }).where("id", "=", id).execute();
    await notify(tx, click.userId, "cashbackConfirmed", { amountCents: cashbackCents, merchant: click.storeName });
    return { outcome: "confirmed", conversionId: id };
  }
  await notify(tx, click.userId, "cashbackTracked", { amountCents: cashbackCents, merchant: click.storeName });
  return { outcome: "created", conversionId: id };
}

async function advance(tx: Tx, row: ConversionRow, event: ConversionEvent, timestamp: string): Promise<{ outcome: IngestOutcome; conversionId: string }> {
  const target: ConversionStatus = event.status === "approved" ? "confirmed" : event.status === "declined" ? "declined" : "pending";
  // Unmatched and needs-review wait for an admin; declined is final; a status never goes back.
  if (row.status === "unmatched" || row.status === "needs-review" || row.status === "declined") return { outcome: "unchanged", conversionId: row.id };
  if (target === row.status || target === "pending") return { outcome: "unchanged", conversionId: row.id };
  const merchant = await storeName(tx, row.storeId);
  if (row.status === "confirmed" && target === "declined") {
    // A return after the cashback became available: an admin decides (the reversal comes later).
    await tx.updateTable("conversions").set({ status: "needs-review", updatedAt: timestamp }).where("id", "=", row.id).execute();
    return { outcome: "needs-review", conversionId: row.id };
  }
  if (row.status === "confirmed" || !row.transactionId || !row.userId) return { outcome: "unchanged", conversionId: row.id };
  if (target === "confirmed") {
    await confirmCashback(tx, { transactionId: row.transactionId });
    await tx.updateTable("conversions").set({ status: "confirmed", updatedAt: timestamp }).where("id", "=", row.id).execute();
    await notify(tx, row.userId, "cashbackConfirmed", { amountCents: row.cashbackCents, merchant });
    return { outcome: "confirmed", conversionId: row.id };
  }
  await declineCashback(tx, { transactionId: row.transactionId });
  await tx.updateTable("conversions").set({ status: "declined", updatedAt: timestamp }).where("id", "=", row.id).execute();
  await notify(tx, row.userId, "cashbackDeclined", { amountCents: row.cashbackCents, merchant });
  return { outcome: "declined", conversionId: row.id };
}

async function storeName(db: DbOrTx, storeId: string | null): Promise<string> {
  if (!storeId) return "";
  return (await db.selectFrom("stores").select("name").where("id", "=", storeId).executeTakeFirst())?.name ?? "";
}

/** The conversions reached through one click, newest first (the sandbox merchant's order list). */
export async function conversionsForClick(db: DbOrTx, clickId: string) {
  return db
    .selectFrom("conversions")
    .select(["id", "networkTransactionId", "saleAmountCents", "commissionCents", "cashbackCents", "status", "occurredAt"])
    .where("clickId", "=", clickId)
    .orderBy("createdAt", "desc")
    .execute();
}
