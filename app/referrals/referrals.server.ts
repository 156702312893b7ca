/**
 * Referrals (refer a friend): owns `referral_codes`, `referrals` and `referral_invitations`.
 *
 * - Every member has a code (made the first time it is needed) and the link `<APP_URL>/r/<code>`;
 *   the link remembers the code in a cookie for 30 days (app/referrals/cookie.server.ts) and every
 *   sign-up (regular, partner, social) records the referrer with `recordReferral`.
 * - Self-referral is refused (the same account, or the same address once dots and plus-tags are
 *   normalised); a sign-up from an address the referrer used, or from a browser the referrer signed
 *   in on, is held until an admin approves or rejects it (`/admin/referrals`).
 * - The bonus: when the friend's settled cashback first reaches `referralQualifyingCents`, both are
 *   paid (`referralBonusReferrerCents`, `referralBonusFriendCents`) from the platform's bonus
 *   account, once: the referral row is locked and moves to `paid` in the same unit of work as both
 *   `referral` transactions (keys `referral:<id>:referrer|friend`) and the notifications. Settled
 *   cashback is cashback of purchases made within 90 days of sign-up that is confirmed AND past its
 *   store's return window (the conversion's `confirmsAt`: its date plus the store's confirmation
 *   days), less what returns took back: a network's early approval is not enough, since a return
 *   can still follow. The confirmation job pays the referrals whose cashback settled since
 *   (`payDueReferralBonuses`). A held referral that qualifies is marked qualified and paid on approval.
 * - Returns after the bonus take it back (an earlier rule kept a paid bonus final; six sign-ups
 *   whose approved purchases were then declined paid $60 of bonuses for nothing): when a return
 *   brings the friend's confirmed cashback of the window below the qualifying amount, both bonuses
 *   are reversed through the ledger like every reversal (what is no longer available is recorded
 *   as owed, repaid from the next credits), once (`bonus_reversed_at`); the bonus is not paid again.
 * - A paid referral earns the referrer loyalty points, and a reversed one takes them back
 *   (app/loyalty/points.server.ts), in the same unit of work.
 * - Expired is computed: a referral still pending (or held without qualifying) 90 days after
 *   sign-up shows as expired; only purchases made before then count (cashback of such a purchase
 *   settling later still qualifies it).
 */
import { randomInt, randomUUID } from "node:crypto";
import { audit } from "~/audit/audit.server";
import { type Db, type DbOrTx, dialectOf, isUniqueViolation, now, type Tx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { ReferralStatus } from "~/db/schema";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { enqueueMail } from "~/jobs/outbox.server";
import { renderMail } from "~/mail/templates.server";
import { notify } from "~/notifications/notifications.server";
import { getSetting } from "~/settings/settings.server";
import { creditReferralBonus, reverseReferralBonus } from "~/wallet/ledger.server";
import { onReferralPaid, onReferralReversed } from "~/loyalty/points.server";
import { MAX_INVITATIONS_PER_DAY, REFERRAL_COOKIE_DAYS, REFERRAL_WINDOW_DAYS, type ReferralDisplayStatus } from "./rules";

export { MAX_INVITATIONS_PER_DAY, REFERRAL_COOKIE_DAYS, REFERRAL_WINDOW_DAYS, type ReferralDisplayStatus };
const DAY_MS = 86_400_000;

// ——— Codes ———

const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const CODE_LENGTH = 8;
export const CODE_PATTERN = /^[a-z0-9]{4,32}$/;

function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The member's referral code, made the first time it is asked for. */
export async function referralCodeOf(db: DbOrTx, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await db.selectFrom("referralCodes").select("code").where("userId", "=", userId).executeTakeFirst();
    if (existing) return existing.code;
    try {
      await db
        .insertInto("referralCodes")
        .values({ userId, code: newCode(), createdAt: now() })
        .onConflict((oc) => oc.column("userId").doNothing())
        .execute();
    } catch (error) {
      // Another member's code (unlikely: 31^8): try another.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("could not make a referral code");
}

export function referralLink(appUrl: URL, code: string): string {
  return new URL(`/r/${code}`, appUrl).href;
}

/** The member a code belongs to, or null. */
export async function referrerByCode(db: DbOrTx, code: string): Promise<{ id: string; email: string } | null> {
  const normalised = code.trim().toLowerCase();
  if (!CODE_PATTERN.test(normalised)) return null;
  const row = await db
    .selectFrom("referralCodes")
    .innerJoin("users", "users.id", "referralCodes.userId")
    .select(["users.id", "users.email"])
    .where("referralCodes.code", "=", normalised)
    .executeTakeFirst();
  return row ?? null;
}

// ——— Sign-up ———

/**
 * The address as its mailbox sees it: lower case, without a plus-tag, and for Gmail (which
 * ignores dots) without dots: `J.o.h.n+x@gmail.com` and `john@gmail.com` are one mailbox.
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/** What a sign-up request says about who referred it (read by the sign-up actions before the unit of work). */
export interface ReferralSignUp {
  referrerId: string;
  referrerEmail: string;
  /** The sign-up's client address ("unknown" without the server guard). */
  clientAddress: string;
  /** The browser has signed in to the referrer's account before (its known-device cookie). */
  referrerDevice: boolean;
}

export type RecordOutcome = "recorded" | "held" | "self" | "duplicate";

/**
 * Records that `referredUserId` (just created) was referred: refused for the same account or the
 * same normalised address; held for an admin when the sign-up came from an address the referrer
 * used or from the referrer's browser. Once per referred account.
 */
export async function recordReferral(
  tx: Tx,
  input: ReferralSignUp & { referredUserId: string; referredEmail: string; at?: string },
): Promise<RecordOutcome> {
  if (input.referrerId === input.referredUserId) return "self";
  const referrer = await tx.selectFrom("users").select(["id", "email"]).where("id", "=", input.referrerId).executeTakeFirst();
  if (!referrer) return "self";
  if (normaliseEmail(referrer.email) === normaliseEmail(input.referredEmail)) return "self";
  let holdReason: "same_ip" | "same_device" | null = input.referrerDevice ? "same_device" : null;
  if (!holdReason && input.clientAddress && input.clientAddress !== "unknown") {
    const sameAddress = await tx
      .selectFrom("sessions")
      .select("id")
      .where("userId", "=", input.referrerId)
      .where("clientAddress", "=", input.clientAddress)
      .limit(1)
      .executeTakeFirst();
    if (sameAddress) holdReason = "same_ip";
  }
  const inserted = await tx
    .insertInto("referrals")
    .values({
      id: randomUUID(),
      referrerId: input.referrerId,
      referredUserId: input.referredUserId,
      status: holdReason ? "held" : "pending",
      holdReason,
      qualifiedAt: null,
      paidAt: null,
      referrerBonusCents: null,
      friendBonusCents: null,
      referrerTransactionId: null,
      friendTransactionId: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: input.at ?? now(),
    })
    .onConflict((oc) => oc.column("referredUserId").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return "duplicate";
  return holdReason ? "held" : "recorded";
}

// ——— The bonus ———

type ReferralRow = {
  id: string;
  referrerId: string;
  referredUserId: string;
  status: ReferralStatus;
  qualifiedAt: string | null;
  createdAt: string;
};

async function lockReferral(tx: Tx, where: { referredUserId: string } | { id: string }): Promise<ReferralRow | undefined> {
  let query = tx.selectFrom("referrals").select(["id", "referrerId", "referredUserId", "status", "qualifiedAt", "createdAt"]);
  query = "id" in where ? query.where("id", "=", where.id) : query.where("referredUserId", "=", where.referredUserId);
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The member's confirmed cashback: completed cashback credits minus completed cashback debits (returns). */
export async function confirmedCashbackCents(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .selectFrom("transactions")
    .select(["direction", (eb) => eb.fn.sum<number | string>("amountCents").as("total")])
    .where("userId", "=", userId)
    .where("type", "=", "cashback")
    .where("status", "=", "completed")
    .groupBy("direction")
    .execute();
  let total = 0;
  for (const row of rows) total += (row.direction === "debit" ? -1 : 1) * Number(row.total ?? 0);
  return total;
}

function windowEnds(createdAt: string): number {
  return Date.parse(createdAt) + REFERRAL_WINDOW_DAYS * DAY_MS;
}

/**
 * The friend's settled cashback for a referral: confirmed cashback of purchases made within the
 * referral's window whose return window has passed by `at`, less what returns took back.
 */
export async function settledCashbackCents(db: DbOrTx, userId: string, signedUpAt: string, at: string): Promise<number> {
  const row = await db
    .selectFrom("conversions")
    .select((eb) => [
      eb.fn.sum<number | string>("cashbackCents").as("cashback"),
      eb.fn.sum<number | string>("reversedCents").as("reversed"),
    ])
    .where("userId", "=", userId)
    .where("status", "=", "confirmed")
    .where("confirmsAt", "<=", at)
    .where("occurredAt", "<=", new Date(windowEnds(signedUpAt)).toISOString())
    .executeTakeFirst();
  return Number(row?.cashback ?? 0) - Number(row?.reversed ?? 0);
}

/** The friend's confirmed cashback of the window (settled or not), less returns: what a paid bonus still rests on. */
async function keptCashbackCents(db: DbOrTx, userId: string, signedUpAt: string): Promise<number> {
  return settledCashbackCents(db, userId, signedUpAt, "9999-12-31T23:59:59.999Z");
}

/**
 * Called in the unit of work that confirmed some of `userId`'s cashback, and by the confirmation
 * job for cashback whose return window has passed since: when they were referred and their settled
 * cashback now reaches the qualifying amount, the referral qualifies and (unless held for an
 * admin) both bonuses are paid, once.
 */
export async function onCashbackConfirmed(tx: Tx, userId: string, nowMs = Date.now()): Promise<boolean> {
  // Cheap way out for members nobody referred (most confirmations).
  const exists = await tx
    .selectFrom("referrals")
    .select("id")
    .where("referredUserId", "=", userId)
    .where("status", "in", ["pending", "held"])
    .executeTakeFirst();
  if (!exists) return false;
  // The lock orders concurrent confirmations of one friend: the second reads the first's cashback.
  const referral = await lockReferral(tx, { referredUserId: userId });
  if (!referral || (referral.status !== "pending" && referral.status !== "held") || referral.qualifiedAt) return false;
  const threshold = await getSetting(tx, "referralQualifyingCents");
  const at = new Date(nowMs).toISOString();
  if ((await settledCashbackCents(tx, userId, referral.createdAt, at)) < threshold) return false;
  await tx.updateTable("referrals").set({ qualifiedAt: at }).where("id", "=", referral.id).execute();
  if (referral.status === "pending") await payReferral(tx, referral);
  return true;
}

/**
 * The confirmation job's part: referrals not yet qualified whose friend has confirmed cashback
 * past its return window by `now` are looked at again, each in its own unit of work (run twice,
 * it pays once: the referral is re-read under its lock).
 */
export async function payDueReferralBonuses(db: Db, options: { now?: Date; limit?: number } = {}): Promise<{ qualified: number }> {
  const nowMs = (options.now ?? new Date()).getTime();
  const at = new Date(nowMs).toISOString();
  const due = await db
    .selectFrom("referrals")
    .select("referrals.referredUserId")
    .where("referrals.status", "in", ["pending", "held"])
    .where("referrals.qualifiedAt", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("conversions")
          .select("conversions.id")
          .whereRef("conversions.userId", "=", "referrals.referredUserId")
          .where("conversions.status", "=", "confirmed")
          .where("conversions.confirmsAt", "<=", at),
      ),
    )
    .orderBy("referrals.createdAt")
    .limit(options.limit ?? 500)
    .execute();
  let qualified = 0;
  for (const { referredUserId } of due) {
    if (await unitOfWork(db, (tx) => onCashbackConfirmed(tx, referredUserId, nowMs))) qualified++;
  }
  return { qualified };
}

/**
 * Called in the unit of work that returned some of `userId`'s confirmed cashback: when a bonus was
 * paid for them as a referred friend and what is left of their cashback of the window no longer
 * reaches the qualifying amount, both bonuses are taken back (what the member no longer has is
 * recorded as owed), once.
 */
export async function onCashbackReversed(tx: Tx, userId: string): Promise<void> {
  const exists = await tx
    .selectFrom("referrals")
    .select("id")
    .where("referredUserId", "=", userId)
    .where("status", "=", "paid")
    .where("bonusReversedAt", "is", null)
    .executeTakeFirst();
  if (!exists) return;
  let query = tx
    .selectFrom("referrals")
    .select([
      "id",
      "referrerId",
      "referredUserId",
      "createdAt",
      "status",
      "bonusReversedAt",
      "referrerTransactionId",
      "friendTransactionId",
    ])
    .where("id", "=", exists.id);
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  const referral = await query.executeTakeFirst();
  if (!referral || referral.status !== "paid" || referral.bonusReversedAt) return;
  const threshold = await getSetting(tx, "referralQualifyingCents");
  if ((await keptCashbackCents(tx, userId, referral.createdAt)) >= threshold) return;
  const sides = [
    { userId: referral.referrerId, transactionId: referral.referrerTransactionId },
    { userId: referral.referredUserId, transactionId: referral.friendTransactionId },
  ];
  const reversals: Array<string | null> = [];
  for (const side of sides) {
    if (!side.transactionId) {
      reversals.push(null);
      continue;
    }
    const taken = await reverseReferralBonus(tx, { transactionId: side.transactionId, description: "Referral bonus reversed" });
    reversals.push(taken.transaction.id);
    if (!taken.replayed) {
      await notify(tx, side.userId, "referralBonusReversed", {
        amountCents: taken.transaction.amountCents,
        owedCents: taken.owedCents,
      });
    }
  }
  // The referrer's loyalty points go back with the bonus.
  await onReferralReversed(tx, { referrerId: referral.referrerId, referralId: referral.id });
  const at = now();
  await tx
    .updateTable("referrals")
    .set({ bonusReversedAt: at, referrerReversalTransactionId: reversals[0] ?? null, friendReversalTransactionId: reversals[1] ?? null })
    .where("id", "=", referral.id)
    .execute();
  await audit(tx, {
    actorId: null,
    action: "referral.bonus-reversed",
    subject: `referral:${referral.id}`,
    before: { status: "paid" },
    after: { bonusReversedAt: at },
    details: { referrerId: referral.referrerId, referredUserId: referral.referredUserId, reversals },
  });
}

async function payReferral(tx: Tx, referral: ReferralRow): Promise<void> {
  const referrerCents = await getSetting(tx, "referralBonusReferrerCents");
  const friendCents = await getSetting(tx, "referralBonusFriendCents");
  // Each side's bonus (when its amount is above zero) and its notice; the ledger transaction's id.
  const paySide = async (
    side: "referrer" | "friend",
    userId: string,
    amountCents: number,
    notice: "referralBonusReferrer" | "referralBonusFriend",
  ): Promise<string | null> => {
    if (amountCents <= 0) return null;
    const paid = await creditReferralBonus(tx, {
      userId,
      amountCents,
      description: "Referral bonus",
      idempotencyKey: `referral:${referral.id}:${side}`,
      metadata: { referralId: referral.id, side },
    });
    if (!paid.replayed) await notify(tx, userId, notice, { amountCents });
    return paid.transaction.id;
  };
  const referrerTransactionId = await paySide("referrer", referral.referrerId, referrerCents, "referralBonusReferrer");
  const friendTransactionId = await paySide("friend", referral.referredUserId, friendCents, "referralBonusFriend");
  // A qualified referral earns the referrer loyalty points, in the same unit of work.
  await onReferralPaid(tx, { referrerId: referral.referrerId, referralId: referral.id });
  await tx
    .updateTable("referrals")
    .set({
      status: "paid",
      paidAt: now(),
      referrerBonusCents: referrerCents,
      friendBonusCents: friendCents,
      referrerTransactionId,
      friendTransactionId,
    })
    .where("id", "=", referral.id)
    .execute();
}

// ——— The admin's decision on held referrals ———

export type DecisionResult = { ok: true; paid: boolean } | { ok: false };

type DecisionInput = { referralId: string; adminId: string; clientAddress?: string | null };

/** Records the admin's decision on a held referral (its new status and the audit row); null when it is not held. */
async function decideHeld(tx: Tx, input: DecisionInput, status: "pending" | "rejected", action: string) {
  const referral = await lockReferral(tx, { id: input.referralId });
  if (!referral || referral.status !== "held") return null;
  await tx.updateTable("referrals").set({ status, decidedBy: input.adminId, decidedAt: now() }).where("id", "=", referral.id).execute();
  await audit(tx, {
    actorId: input.adminId,
    action,
    subject: `referral:${referral.id}`,
    before: { status: referral.status },
    after: { status },
    details: { referrerId: referral.referrerId, referredUserId: referral.referredUserId },
    clientAddress: input.clientAddress,
  });
  return referral;
}

/** Approves a held referral: it counts again, and is paid now when it already qualified in its window. */
export async function approveReferral(tx: Tx, input: DecisionInput): Promise<DecisionResult> {
  const referral = await decideHeld(tx, input, "pending", "referral.approved");
  if (!referral) return { ok: false };
  let qualified = Boolean(referral.qualifiedAt);
  if (!qualified) {
    // Cashback settled before a qualifying amount was set lower, say: look again now.
    const settled = await settledCashbackCents(tx, referral.referredUserId, referral.createdAt, now());
    qualified = settled >= (await getSetting(tx, "referralQualifyingCents"));
    if (qualified) await tx.updateTable("referrals").set({ qualifiedAt: now() }).where("id", "=", referral.id).execute();
  }
  if (qualified) await payReferral(tx, { ...referral, status: "pending" });
  return { ok: true, paid: qualified };
}

export async function rejectReferral(tx: Tx, input: DecisionInput): Promise<DecisionResult> {
  return (await decideHeld(tx, input, "rejected", "referral.rejected")) ? { ok: true, paid: false } : { ok: false };
}

// ——— What the screens show ———

export function displayStatus(
  row: { status: ReferralStatus; qualifiedAt: string | null; createdAt: string; bonusReversedAt?: string | null },
  nowMs = Date.now(),
): ReferralDisplayStatus {
  if (row.status === "paid") return row.bonusReversedAt ? "reversed" : "paid";
  if (row.status === "rejected") return "rejected";
  if (row.qualifiedAt) return "qualified";
  if (nowMs > windowEnds(row.createdAt)) return "expired";
  return row.status === "held" ? "inReview" : "signedUp";
}

export interface ReferredFriend {
  id: string;
  name: string;
  signedUpAt: string;
  windowEndsAt: string;
  status: ReferralDisplayStatus;
  bonusCents: number | null;
}

/** The member's referred friends, newest first (names only: never their addresses). */
export async function referredFriends(db: DbOrTx, referrerId: string, nowMs = Date.now()): Promise<ReferredFriend[]> {
  const rows = await db
    .selectFrom("referrals")
    .innerJoin("users", "users.id", "referrals.referredUserId")
    .select([
      "referrals.id",
      "users.name",
      "referrals.status",
      "referrals.qualifiedAt",
      "referrals.createdAt",
      "referrals.referrerBonusCents",
      "referrals.bonusReversedAt",
    ])
    .where("referrals.referrerId", "=", referrerId)
    .orderBy("referrals.createdAt", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    signedUpAt: row.createdAt,
    windowEndsAt: new Date(windowEnds(row.createdAt)).toISOString(),
    status: displayStatus(row, nowMs),
    bonusCents: row.status === "paid" && !row.bonusReversedAt ? row.referrerBonusCents : null,
  }));
}

export interface HeldReferral {
  id: string;
  referrerEmail: string;
  friendEmail: string;
  holdReason: "same_ip" | "same_device" | null;
  qualified: boolean;
  createdAt: string;
}

/** The referrals waiting for an admin, oldest first. */
export async function heldReferrals(db: DbOrTx): Promise<HeldReferral[]> {
  const rows = await db
    .selectFrom("referrals")
    .innerJoin("users as referrer", "referrer.id", "referrals.referrerId")
    .innerJoin("users as friend", "friend.id", "referrals.referredUserId")
    .select([
      "referrals.id",
      "referrer.email as referrerEmail",
      "friend.email as friendEmail",
      "referrals.holdReason",
      "referrals.qualifiedAt",
      "referrals.createdAt",
    ])
    .where("referrals.status", "=", "held")
    .orderBy("referrals.createdAt", "asc")
    .limit(200)
    .execute();
  return rows.map((row) => ({ ...row, qualified: Boolean(row.qualifiedAt) }));
}

// ——— Invitations ———

export type InviteOutcome = "sent" | "already" | "limit" | "self";

/**
 * E-mails a friend the member's link: each address once per member, at most 20 a day. The e-mail
 * is written to the outbox in the caller's transaction.
 */
export async function inviteFriend(
  tx: Tx,
  input: { referrerId: string; email: string; locale: Locale; appUrl: URL; nowMs?: number },
): Promise<InviteOutcome> {
  const email = input.email.trim().toLowerCase();
  const referrer = await tx
    .selectFrom("users")
    .select(["id", "email", "name"])
    .where("id", "=", input.referrerId)
    .executeTakeFirstOrThrow();
  if (normaliseEmail(referrer.email) === normaliseEmail(email)) return "self";
  const nowMs = input.nowMs ?? Date.now();
  const since = new Date(nowMs - DAY_MS).toISOString();
  const sent = await tx
    .selectFrom("referralInvitations")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("referrerId", "=", input.referrerId)
    .where("createdAt", ">", since)
    .executeTakeFirst();
  if (Number(sent?.n ?? 0) >= MAX_INVITATIONS_PER_DAY) return "limit";
  const inserted = await tx
    .insertInto("referralInvitations")
    .values({ id: randomUUID(), referrerId: input.referrerId, email, createdAt: new Date(nowMs).toISOString() })
    .onConflict((oc) => oc.columns(["referrerId", "email"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return "already";
  const locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE;
  const t = fixedT(locale, "referrals");
  const link = referralLink(input.appUrl, await referralCodeOf(tx, input.referrerId));
  const values = { name: referrer.name };
  const parts = renderMail({
    locale,
    heading: t("invitation.heading", values),
    paragraphs: t("invitation.paragraphs", { ...values, returnObjects: true }) as unknown as string[],
    action: { label: t("invitation.action"), url: link },
    footer: t("invitation.footer"),
  });
  await enqueueMail(tx, { to: email, subject: t("invitation.subject", values), ...parts });
  return "sent";
}

export async function invitationsSentToday(db: DbOrTx, referrerId: string, nowMs = Date.now()): Promise<number> {
  const row = await db
    .selectFrom("referralInvitations")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("referrerId", "=", referrerId)
    .where("createdAt", ">", new Date(nowMs - DAY_MS).toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
