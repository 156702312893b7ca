/**
 * Conversions: owns `conversions` and `conversion_events`, and the one way a network's word about a
 * sale (a postback, a report row, an admin's manual conversion) reaches the ledger.
 *
 * - Every event is kept as it arrived (append-only). A network transaction is one conversion,
 *   unique by (network, network transaction id), locked while an event is applied: replays and
 *   concurrent deliveries change nothing twice. CJ corrections are separate records (parts) of one
 *   transaction: each part counts once and the conversion's amounts are their sum.
 * - A conversion whose click is known (and not a bot's) becomes the member's pending cashback: the
 *   commission less the success fee of the member's loyalty level when it is recorded (10% at
 *   Bronze down to 7% at Platinum, app/loyalty/), the share kept on the conversion; Cashwise keeps
 *   the fee as its margin (app/wallet/fee.ts), and nothing else. Confirmed cashback earns loyalty
 *   points and a return takes them back, in the same unit of work. Without a known click it is kept as unmatched for an
 *   admin to match; the network's latest word and amounts are kept meanwhile.
 * - The network's word only moves forward (pending → approved → declined): an approval before the
 *   pending report confirms at once, a late "pending" changes nothing. While pending, new amounts
 *   amend the pending cashback; approval confirms it (pending → available), a decline reverses it.
 *   After confirmation, a decline is a return (taken back from the available balance, any
 *   shortfall owed) and a lowered amount a partial return; a referral bonus the returned cashback
 *   qualified is taken back with it (app/referrals/referrals.server.ts).
 * - Pending cashback whose store's confirmation window elapsed is confirmed by a scheduled job
 *   (`confirmDueConversions`), once.
 *
 * Everything runs in the caller's transaction, with the member's notification.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { audit } from "~/audit/audit.server";
import { dialectOf, now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import type { ConversionStatus, ReportedStatus } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { notify } from "~/notifications/notifications.server";
import { getSetting } from "~/settings/settings.server";
import { MEMBER_SHARE_BPS, memberCashbackOf } from "~/wallet/fee";
import { amendCashback, confirmCashback, declineCashback, recordCashback, reverseCashback } from "~/wallet/ledger.server";
import { onCashbackConfirmed, onCashbackReversed } from "~/referrals/referrals.server";
import {
  onCashbackConfirmed as earnCashbackPoints,
  onCashbackReturned as returnCashbackPoints,
  successFeeBpsFor,
} from "~/loyalty/points.server";

export type { ReportedStatus };

export interface ConversionEvent {
  network: string;
  transactionId: string;
  /** A record of its own that is summed with the transaction's other parts (CJ corrections). */
  partId?: string | null;
  clickId: string | null;
  saleAmountCents: number;
  commissionCents: number;
  currency: string;
  status: ReportedStatus;
  occurredAt: string;
  source: "postback" | "report" | "admin";
  /** The event as received, kept verbatim. */
  raw: string;
  /** A claim this conversion settles (admin's manual conversions). */
  claimId?: string | null;
  /** When the network's word took effect for the books (a report's validation date); defaults to now. */
  effectiveAt?: string;
  /** A backfill of history (the demo seed): nobody is notified. */
  quiet?: boolean;
}

type Options = Pick<ConversionEvent, "effectiveAt" | "quiet">;

async function tell(tx: Tx, options: Options, userId: string, kind: Parameters<typeof notify>[2], params: Record<string, string | number>) {
  if (!options.quiet) await notify(tx, userId, kind, params);
}

export type IngestOutcome = "created" | "amended" | "confirmed" | "declined" | "reversed" | "unchanged" | "unmatched";

export const MAX_EVENT_BODY = 20_000;

/**
 * The member's cashback for a commission at a share (basis points): the commission less the
 * platform's part, the success fee (rounded down: the odd cent goes to the member). The share is
 * 90% at Bronze's 10% fee and more at higher loyalty levels; a conversion keeps the share it was
 * credited at.
 */
export function cashbackFor(commissionCents: number, shareBps: number = MEMBER_SHARE_BPS): number {
  if (commissionCents <= 0) return 0;
  return memberCashbackOf(commissionCents, 10_000 - Math.max(0, Math.min(10_000, shareBps)));
}

const RANK: Record<ReportedStatus, number> = { pending: 0, approved: 1, declined: 2 };

/** The network's word never goes back: pending → approved → declined. */
export function laterStatus(current: ReportedStatus | null, reported: ReportedStatus): ReportedStatus {
  if (!current) return reported;
  return RANK[reported] >= RANK[current] ? reported : current;
}

export async function ingestConversion(tx: Tx, event: ConversionEvent): Promise<{ outcome: IngestOutcome; conversionId: string | null }> {
  const timestamp = now();
  const eventId = randomUUID();
  let effective = event;
  if (event.partId) {
    // A part counts once: its replay is kept, as a plain event that changes nothing.
    const inserted = await tx
      .insertInto("conversionEvents")
      .values({
        ...eventRow(event, eventId, timestamp, "unchanged"),
        partId: event.partId,
        saleAmountCents: event.saleAmountCents,
        commissionCents: event.commissionCents,
      })
      .onConflict((oc) => oc.columns(["network", "networkTransactionId", "partId"]).where("partId", "is not", null).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
      await tx
        .insertInto("conversionEvents")
        .values(eventRow(event, eventId, timestamp, "unchanged"))
        .execute();
      const row = await findConversion(tx, event.network, event.transactionId);
      return { outcome: "unchanged", conversionId: row?.id ?? null };
    }
    const sums = await tx
      .selectFrom("conversionEvents")
      .select((eb) => [eb.fn.sum<number>("saleAmountCents").as("sale"), eb.fn.sum<number>("commissionCents").as("commission")])
      .where("network", "=", event.network)
      .where("networkTransactionId", "=", event.transactionId)
      .where("partId", "is not", null)
      .executeTakeFirstOrThrow();
    effective = {
      ...event,
      saleAmountCents: Math.max(0, Number(sums.sale ?? 0)),
      commissionCents: Math.max(0, Number(sums.commission ?? 0)),
    };
  }
  const result = await apply(tx, effective, timestamp);
  if (event.partId) {
    await tx.updateTable("conversionEvents").set({ outcome: result.outcome }).where("id", "=", eventId).execute();
  } else {
    await tx
      .insertInto("conversionEvents")
      .values(eventRow(event, eventId, timestamp, result.outcome))
      .execute();
  }
  return result;
}

/** Keeps what we did to a conversion ourselves (an admin's match, the confirmation job) beside the network's events. */
async function recordAdminEvent(
  tx: Tx,
  row: { network: string; networkTransactionId: string },
  body: Record<string, unknown>,
  outcome: IngestOutcome,
): Promise<void> {
  await tx
    .insertInto("conversionEvents")
    .values({
      id: randomUUID(),
      network: row.network,
      networkTransactionId: row.networkTransactionId,
      source: "admin",
      body: JSON.stringify(body),
      outcome,
      receivedAt: now(),
    })
    .execute();
}

function eventRow(event: ConversionEvent, id: string, receivedAt: string, outcome: IngestOutcome) {
  return {
    id,
    network: event.network,
    networkTransactionId: event.transactionId,
    source: event.source,
    body: event.raw.slice(0, MAX_EVENT_BODY),
    outcome,
    receivedAt,
  };
}

/** The conversion, locked for the rest of the transaction on PostgreSQL (SQLite transactions are serial). */
async function findConversion(tx: DbOrTx, network: string, transactionId: string) {
  let query = tx.selectFrom("conversions").selectAll().where("network", "=", network).where("networkTransactionId", "=", transactionId);
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

async function lockConversion(tx: Tx, id: string) {
  let query = tx.selectFrom("conversions").selectAll().where("id", "=", id);
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

type ConversionRow = NonNullable<Awaited<ReturnType<typeof findConversion>>>;

async function apply(tx: Tx, event: ConversionEvent, timestamp: string): Promise<{ outcome: IngestOutcome; conversionId: string }> {
  const existing = await findConversion(tx, event.network, event.transactionId);
  if (existing) return { outcome: await advance(tx, existing, event, timestamp), conversionId: existing.id };
  const click = event.clickId ? await clickOf(tx, event.clickId) : undefined;
  const id = randomUUID();
  // Inserted first: a concurrent delivery of the same transaction waits here, then finds it.
  const inserted = await tx
    .insertInto("conversions")
    .values({
      id,
      network: event.network,
      networkTransactionId: event.transactionId,
      clickId: event.clickId,
      userId: null,
      storeId: click?.storeId ?? null,
      saleAmountCents: event.saleAmountCents,
      commissionCents: event.commissionCents,
      currency: event.currency,
      status: "unmatched",
      reportedStatus: event.status,
      transactionId: null,
      claimId: event.claimId ?? null,
      occurredAt: event.occurredAt,
      createdAt: timestamp,
      updatedAt: timestamp,
    })
    .onConflict((oc) => oc.columns(["network", "networkTransactionId"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const winner = await findConversion(tx, event.network, event.transactionId);
    if (!winner) throw Object.assign(new Error("the concurrent conversion rolled back"), { code: "40001" });
    return { outcome: await advance(tx, winner, event, timestamp), conversionId: winner.id };
  }
  // No click of ours, or a bot's: kept for an admin, never credited.
  if (!click || click.isBot === 1) return { outcome: "unmatched", conversionId: id };
  const row = (await lockConversion(tx, id))!;
  return { outcome: await credit(tx, row, click, event), conversionId: id };
}

async function clickOf(db: DbOrTx, clickId: string) {
  return db
    .selectFrom("clicks")
    .innerJoin("stores", "stores.id", "clicks.storeId")
    .select(["clicks.id", "clicks.userId", "clicks.storeId", "clicks.isBot", "stores.name as storeName", "stores.confirmationDays"])
    .where("clicks.id", "=", clickId)
    .executeTakeFirst();
}

type Click = NonNullable<Awaited<ReturnType<typeof clickOf>>>;

/**
 * Credits an unmatched conversion to the member of `click`, from the network's latest word and
 * amounts: pending cashback, confirmed at once when already approved, nothing when declined.
 */
async function credit(tx: Tx, row: ConversionRow, click: Click, options: Options = {}): Promise<IngestOutcome> {
  const timestamp = now();
  // Every new conversion: the commission less the success fee of the member's loyalty level (10%
  // at Bronze … 7% at Platinum), the same at every store; kept on the conversion.
  const shareBps = 10_000 - (await successFeeBpsFor(tx, click.userId));
  const windowDays = click.confirmationDays ?? (await getSetting(tx, "cashbackConfirmationDays"));
  const cashbackCents = cashbackFor(row.commissionCents, shareBps);
  const confirmsAt = new Date(Date.parse(row.occurredAt) + windowDays * 86_400_000).toISOString();
  const base = {
    userId: click.userId,
    storeId: click.storeId,
    clickId: click.id,
    userShareBps: shareBps,
    cashbackCents,
    confirmsAt,
    updatedAt: timestamp,
  };
  const reported = row.reportedStatus ?? "pending";
  if (reported === "declined" || cashbackCents <= 0) {
    await tx
      .updateTable("conversions")
      .set({ ...base, status: "declined" })
      .where("id", "=", row.id)
      .execute();
    return "declined";
  }
  const { transaction } = await recordCashback(tx, {
    userId: click.userId,
    amountCents: cashbackCents,
    commissionCents: row.commissionCents,
    merchant: click.storeName,
    orderId: row.networkTransactionId,
    conversionId: `${row.network}:${row.networkTransactionId}`,
    description: "Cashback",
    at: row.occurredAt,
  });
  await tx
    .updateTable("conversions")
    .set({ ...base, status: "pending", transactionId: transaction.id })
    .where("id", "=", row.id)
    .execute();
  if (reported === "approved") {
    await confirm(tx, { ...row, ...base, status: "pending", transactionId: transaction.id }, click.storeName, options);
    return "confirmed";
  }
  // A claim's approval tells the member itself.
  if (!row.claimId) await tell(tx, options, click.userId, "cashbackTracked", { amountCents: cashbackCents, merchant: click.storeName });
  return "created";
}

async function confirm(tx: Tx, row: ConversionRow, merchant: string, options: Options = {}): Promise<void> {
  await confirmCashback(tx, { transactionId: row.transactionId!, at: options.effectiveAt });
  await tx.updateTable("conversions").set({ status: "confirmed", updatedAt: now() }).where("id", "=", row.id).execute();
  await tell(tx, options, row.userId!, "cashbackConfirmed", { amountCents: row.cashbackCents - row.reversedCents, merchant });
  await earnCashbackPoints(
    tx,
    { userId: row.userId!, conversionId: row.id, cashbackCents: row.cashbackCents - row.reversedCents },
    { at: options.effectiveAt, quiet: options.quiet },
  );
  await onCashbackConfirmed(tx, row.userId!);
}

async function advance(tx: Tx, row: ConversionRow, event: ConversionEvent, timestamp: string): Promise<IngestOutcome> {
  const reported = laterStatus(row.reportedStatus, event.status);
  const status: ConversionStatus = row.status;
  // Declined and reversed are final; needs-review waits for an admin.
  if (status === "declined" || status === "reversed" || status === "needs-review") return "unchanged";
  if (status === "unmatched") {
    // Kept up to date for the admin who matches it.
    const changed =
      reported !== row.reportedStatus || event.commissionCents !== row.commissionCents || event.saleAmountCents !== row.saleAmountCents;
    if (changed) {
      await tx
        .updateTable("conversions")
        .set({
          reportedStatus: reported,
          commissionCents: event.commissionCents,
          saleAmountCents: event.saleAmountCents,
          updatedAt: timestamp,
        })
        .where("id", "=", row.id)
        .execute();
    }
    return "unchanged";
  }
  if (!row.transactionId || !row.userId) return "unchanged";
  const merchant = await storeName(tx, row.storeId);
  const shareBps = row.userShareBps ?? MEMBER_SHARE_BPS;
  const target = cashbackFor(event.commissionCents, shareBps);

  if (status === "pending") {
    if (reported === "declined" || target <= 0) {
      await declineCashback(tx, { transactionId: row.transactionId });
      await tx
        .updateTable("conversions")
        .set({ status: "declined", reportedStatus: reported, updatedAt: timestamp })
        .where("id", "=", row.id)
        .execute();
      await tell(tx, event, row.userId, "cashbackDeclined", { amountCents: row.cashbackCents, merchant });
      return "declined";
    }
    let outcome: IngestOutcome = "unchanged";
    let current = row;
    if (target !== row.cashbackCents || event.commissionCents !== row.commissionCents) {
      await amendCashback(tx, { transactionId: row.transactionId, amountCents: target, commissionCents: event.commissionCents });
      current = { ...row, cashbackCents: target, commissionCents: event.commissionCents, saleAmountCents: event.saleAmountCents };
      await tx
        .updateTable("conversions")
        .set({
          cashbackCents: target,
          commissionCents: event.commissionCents,
          saleAmountCents: event.saleAmountCents,
          updatedAt: timestamp,
        })
        .where("id", "=", row.id)
        .execute();
      outcome = "amended";
    }
    if (reported !== row.reportedStatus)
      await tx.updateTable("conversions").set({ reportedStatus: reported }).where("id", "=", row.id).execute();
    if (reported === "approved") {
      await confirm(tx, current, merchant, event);
      return "confirmed";
    }
    return outcome;
  }

  // Confirmed: only a return (a decline, or a lower amount) moves money now.
  const kept = row.cashbackCents - row.reversedCents;
  const keepCents = reported === "declined" ? 0 : Math.min(kept, target);
  if (keepCents >= kept) {
    if (reported !== row.reportedStatus)
      await tx.updateTable("conversions").set({ reportedStatus: reported, updatedAt: timestamp }).where("id", "=", row.id).execute();
    return "unchanged";
  }
  const takenCents = kept - keepCents;
  const newCommission = reported === "declined" ? 0 : Math.min(row.commissionCents, event.commissionCents);
  const commissionTaken = Math.max(takenCents, row.commissionCents - newCommission);
  await reverseCashback(tx, {
    transactionId: row.transactionId,
    amountCents: takenCents,
    commissionCents: commissionTaken,
    reversalKey: `${row.id}:${keepCents}`,
    description: "Cashback returned",
  });
  const final = keepCents === 0;
  await tx
    .updateTable("conversions")
    .set({
      status: final ? "reversed" : "confirmed",
      reportedStatus: reported,
      reversedCents: row.reversedCents + takenCents,
      commissionCents: newCommission,
      saleAmountCents: reported === "declined" ? row.saleAmountCents : event.saleAmountCents,
      updatedAt: timestamp,
    })
    .where("id", "=", row.id)
    .execute();
  await tell(tx, event, row.userId, "cashbackReversed", { amountCents: takenCents, merchant });
  // Its loyalty points follow it: what is kept keeps its share of them.
  await returnCashbackPoints(tx, { userId: row.userId, conversionId: row.id, keptCents: keepCents });
  // A referral bonus this cashback qualified goes back with it.
  await onCashbackReversed(tx, row.userId);
  return "reversed";
}

async function storeName(db: DbOrTx, storeId: string | null): Promise<string> {
  if (!storeId) return "";
  return (await db.selectFrom("stores").select("name").where("id", "=", storeId).executeTakeFirst())?.name ?? "";
}

// ——— Admin: matching an unmatched conversion ———

export type MatchResult =
  { ok: true; outcome: IngestOutcome } | { ok: false; error: "notFound" | "notUnmatched" | "clickNotFound" | "botClick" | "otherStore" };

/**
 * An admin resolves an unmatched conversion by naming the click it came from (e.g. the member's
 * support request). The network's latest word then applies as if the click had come with it.
 */
export async function matchConversion(
  tx: Tx,
  input: { conversionId: string; clickId: string; adminId: string; clientAddress?: string | null },
): Promise<MatchResult> {
  const row = await lockConversion(tx, input.conversionId);
  if (!row) return { ok: false, error: "notFound" };
  if (row.status !== "unmatched") return { ok: false, error: "notUnmatched" };
  const click = await clickOf(tx, input.clickId.trim());
  if (!click) return { ok: false, error: "clickNotFound" };
  if (click.isBot === 1) return { ok: false, error: "botClick" };
  if (row.storeId && row.storeId !== click.storeId) return { ok: false, error: "otherStore" };
  await tx.updateTable("conversions").set({ clickId: click.id }).where("id", "=", row.id).execute();
  const outcome = await credit(tx, { ...row, clickId: click.id }, click);
  await recordAdminEvent(tx, row, { action: "match", clickId: click.id, adminId: input.adminId }, outcome);
  await audit(tx, {
    actorId: input.adminId,
    action: "conversion.matched",
    subject: `conversion:${row.id}`,
    before: { status: "unmatched" },
    after: { clickId: click.id, userId: click.userId },
    details: { outcome },
    clientAddress: input.clientAddress,
  });
  return { ok: true, outcome };
}

// ——— The confirmation job ———

/**
 * Confirms pending cashback whose confirmation window has elapsed (the network said nothing
 * more), each in its own unit of work. Run twice, it confirms once: a conversion is re-read under
 * its lock and only a pending one is confirmed.
 */
export async function confirmDueConversions(db: Db, options: { now?: Date; limit?: number } = {}): Promise<{ confirmed: number }> {
  const at = (options.now ?? new Date()).toISOString();
  const due = await db
    .selectFrom("conversions")
    .select("id")
    .where("status", "=", "pending")
    .where("confirmsAt", "<=", at)
    .orderBy("confirmsAt")
    .limit(options.limit ?? 500)
    .execute();
  let confirmed = 0;
  for (const { id } of due) {
    const done = await unitOfWork(db, async (tx) => {
      const row = await lockConversion(tx, id);
      if (!row || row.status !== "pending" || !row.transactionId || !row.userId || !row.confirmsAt || row.confirmsAt > at) return false;
      await confirm(tx, row, await storeName(tx, row.storeId));
      await recordAdminEvent(tx, row, { action: "confirmation-window-elapsed", confirmsAt: row.confirmsAt }, "confirmed");
      return true;
    });
    if (done) confirmed++;
  }
  return { confirmed };
}

// ——— Reading ———

/** The conversions reached through one click, newest first (the sandbox merchant's order list). */
export async function conversionsForClick(db: DbOrTx, clickId: string) {
  return db
    .selectFrom("conversions")
    .select(["id", "networkTransactionId", "saleAmountCents", "commissionCents", "cashbackCents", "status", "occurredAt"])
    .where("clickId", "=", clickId)
    .orderBy("createdAt", "desc")
    .execute();
}

/** Raw events of one conversion, oldest first (the admin's view). */
export async function eventsOf(db: DbOrTx, conversion: { network: string; networkTransactionId: string }) {
  return db
    .selectFrom("conversionEvents")
    .select(["id", "source", "body", "outcome", "partId", "receivedAt"])
    .where("network", "=", conversion.network)
    .where("networkTransactionId", "=", conversion.networkTransactionId)
    .orderBy("receivedAt")
    .orderBy(sql`id`)
    .execute();
}
