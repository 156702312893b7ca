/**
 * Missing-cashback claims: owns `cashback_claims`. A member who bought through a click but sees no
 * cashback claims it from that click: store, order id, order date and amount, from 7 days after the
 * click (the network may still report it) until 90 days after (networks stop investigating), one
 * claim per order. An admin approves it (a manual conversion through the one ingestion: pending,
 * then confirmed when the store's window has elapsed, like any other) or rejects it with a
 * reason; the member is notified either way. Each decision is one unit of work with its audit row.
 *
 * A claim is for an order the network did not report: an order id that already has a conversion at
 * that store (tracked, whatever its state) is refused, when claimed and again when approved (it may
 * have been reported meanwhile), so one order is never credited twice. The admin's queue shows,
 * beside each open claim, the member's conversions at that store of about the same amount (within
 * DUPLICATE_AMOUNT_BPS) and date (within DUPLICATE_DAYS): possible duplicates under another order id.
 */
import { randomUUID } from "node:crypto";
import { audit } from "~/audit/audit.server";
import { dialectOf, now, type DbOrTx, type Tx } from "~/db/db.server";
import type { Selectable } from "kysely";
import type { CashbackClaimsTable, ClaimStatus, ConversionStatus } from "~/db/schema";
import { notify } from "~/notifications/notifications.server";
import { ingestConversion } from "./conversions.server";
import { countOf } from "~/db/paginate.server";
import { pageWindow, type Page } from "~/db/paginate.server";

export const CLAIM_AFTER_DAYS = 7;
export const CLAIM_WITHIN_DAYS = 90;
export const CLAIMS_PAGE_SIZE = 20;
/** "About the same amount": within 5% of the claimed amount. */
export const DUPLICATE_AMOUNT_BPS = 500;
/** "About the same date": within 7 days of the order date. */
export const DUPLICATE_DAYS = 7;
const DAY_MS = 86_400_000;

/** Where a click stands for a claim: too early, open, or too late. */
export function claimWindow(clickedAt: string, nowMs = Date.now()): "tooEarly" | "open" | "tooLate" {
  const age = nowMs - Date.parse(clickedAt);
  if (age < CLAIM_AFTER_DAYS * DAY_MS) return "tooEarly";
  if (age > CLAIM_WITHIN_DAYS * DAY_MS) return "tooLate";
  return "open";
}

/** The first day a claim can be made for a click (shown while it is too early). */
export function claimOpensAt(clickedAt: string): string {
  return new Date(Date.parse(clickedAt) + CLAIM_AFTER_DAYS * DAY_MS).toISOString();
}

export interface ClaimInput {
  userId: string;
  clickId: string;
  orderId: string;
  /** `YYYY-MM-DD`. */
  orderDate: string;
  amountCents: number;
}

export type ClaimError = "clickNotFound" | "tooEarly" | "tooLate" | "orderBeforeClick" | "orderInFuture" | "duplicate" | "orderTracked";

/**
 * The conversion that already tracks an order at a store (the network's transaction id is the
 * order id, compared without case and surrounding spaces), if any. A claim's own manual conversion
 * is `claim:<id>`, so it never matches an order id.
 */
export async function trackedConversion(db: DbOrTx, storeId: string, orderId: string) {
  const wanted = orderId.trim().toLowerCase();
  if (!wanted) return undefined;
  return db
    .selectFrom("conversions")
    .select(["id", "status", "network", "userId"])
    .where("storeId", "=", storeId)
    .where((eb) => eb(eb.fn("lower", ["networkTransactionId"]), "=", wanted))
    .orderBy("createdAt")
    .executeTakeFirst();
}

/** The member's click (never another member's), with its store (name, slug, logo). */
export async function claimableClick(db: DbOrTx, userId: string, clickId: string) {
  return db
    .selectFrom("clicks")
    .innerJoin("stores", "stores.id", "clicks.storeId")
    .select([
      "clicks.id",
      "clicks.storeId",
      "clicks.createdAt",
      "clicks.isBot",
      "stores.name as storeName",
      "stores.slug as storeSlug",
      "stores.logo as storeLogo",
    ])
    .where("clicks.id", "=", clickId)
    .where("clicks.userId", "=", userId)
    .executeTakeFirst();
}

export async function submitClaim(
  tx: Tx,
  input: ClaimInput,
  nowMs = Date.now(),
): Promise<{ ok: true; claimId: string } | { ok: false; error: ClaimError }> {
  const click = await claimableClick(tx, input.userId, input.clickId);
  if (!click || click.isBot === 1) return { ok: false, error: "clickNotFound" };
  const window = claimWindow(click.createdAt, nowMs);
  if (window !== "open") return { ok: false, error: window };
  const orderDay = input.orderDate.slice(0, 10);
  if (orderDay < click.createdAt.slice(0, 10)) return { ok: false, error: "orderBeforeClick" };
  if (orderDay > new Date(nowMs).toISOString().slice(0, 10)) return { ok: false, error: "orderInFuture" };
  const orderId = input.orderId.trim();
  // Already reported by the network: its cashback is (or was) in the member's activity.
  if (await trackedConversion(tx, click.storeId, orderId)) return { ok: false, error: "orderTracked" };
  const id = randomUUID();
  const timestamp = now();
  // One per order: a second claim for it (or a double submit) inserts nothing.
  const inserted = await tx
    .insertInto("cashbackClaims")
    .values({
      id,
      userId: input.userId,
      storeId: click.storeId,
      clickId: click.id,
      orderId,
      orderDate: orderDay,
      amountCents: input.amountCents,
      status: "open",
      reason: null,
      conversionId: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: timestamp,
      updatedAt: timestamp,
    })
    .onConflict((oc) => oc.columns(["userId", "storeId", "orderId"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return { ok: false, error: "duplicate" };
  await audit(tx, {
    actorId: input.userId,
    action: "claim.submitted",
    subject: `claim:${id}`,
    details: { clickId: click.id, orderId, amountCents: input.amountCents },
  });
  return { ok: true, claimId: id };
}

/** A claim as its member and the back office see it, with the store's name. */
export type ClaimView = Pick<
  Selectable<CashbackClaimsTable>,
  "id" | "clickId" | "orderId" | "orderDate" | "amountCents" | "status" | "reason" | "createdAt" | "decidedAt"
> & { storeName: string; storeSlug: string };

function claimsQuery(db: DbOrTx) {
  return db
    .selectFrom("cashbackClaims")
    .innerJoin("stores", "stores.id", "cashbackClaims.storeId")
    .select([
      "cashbackClaims.id",
      "stores.name as storeName",
      "stores.slug as storeSlug",
      "cashbackClaims.clickId",
      "cashbackClaims.orderId",
      "cashbackClaims.orderDate",
      "cashbackClaims.amountCents",
      "cashbackClaims.status",
      "cashbackClaims.reason",
      "cashbackClaims.createdAt",
      "cashbackClaims.decidedAt",
    ]);
}

/** The member's own claims, newest first. */
export async function claimsOf(db: DbOrTx, userId: string): Promise<ClaimView[]> {
  return claimsQuery(db).where("cashbackClaims.userId", "=", userId).orderBy("cashbackClaims.createdAt", "desc").limit(100).execute();
}

export interface PossibleDuplicate {
  conversionId: string;
  orderId: string;
  saleAmountCents: number;
  occurredAt: string;
  status: ConversionStatus;
  /** The very order claimed (already tracked), not only a similar amount and date. */
  sameOrder: boolean;
}

export interface AdminClaimView extends ClaimView {
  userId: string;
  userEmail: string;
  clickedAt: string;
  storeRateBps: number;
  /** A suggestion for the commission field: the store's (network's) rate on the amount. */
  suggestedCommissionCents: number;
  /** The member's conversions at the store that may be this order already (none for decided claims). */
  possibleDuplicates: PossibleDuplicate[];
}

/** The admin's queue: open claims first (oldest first), or those of a status. */
export async function claimQueue(db: DbOrTx, options: { status: ClaimStatus; page: number }): Promise<Page<AdminClaimView>> {
  const base = db.selectFrom("cashbackClaims").where("status", "=", options.status);
  const total = countOf((await base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
  const { page, pageCount, offset } = pageWindow(total, options.page, CLAIMS_PAGE_SIZE);
  const rows = await claimsQuery(db)
    .innerJoin("users", "users.id", "cashbackClaims.userId")
    .innerJoin("clicks", "clicks.id", "cashbackClaims.clickId")
    .select([
      "cashbackClaims.userId",
      "users.email as userEmail",
      "clicks.createdAt as clickedAt",
      "stores.cashbackRateBps as storeRateBps",
      "cashbackClaims.storeId",
    ])
    .where("cashbackClaims.status", "=", options.status)
    .orderBy("cashbackClaims.createdAt", options.status === "open" ? "asc" : "desc")
    .limit(CLAIMS_PAGE_SIZE)
    .offset(offset)
    .execute();
  const duplicates = options.status === "open" ? await possibleDuplicates(db, rows) : new Map<string, PossibleDuplicate[]>();
  return {
    total,
    page,
    pageCount,
    items: rows.map((row) => ({
      ...row,
      suggestedCommissionCents: suggestedCommission(row.amountCents, row.storeRateBps),
      possibleDuplicates: duplicates.get(row.id) ?? [],
    })),
  };
}

/**
 * For each claim, the conversions of its member at its store with the claimed order id, or with an
 * amount within DUPLICATE_AMOUNT_BPS and a date within DUPLICATE_DAYS of the claim's (one query
 * for the page; the claim's own conversion excluded).
 */
async function possibleDuplicates(
  db: DbOrTx,
  claims: Array<{ id: string; userId: string; storeId: string; orderId: string; orderDate: string; amountCents: number }>,
): Promise<Map<string, PossibleDuplicate[]>> {
  const found = new Map<string, PossibleDuplicate[]>();
  if (!claims.length) return found;
  const rows = await db
    .selectFrom("conversions")
    .select(["id", "userId", "storeId", "networkTransactionId", "saleAmountCents", "occurredAt", "status", "claimId"])
    .where("userId", "in", [...new Set(claims.map((claim) => claim.userId))])
    .where("storeId", "in", [...new Set(claims.map((claim) => claim.storeId))])
    .orderBy("occurredAt", "desc")
    .limit(500)
    .execute();
  for (const claim of claims) {
    const day = Date.parse(`${claim.orderDate}T12:00:00.000Z`);
    const tolerance = (claim.amountCents * DUPLICATE_AMOUNT_BPS) / 10_000;
    const matches = rows
      .filter((row) => row.userId === claim.userId && row.storeId === claim.storeId && row.claimId !== claim.id)
      .map((row) => ({
        conversionId: row.id,
        orderId: row.networkTransactionId,
        saleAmountCents: Number(row.saleAmountCents),
        occurredAt: row.occurredAt,
        status: row.status,
        sameOrder: row.networkTransactionId.trim().toLowerCase() === claim.orderId.trim().toLowerCase(),
      }))
      .filter(
        (row) =>
          row.sameOrder ||
          (Math.abs(row.saleAmountCents - claim.amountCents) <= tolerance &&
            Math.abs(Date.parse(row.occurredAt) - day) <= (DUPLICATE_DAYS + 0.5) * DAY_MS),
      );
    if (matches.length) found.set(claim.id, matches);
  }
  return found;
}

/** The commission a store's rate (what its network pays) gives on an order's amount. */
export function suggestedCommission(amountCents: number, storeRateBps: number): number {
  return Math.round((amountCents * storeRateBps) / 10_000);
}

async function lockClaim(tx: Tx, claimId: string) {
  let query = tx
    .selectFrom("cashbackClaims")
    .innerJoin("stores", "stores.id", "cashbackClaims.storeId")
    .selectAll("cashbackClaims")
    .select("stores.name as storeName")
    .where("cashbackClaims.id", "=", claimId);
  if (dialectOf(tx) === "postgres") query = query.forUpdate("cashbackClaims");
  return query.executeTakeFirst();
}

export type DecisionError = "notFound" | "notOpen" | "orderTracked";

/**
 * Approves an open claim: a manual conversion of the claimed order at the commission the admin
 * settled with the network, pending from the order date (the store's window then confirms it).
 */
export async function approveClaim(
  tx: Tx,
  input: { claimId: string; adminId: string; commissionCents: number; clientAddress?: string | null },
): Promise<{ ok: true; conversionId: string | null } | { ok: false; error: DecisionError }> {
  const claim = await lockClaim(tx, input.claimId);
  if (!claim) return { ok: false, error: "notFound" };
  if (claim.status !== "open") return { ok: false, error: "notOpen" };
  // The network reported the order since it was claimed: approving would credit it twice.
  const tracked = await trackedConversion(tx, claim.storeId, claim.orderId);
  if (tracked) {
    await audit(tx, {
      actorId: input.adminId,
      action: "claim.approve-refused",
      subject: `claim:${claim.id}`,
      details: { reason: "orderTracked", conversionId: tracked.id },
      clientAddress: input.clientAddress,
    });
    return { ok: false, error: "orderTracked" };
  }
  const event = {
    network: "manual",
    transactionId: `claim:${claim.id}`,
    clickId: claim.clickId,
    saleAmountCents: claim.amountCents,
    commissionCents: input.commissionCents,
    currency: "USD",
    status: "pending" as const,
    occurredAt: new Date(`${claim.orderDate}T12:00:00.000Z`).toISOString(),
    source: "admin" as const,
    raw: JSON.stringify({ action: "claim-approved", claimId: claim.id, adminId: input.adminId, commissionCents: input.commissionCents }),
    claimId: claim.id,
  };
  const { conversionId } = await ingestConversion(tx, event);
  const timestamp = now();
  await tx
    .updateTable("cashbackClaims")
    .set({ status: "approved", conversionId, decidedBy: input.adminId, decidedAt: timestamp, updatedAt: timestamp })
    .where("id", "=", claim.id)
    .execute();
  const conversion = conversionId
    ? await tx.selectFrom("conversions").select("cashbackCents").where("id", "=", conversionId).executeTakeFirst()
    : undefined;
  await notify(tx, claim.userId, "claimApproved", {
    orderId: claim.orderId,
    merchant: claim.storeName,
    amountCents: conversion?.cashbackCents ?? 0,
  });
  await audit(tx, {
    actorId: input.adminId,
    action: "claim.approved",
    subject: `claim:${claim.id}`,
    before: { status: "pending" },
    after: { status: "approved", commissionCents: input.commissionCents },
    details: { conversionId },
    clientAddress: input.clientAddress,
  });
  return { ok: true, conversionId };
}

export async function rejectClaim(
  tx: Tx,
  input: { claimId: string; adminId: string; reason: string; clientAddress?: string | null },
): Promise<{ ok: true } | { ok: false; error: DecisionError }> {
  const claim = await lockClaim(tx, input.claimId);
  if (!claim) return { ok: false, error: "notFound" };
  if (claim.status !== "open") return { ok: false, error: "notOpen" };
  const timestamp = now();
  const reason = input.reason.trim();
  await tx
    .updateTable("cashbackClaims")
    .set({ status: "rejected", reason, decidedBy: input.adminId, decidedAt: timestamp, updatedAt: timestamp })
    .where("id", "=", claim.id)
    .execute();
  await notify(tx, claim.userId, "claimRejected", { orderId: claim.orderId, merchant: claim.storeName, reason });
  await audit(tx, {
    actorId: input.adminId,
    action: "claim.rejected",
    subject: `claim:${claim.id}`,
    before: { status: "pending" },
    after: { status: "rejected", reason },
    clientAddress: input.clientAddress,
  });
  return { ok: true };
}
