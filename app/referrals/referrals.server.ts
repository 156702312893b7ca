/**
 * Referrals (refer a friend): owns `referral_codes`, `referrals` and `referral_invitations`.
 *
 * - Every member has a code (made the first time it is needed) and the link `<APP_URL>/r/<code>`;
 *   the link remembers the code in a cookie for 30 days (app/referrals/cookie.server.ts) and every
 *   sign-up (regular, partner, social) records the referrer with `recordReferral`.
 * - Self-referral is refused (the same account, or the same address once dots and plus-tags are
 *   normalised); a sign-up from an address the referrer used, or from a browser the referrer signed
 *   in on, is held until an admin approves or rejects it (`/admin/referrals`).
 * - The bonus: when the friend's confirmed cashback (completed cashback credits minus completed
 *   cashback debits, i.e. returns) first reaches `referralQualifyingCents` within 90 days of
 *   sign-up, both are paid (`referralBonusReferrerCents`, `referralBonusFriendCents`) from the
 *   platform's bonus account, once: the referral row is locked and moves to `paid` in the same
 *   unit of work as both `referral` transactions (keys `referral:<id>:referrer|friend`) and the
 *   notifications. A held referral that qualifies is marked qualified and paid on approval.
 * - Returns after the bonus do not take it back: the bonus rewards bringing a member who earned
 *   the qualifying cashback, and the return itself already takes that cashback back from the
 *   friend. (A chosen rule, not an accident: it keeps a paid bonus final and the books simple.)
 * - Expired is computed: a referral still pending (or held without qualifying) 90 days after
 *   sign-up shows as expired, and a confirmation after that no longer qualifies. No job is needed.
 */
import { randomInt, randomUUID } from "node:crypto";
import { audit } from "~/audit/audit.server";
import { dialectOf, now, type DbOrTx, type Tx } from "~/db/db.server";
import type { ReferralStatus } from "~/db/schema";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { enqueueMail } from "~/jobs/outbox.server";
import { renderMail } from "~/mail/templates.server";
import { notify } from "~/notifications/notifications.server";
import { getSetting } from "~/settings/settings.server";
import { isUniqueViolation } from "~/users/users.server";
import { creditReferralBonus } from "~/wallet/ledger.server";
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
 * Called in the unit of work that confirmed some of `userId`'s cashback: when they were referred
 * and their confirmed cashback now reaches the qualifying amount within the window, the referral
 * qualifies and (unless held for an admin) both bonuses are paid, once.
 */
export async function onCashbackConfirmed(tx: Tx, userId: string): Promise<void> {
  // Cheap way out for members nobody referred (most confirmations).
  const exists = await tx
    .selectFrom("referrals")
    .select("id")
    .where("referredUserId", "=", userId)
    .where("status", "in", ["pending", "held"])
    .executeTakeFirst();
  if (!exists) return;
  // The lock orders concurrent confirmations of one friend: the second reads the first's cashback.
  const referral = await lockReferral(tx, { referredUserId: userId });
  if (!referral || (referral.status !== "pending" && referral.status !== "held") || referral.qualifiedAt) return;
  if (Date.now() > windowEnds(referral.createdAt)) return;
  const threshold = await getSetting(tx, "referralQualifyingCents");
  if ((await confirmedCashbackCents(tx, userId)) < threshold) return;
  const qualifiedAt = now();
  await tx.updateTable("referrals").set({ qualifiedAt }).where("id", "=", referral.id).execute();
  if (referral.status === "pending") await payReferral(tx, referral);
}

async function payReferral(tx: Tx, referral: ReferralRow): Promise<void> {
  const referrerCents = await getSetting(tx, "referralBonusReferrerCents");
  const friendCents = await getSetting(tx, "referralBonusFriendCents");
  const metadata = { referralId: referral.id };
  let referrerTransactionId: string | null = null;
  let friendTransactionId: string | null = null;
  if (referrerCents > 0) {
    const paid = await creditReferralBonus(tx, {
      userId: referral.referrerId,
      amountCents: referrerCents,
      description: "Referral bonus",
      idempotencyKey: `referral:${referral.id}:referrer`,
      metadata: { ...metadata, side: "referrer" },
    });
    referrerTransactionId = paid.transaction.id;
    if (!paid.replayed) await notify(tx, referral.referrerId, "referralBonusReferrer", { amountCents: referrerCents });
  }
  if (friendCents > 0) {
    const paid = await creditReferralBonus(tx, {
      userId: referral.referredUserId,
      amountCents: friendCents,
      description: "Referral bonus",
      idempotencyKey: `referral:${referral.id}:friend`,
      metadata: { ...metadata, side: "friend" },
    });
    friendTransactionId = paid.transaction.id;
    if (!paid.replayed) await notify(tx, referral.referredUserId, "referralBonusFriend", { amountCents: friendCents });
  }
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

/** Approves a held referral: it counts again, and is paid now when it already qualified in its window. */
export async function approveReferral(
  tx: Tx,
  input: { referralId: string; adminId: string; clientAddress?: string | null },
): Promise<DecisionResult> {
  const referral = await lockReferral(tx, { id: input.referralId });
  if (!referral || referral.status !== "held") return { ok: false };
  await tx
    .updateTable("referrals")
    .set({ status: "pending", decidedBy: input.adminId, decidedAt: now() })
    .where("id", "=", referral.id)
    .execute();
  await audit(tx, {
    actorId: input.adminId,
    action: "referral.approved",
    subject: `referral:${referral.id}`,
    before: { status: referral.status },
    after: { status: "pending" },
    details: { referrerId: referral.referrerId, referredUserId: referral.referredUserId },
    clientAddress: input.clientAddress,
  });
  let qualified = Boolean(referral.qualifiedAt);
  if (!qualified && Date.now() <= windowEnds(referral.createdAt)) {
    // Cashback confirmed before a qualifying amount was set lower, say: look again now.
    qualified = (await confirmedCashbackCents(tx, referral.referredUserId)) >= (await getSetting(tx, "referralQualifyingCents"));
    if (qualified) await tx.updateTable("referrals").set({ qualifiedAt: now() }).where("id", "=", referral.id).execute();
  }
  if (qualified) await payReferral(tx, { ...referral, status: "pending" });
  return { ok: true, paid: qualified };
}

export async function rejectReferral(
  tx: Tx,
  input: { referralId: string; adminId: string; clientAddress?: string | null },
): Promise<DecisionResult> {
  const referral = await lockReferral(tx, { id: input.referralId });
  if (!referral || referral.status !== "held") return { ok: false };
  await tx
    .updateTable("referrals")
    .set({ status: "rejected", decidedBy: input.adminId, decidedAt: now() })
    .where("id", "=", referral.id)
    .execute();
  await audit(tx, {
    actorId: input.adminId,
    action: "referral.rejected",
    subject: `referral:${referral.id}`,
    before: { status: referral.status },
    after: { status: "rejected" },
    details: { referrerId: referral.referrerId, referredUserId: referral.referredUserId },
    clientAddress: input.clientAddress,
  });
  return { ok: true, paid: false };
}

// ——— What the screens show ———

export function displayStatus(
  row: { status: ReferralStatus; qualifiedAt: string | null; createdAt: string },
  nowMs = Date.now(),
): ReferralDisplayStatus {
  if (row.status === "paid") return "paid";
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
    bonusCents: row.status === "paid" ? row.referrerBonusCents : null,
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
