/**
 * Arrange through the domain, act through the browser. Test fixtures that put a signed-in person in
 * front of the page by calling our own domain functions on the end-to-end server's database (the
 * same `createUser`, `createSession`, `enableTwoFactor` and payment webhook unit of work the app
 * runs), so a test starts where its story starts instead of walking through sign-up, e-mailed codes
 * and two-factor setup first. Those stay in accounts.spec.ts and admin-access.spec.ts, where they
 * are what is tested.
 *
 *   test("…", async ({ page, member }) => { await visit(page, "/en/wallet"); … });
 *
 * - `visitor`: a distinct client address for the page (per-IP rate limits never leak between tests);
 *   every account fixture uses it.
 * - `member`, `partner`: a new verified account, signed in on the test's browser context.
 * - `memberWithBalance`: a member whose wallet holds $250.00, paid through the sandbox provider's
 *   webhook event (`applyPaymentEvent` in one unit of work, as a real top-up).
 * - `admin`: a new administrator with two-factor authentication already on; `admin.totp.next()`
 *   gives the next code the server will accept (codes are single-use per 30 s step).
 * - `demoMember`, `demoPartner`: the seeded demo accounts (their pages have seeded data to show),
 *   signed in the same way. Tests that change them must put back what they changed.
 */
import "./e2e-env";
import { randomUUID } from "node:crypto";
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createSession } from "../../../app/auth/session.server";
import { enableTwoFactor, startTwoFactor } from "../../../app/auth/two-factor.server";
import { createDb, type Db } from "../../../app/db/db.server";
import { unitOfWork } from "../../../app/db/unit-of-work.server";
import { createUser, findUserByEmail } from "../../../app/users/users.server";
import { applyPaymentEvent, startTopUp } from "../../../app/wallet/payments.server";
import { requestMemberWithdrawal } from "../../../app/wallet/withdrawals.server";
import { sandboxProvider } from "../../../app/wallet/sandbox-provider.server";
import { DEMO_PARTNER, DEMO_USER } from "../../../db/seed";
import { PASSWORD } from "./accounts";
import { E2E_APP_URL } from "./e2e-env";
import { uniqueAddress, uniqueEmail } from "./visitor";

export interface Account {
  id: string;
  email: string;
  name: string;
  password: string;
}

export interface AdminAccount extends Account {
  secret: string;
  totp: TotpClock;
}

/**
 * Authenticator codes for a secret, computed for the time rather than waited for: the server
 * accepts a code of its current 30 s step or of one step either side, each step once. `next()`
 * gives the earliest step not used yet that stays acceptable for at least `MARGIN_MS` more (a code
 * of the step before now stops being accepted when the current step ends). Three codes are at hand
 * in any 30 s window; a fourth would have to wait for the clock, and is refused instead.
 */
export class TotpClock {
  static readonly MARGIN_MS = 3_000;
  private readonly totp: TOTP;
  private lastStep: number;
  constructor(secret: string, lastStep?: number) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    this.lastStep = lastStep ?? Number.NEGATIVE_INFINITY;
  }

  next(now = Date.now()): string {
    const current = Math.floor(now / 30_000);
    const endingSoon = now % 30_000 > 30_000 - TotpClock.MARGIN_MS;
    const step = Math.max(this.lastStep + 1, current - 1 + (endingSoon ? 1 : 0));
    if (step > current + 1) throw new Error("A fourth authenticator code within 30 s: the server would refuse it (one step of drift).");
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * 30_000 + 1_000 });
  }

  /** A code of a step already used (refused as spent). */
  spent(): string {
    return this.totp.generate({ timestamp: this.lastStep * 30_000 + 1_000 });
  }
}

let database: Db | undefined;
/** The end-to-end server's database, opened once per worker (SQLite in WAL mode: the server keeps writing). */
export function e2eDatabase(): Db {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith("file:")) throw new Error("The end-to-end server has not written its database address (is it running?)");
  database ??= createDb({ kind: "sqlite", filename: url.slice("file:".length) });
  return database;
}

/** A new verified account (and its 14-day ad trial, as every sign-up gets). */
export async function createAccount(
  role: "user" | "partner" | "admin",
  prefix: string = role,
  extra: { locale?: string } = {},
): Promise<Account> {
  const email = uniqueEmail(prefix);
  const name = `${prefix[0]!.toUpperCase()}${prefix.slice(1)} ${email.split(".")[1]}`;
  const user = await createUser(e2eDatabase(), {
    email,
    name,
    password: PASSWORD,
    role,
    emailVerified: true,
    locale: extra.locale ?? "en",
    ...(role === "partner" ? { phone: "+31 20 555 0199", partnerPlanCode: "partner-basic" } : {}),
  });
  return { id: user.id, email, name, password: PASSWORD };
}

/** Turns two-factor authentication on through the settings' own functions, with a code of the step before now. */
export async function turnOnTwoFactor(userId: string): Promise<{ secret: string; totp: TotpClock }> {
  const db = e2eDatabase();
  const { secret } = await startTwoFactor(db, userId);
  const totp = new TotpClock(secret);
  if (!(await unitOfWork(db, (tx) => enableTwoFactor(tx, userId, totp.next()))))
    throw new Error("two-factor authentication did not turn on");
  return { secret, totp };
}

/** Credits a member's wallet as a paid sandbox top-up does: the payment, then its webhook event in one unit of work. */
export async function topUp(userId: string, amountCents: number): Promise<void> {
  const db = e2eDatabase();
  const { payment } = await startTopUp(db, sandboxProvider(), {
    userId,
    amountCents,
    idempotencyKey: randomUUID(),
    locale: "en",
    returnUrl: (id) => `/en/dashboard/add-money/${id}`,
    cancelUrl: "/en/dashboard",
  });
  const event = { eventId: `evt_fixture_${randomUUID()}`, type: "payment.succeeded" as const, paymentId: payment.id, amountCents };
  const texts = { deposit: "Wallet top-up", refund: "Top-up refunded", dispute: "Top-up disputed" };
  const outcome = await unitOfWork(db, (tx) => applyPaymentEvent(tx, "sandbox", event, texts));
  if (outcome !== "applied") throw new Error(`the fixture's top-up was not applied: ${outcome}`);
}

/** A withdrawal the member asks for, as the withdraw page's confirm step makes it (the hold, the saved method, the notice); returns its transaction id. */
export async function withdraw(
  userId: string,
  amountCents: number,
  destination: string,
  method: "paypal" | "bank" = "paypal",
): Promise<string> {
  const { transaction } = await unitOfWork(e2eDatabase(), (tx) =>
    requestMemberWithdrawal(tx, { userId, amountCents, method, destination, idempotencyKey: randomUUID() }),
  );
  return transaction.id;
}

/** Signs `account` in on the browser context: a session made by the app's own `createSession`, its cookie set. */
export async function signInAs(context: BrowserContext, account: { id: string; role: "user" | "partner" | "admin" }): Promise<void> {
  const { setCookie } = await createSession(e2eDatabase(), account, { remember: false, userAgent: "Playwright fixture" });
  const [pair] = setCookie.split(";");
  const separator = pair!.indexOf("=");
  await context.addCookies([
    { name: pair!.slice(0, separator), value: pair!.slice(separator + 1), url: E2E_APP_URL, httpOnly: true, sameSite: "Lax" },
  ]);
}

/**
 * Another browser of `account`'s (a context of its own, with its own client address), signed in.
 * JavaScript as in the test's project unless `javaScript` says otherwise.
 */
export async function anotherBrowser(
  browser: Browser,
  account: { id: string; role?: "user" | "partner" | "admin" },
  options: { javaScript?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? javaScriptEnabled(),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() },
  });
  await signInAs(context, { id: account.id, role: account.role ?? "user" });
  return context.newPage();
}

async function seeded(email: string): Promise<{ id: string; name: string }> {
  const user = await findUserByEmail(e2eDatabase(), email);
  if (!user) throw new Error(`the demo account ${email} is missing from the e2e database`);
  return user;
}

/** Whether the running project has JavaScript on. */
export function javaScriptEnabled(): boolean {
  return base.info().project.use.javaScriptEnabled !== false;
}

/**
 * Waits until the page is ready to use: hydrated with JavaScript (the root layout's mark), loaded
 * without. Decided by the test's project: a context opened with JavaScript off inside the "js"
 * project waits with `page.waitForLoadState("load")` instead.
 */
export async function ready(page: Page): Promise<void> {
  if (javaScriptEnabled()) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  else await page.waitForLoadState("load");
}

/** `locator` shows each of `texts`, in any order. */
export async function expectTexts(locator: Locator, texts: string[]): Promise<void> {
  for (const text of texts) await expect(locator).toContainText(text);
}

/** Opens `url` and waits until it is ready to use (see `ready`). */
export async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  await ready(page);
  return response;
}

interface Fixtures {
  visitor: string;
  member: Account;
  memberWithBalance: Account & { balanceCents: number };
  partner: Account;
  admin: AdminAccount;
  demoMember: Account;
  demoPartner: Account;
}

export const test = base.extend<Fixtures>({
  visitor: async ({ page }, use) => {
    const address = uniqueAddress();
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
    await use(address);
  },
  member: async ({ context, visitor: _ }, use) => {
    const account = await createAccount("user", "member");
    await signInAs(context, { id: account.id, role: "user" });
    await use(account);
  },
  memberWithBalance: async ({ context, visitor: _ }, use) => {
    const account = await createAccount("user", "saver");
    await topUp(account.id, 25_000);
    await signInAs(context, { id: account.id, role: "user" });
    await use({ ...account, balanceCents: 25_000 });
  },
  partner: async ({ context, visitor: _ }, use) => {
    const account = await createAccount("partner");
    await signInAs(context, { id: account.id, role: "partner" });
    await use(account);
  },
  admin: async ({ context, visitor: _ }, use) => {
    const account = await createAccount("admin");
    const twoFactor = await turnOnTwoFactor(account.id);
    await signInAs(context, { id: account.id, role: "admin" });
    await use({ ...account, ...twoFactor });
  },
  demoMember: async ({ context, visitor: _ }, use) => {
    const user = await seeded(DEMO_USER.email);
    await signInAs(context, { id: user.id, role: "user" });
    await use({ id: user.id, name: user.name, email: DEMO_USER.email, password: DEMO_USER.password });
  },
  demoPartner: async ({ context, visitor: _ }, use) => {
    const user = await seeded(DEMO_PARTNER.email);
    await signInAs(context, { id: user.id, role: "partner" });
    await use({ id: user.id, name: user.name, email: DEMO_PARTNER.email, password: DEMO_PARTNER.password });
  },
});

export { expect, PASSWORD };
