/**
 * Cashback arranged for end-to-end tests with our own domain functions on the e2e server's
 * database (the same ones "Shop now", a network's postback and the claim form run), so a test
 * starts where its story starts: a visit made days ago, a sale the network reported, claims sent.
 */
import "./e2e-env";
import { clickOut } from "../../../app/cashback/clicks.server";
import { submitClaim } from "../../../app/cashback/claims.server";
import { ingestConversion } from "../../../app/cashback/conversions.server";
import { unitOfWork } from "../../../app/db/unit-of-work.server";
import { payDueReferralBonuses } from "../../../app/referrals/referrals.server";
import { consumeRateLimit } from "../../../app/security/rate-limit.server";
import { E2E_APP_URL, E2E_SESSION_SECRET } from "./e2e-env";
import { e2eDatabase } from "./fixtures";

const DAY_MS = 86_400_000;

/**
 * A person's browser. Headless Chromium says "HeadlessChrome", which isbot rightly calls a bot
 * (its clicks are never credited nor shown): tests that shop use this user agent.
 */
export const PERSON_BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** A member's "Shop now" at a store, `daysAgo` days ago (recorded as the click-out route records it); its click id. */
export async function visitStore(
  userId: string,
  slug: string,
  options: { daysAgo?: number; clientAddress?: string } = {},
): Promise<string> {
  const result = await unitOfWork(e2eDatabase(), (tx) =>
    clickOut(tx, {
      userId,
      slug,
      clientAddress: options.clientAddress ?? "198.18.255.1",
      userAgent: PERSON_BROWSER,
      secret: E2E_SESSION_SECRET,
      appUrl: new URL(E2E_APP_URL),
      sandboxAllowed: true,
      now: new Date(Date.now() - (options.daysAgo ?? 0) * DAY_MS).toISOString(),
    }),
  );
  if (result.outcome !== "redirect") throw new Error(`the visit to ${slug} was not recorded: ${result.outcome}`);
  return result.clickId;
}

/** A sale reported by the sandbox network for a click, as its signed postback is ingested (pending, approved…). */
export async function reportSale(
  clickId: string,
  sale: { transactionId: string; saleCents: number; commissionCents: number; status: "pending" | "approved" | "declined" },
): Promise<string> {
  const event = {
    network: "sandbox",
    transactionId: sale.transactionId,
    clickId,
    saleAmountCents: sale.saleCents,
    commissionCents: sale.commissionCents,
    currency: "USD",
    status: sale.status,
    occurredAt: new Date().toISOString(),
    source: "postback" as const,
    raw: JSON.stringify({ transactionId: sale.transactionId, clickId, status: sale.status }),
  };
  const { outcome } = await unitOfWork(e2eDatabase(), (tx) => ingestConversion(tx, event));
  if (outcome === "unmatched" || outcome === "unchanged") throw new Error(`the sale ${sale.transactionId} was ${outcome}`);
  return outcome;
}

/** A missing-cashback claim sent by the member for a visit, counted against their hourly limit as the claim form counts it. */
export async function claimOrder(
  userId: string,
  clickId: string,
  order: { orderId: string; orderDate: string; amountCents: number },
): Promise<string> {
  const db = e2eDatabase();
  const verdict = await consumeRateLimit(db, "cashbackClaim", userId);
  if (!verdict.allowed) throw new Error("the member's claims are over the hourly limit");
  const outcome = await unitOfWork(db, (tx) => submitClaim(tx, { userId, clickId, ...order }));
  if (!outcome.ok) throw new Error(`the claim for ${order.orderId} was refused: ${outcome.error}`);
  return outcome.claimId;
}

/** `YYYY-MM-DD` of `days` days ago. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The confirmed cashback's return window has passed: the hourly confirmation job's referral step
 * runs as it would then (its clock moved past every window; nothing else is touched).
 */
export async function referralBonusesAfterReturnWindows(): Promise<number> {
  const { qualified } = await payDueReferralBonuses(e2eDatabase(), { now: new Date(Date.now() + 400 * 86_400_000) });
  return qualified;
}
