/**
 * The account forms' rules, through the routes' own loaders and actions on each database: every
 * message of sign-up, verification codes, sign-in and password reset (in the English a visitor
 * reads, with what was typed kept and passwords never sent back), the sign-in throttle (429 with
 * the minutes to wait; only failures count, so an owner's good sign-ins never lock them out; a
 * browser that signed in before, or that opened the e-mailed unlock link once, still gets in),
 * redirectTo kept on this site, and the signed-in area's guard. The browser journeys that prove
 * the pages show these messages are in tests/e2e/accounts.spec.ts and hardening.spec.ts.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "account-rules-test-secret-0123456789-0123456789";

import { fixedT } from "~/i18n/translator.server";
import type { MailMessage } from "~/mail/mailer.server";
import { action as resetAction, loader as resetLoader } from "~/routes/($locale)._public.reset-password";
import { loader as adminLoader } from "~/routes/($locale)._admin";
import { loader as appLoader } from "~/routes/($locale)._app";
import { action as signInAction, loader as signInLoader } from "~/routes/($locale)._public.signin";
import { action as unlockAction } from "~/routes/($locale)._public.signin_.unlock";
import { action as signUpAction } from "~/routes/($locale)._public.signup._index";
import { action as partnerSignUpAction } from "~/routes/($locale)._public.signup.partner";
import { action as verifyAction, loader as verifyLoader } from "~/routes/($locale)._public.verify-email";
import { PEER_ADDRESS_HEADER } from "~/security/client-address.server";
import { createUser, findUserByEmail } from "~/users/users.server";
import { addressSequence, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { linkIn } from "../support/recording-mailer";
import { answer, formMessages, typedValues, type RouteAnswer } from "../support/route-answer";

const APP = "http://localhost:3000";
const PASSWORD = "Sunny-day-42!";
const GENERIC = "The email address or password is not correct.";
const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes\.$/;
const params = { locale: "en" };
const t = fixedT("en", "common");

/** A client address of its own (the routes read the peer address the server guard records). */
const newAddress = addressSequence("198.51");
const uniqueEmail = (prefix: string) => `${prefix}.${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A browser's cookies: what Set-Cookie headers gave it, sent back as one Cookie header. */
class Jar {
  private readonly cookies = new Map<string, string>();
  constructor(from?: RouteAnswer) {
    if (from) this.take(from);
  }
  take(from: RouteAnswer): this {
    for (const header of from.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const name = pair!.slice(0, pair!.indexOf("="));
      if (/max-age=0\b/i.test(header) || pair!.endsWith("=")) this.cookies.delete(name);
      else this.cookies.set(name, pair!);
    }
    return this;
  }
  only(name: string): Jar {
    const jar = new Jar();
    const pair = this.cookies.get(name);
    if (pair) jar.cookies.set(name, pair);
    return jar;
  }
  has(name: string): boolean {
    return this.cookies.has(name);
  }
  get header(): string {
    return [...this.cookies.values()].join("; ");
  }
}

interface Visit {
  address?: string;
  jar?: Jar;
}

function headers({ address = newAddress(), jar }: Visit): Record<string, string> {
  return { Origin: APP, [PEER_ADDRESS_HEADER]: address, ...(jar?.header ? { Cookie: jar.header } : {}) };
}
const post = (path: string, fields: Record<string, string>, visit: Visit = {}) =>
  new Request(`${APP}${path}`, { method: "POST", headers: headers(visit), body: new URLSearchParams(fields) });
const get = (path: string, visit: Visit = {}) => new Request(`${APP}${path}`, { headers: headers(visit) });

type Handler = (args: ActionFunctionArgs) => Promise<unknown>;
const call = (handler: Handler, request: Request, routeParams: Record<string, string> = params) =>
  answer(() => handler({ request, params: routeParams, context: {} }));

const messages = (reply: RouteAnswer) => formMessages(reply, t);
const typed = typedValues;

describeEachDatabase("the account forms' rules", (context) => {
  useAppDatabase(context);

  /** The e-mails the outbox holds for `to`, oldest first. */
  async function mailTo(to: string): Promise<MailMessage[]> {
    const rows = await context.db.selectFrom("outbox").select(["payload", "createdAt"]).orderBy("createdAt").execute();
    return rows.map((row) => JSON.parse(row.payload) as MailMessage).filter((mail) => mail.to === to);
  }
  async function latestCode(to: string): Promise<string> {
    const codes = (await mailTo(to)).map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1]).filter(Boolean);
    return codes.at(-1)!;
  }
  const account = async (prefix: string) => {
    const email = uniqueEmail(prefix);
    await createUser(context.db, { email, name: `Owner ${prefix}`, password: PASSWORD, emailVerified: true });
    return email;
  };
  const signIn = (fields: Record<string, string>, visit: Visit = {}) => call(signInAction, post("/en/signin", fields, visit));

  it("sign-up: every message at once; typed values come back, passwords never, and nothing is created", async () => {
    const empty = await call(signUpAction, post("/en/signup", {}));
    expect(empty.status).toBe(400);
    expect(messages(empty)).toEqual({
      name: ["Full name is required"],
      email: ["Please type your email address."],
      password: ["Password is required"],
      confirmPassword: ["Please confirm your password"],
      terms: ["You must agree to the Terms and Privacy Policy"],
    });

    const bad = await call(signUpAction, post("/en/signup", { name: "Ada", email: "ada@", password: "short", confirmPassword: "other" }));
    expect(bad.status).toBe(400);
    expect(messages(bad)).toEqual({
      email: ["Please enter a valid email address."],
      password: ["Password must be at least 8 characters long"],
      confirmPassword: ["Passwords do not match"],
      terms: ["You must agree to the Terms and Privacy Policy"],
    });
    expect(typed(bad)).toMatchObject({ name: "Ada", email: "ada@" });
    expect(typed(bad).password).toBeUndefined();
    expect(typed(bad).confirmPassword).toBeUndefined();

    const noNumber = await call(
      signUpAction,
      post("/en/signup", { name: "Ada", email: "ada@example.com", password: "longenough", confirmPassword: "longenough", terms: "on" }),
    );
    expect(messages(noNumber)).toEqual({ password: ["Password must contain at least one number"] });
    const noSymbol = await call(
      signUpAction,
      post("/en/signup", { name: "Ada", email: "ada@example.com", password: "longenough1", confirmPassword: "longenough1", terms: "on" }),
    );
    expect(messages(noSymbol)).toEqual({ password: ["Password must contain at least one symbol"] });
    expect(JSON.stringify(noSymbol.body)).not.toContain("longenough1");
    expect(await findUserByEmail(context.db, "ada@example.com")).toBeUndefined();
    expect(await mailTo("ada@example.com")).toEqual([]);
  });

  it("partner sign-up asks for a valid phone number and a plan, and keeps the rest", async () => {
    const reply = await call(
      partnerSignUpAction,
      post("/en/signup/partner", {
        name: "Pia Partner",
        email: "pia@example.com",
        phone: "12",
        password: PASSWORD,
        confirmPassword: PASSWORD,
        terms: "on",
      }),
    );
    expect(reply.status).toBe(400);
    expect(messages(reply)).toEqual({ phone: ["Please enter a valid phone number"], plan: ["Please choose a partner plan"] });
    expect(typed(reply)).toMatchObject({ name: "Pia Partner", email: "pia@example.com", phone: "12" });
    expect(typed(reply).password).toBeUndefined();
  });

  it("verification codes: required, format, wrong five times, then locked even for the right code; a resend replaces the code", async () => {
    const email = uniqueEmail("codes");
    const address = newAddress();
    const signedUp = await call(
      signUpAction,
      post("/en/signup", { name: "Cody", email, password: PASSWORD, confirmPassword: PASSWORD, terms: "on" }, { address }),
    );
    expect(signedUp).toMatchObject({ status: 302, location: "/en/verify-email" });
    const browser = new Jar(signedUp);
    expect((await call(verifyLoader, get("/en/verify-email", { address, jar: browser }))).body).toMatchObject({ email, verified: false });
    const first = await latestCode(email);
    const wrong = first === "000000" ? "111111" : "000000";
    const verify = (fields: Record<string, string>) => call(verifyAction, post("/en/verify-email", fields, { address, jar: browser }));

    const missing = await verify({});
    expect(missing.status).toBe(400);
    expect(messages(missing)).toEqual({ code: ["A verification code is required."] });
    const format = await verify({ code: "12ab" });
    expect(messages(format)).toEqual({ code: ["Please enter the 6-digit code from the email."] });
    expect(typed(format)).toMatchObject({ code: "12ab" });
    for (let i = 0; i < 5; i++) {
      const refused = await verify({ code: wrong });
      expect(refused.status, `wrong code ${i + 1}`).toBe(400);
      expect(messages(refused)).toEqual({ code: ["Failed to verify code. Please check your code and try again."] });
    }
    expect(messages(await verify({ code: first }))).toEqual({ code: ["Too many wrong codes. Send a new code and try again."] });

    const resent = await verify({ intent: "resend" });
    expect(resent).toMatchObject({ status: 302, location: "/en/verify-email" });
    browser.take(resent);
    const notice = await call(verifyLoader, get("/en/verify-email", { address, jar: browser }));
    expect(fixedT("en", "auth")(notice.body.notice.key)).toMatch(/^A new code is on its way\./);
    expect(await mailTo(email)).toHaveLength(2);
    const second = await latestCode(email);
    if (second !== first) {
      expect(messages(await verify({ code: first }))).toEqual({ code: ["Failed to verify code. Please check your code and try again."] });
    }
    const verified = await verify({ code: second });
    expect(verified).toMatchObject({ status: 302, location: "/en/verify-email" });
    browser.take(verified);
    expect((await call(verifyLoader, get("/en/verify-email", { address, jar: browser }))).body).toMatchObject({ verified: true });
    expect((await findUserByEmail(context.db, email))?.emailVerifiedAt).not.toBeNull();
  });

  it("sign-in: one message at a time in the spec's order; one answer for a wrong password and an unknown address", async () => {
    const email = await account("signin");
    const none = await signIn({});
    expect(none.status).toBe(400);
    expect(messages(none)).toEqual({ email: ["Please type your email address."] });
    expect(messages(await signIn({ email: "nope" }))).toEqual({ email: ["Please enter a valid email address."] });
    expect(messages(await signIn({ email }))).toEqual({ password: ["Please type your password."] });

    const wrong = await signIn({ email, password: "Wrong-pass-1!" });
    expect(wrong.status).toBe(400);
    expect(messages(wrong)).toEqual({ "": [GENERIC] });
    expect(typed(wrong)).toMatchObject({ email });
    expect(typed(wrong).password).toBeUndefined();
    const ghost = await signIn({ email: uniqueEmail("ghost"), password: PASSWORD });
    expect(ghost.status).toBe(400);
    expect(messages(ghost)).toEqual({ "": [GENERIC] });
  });

  it("ten wrong passwords for one account, from anywhere: the next attempt, even with the right password, answers 429 with the minutes to wait", async () => {
    const email = await account("throttle");
    for (let i = 0; i < 10; i++) {
      const wrong = await signIn({ email, password: `Wrong-pass-${i}!` });
      expect(messages(wrong), `attempt ${i + 1}`).toEqual({ "": [GENERIC] });
    }
    const locked = await signIn({ email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.wait).toBe(15);
    expect(messages(locked)[""]).toEqual([expect.stringMatching(TOO_MANY)]);
    expect(messages(locked)).toEqual({ "": ["Too many attempts. Please try again in 15 minutes."] });
    expect(typed(locked)).toMatchObject({ email });
    expect(typed(locked).password).toBeUndefined();
  });

  it("twelve good sign-ins from new browsers never lock the owner out; a wrong password still counts", async () => {
    const email = await account("often");
    // The account's throttle allows 10 attempts in 15 minutes: each good sign-in gives its attempt back.
    for (let i = 0; i < 12; i++) {
      const good = await signIn({ email, password: PASSWORD });
      expect(good, `sign-in ${i + 1}`).toMatchObject({ status: 302, location: "/en/dashboard" });
    }
    const stranger = newAddress();
    for (let i = 0; i < 10; i++) {
      expect(messages(await signIn({ email, password: "Wrong-pass-1!" }, { address: stranger })), `wrong ${i + 1}`).toEqual({
        "": [GENERIC],
      });
    }
    const locked = await signIn({ email, password: "Wrong-pass-1!" }, { address: stranger });
    expect(locked.status).toBe(429);
    expect(messages(locked)[""]).toEqual([expect.stringMatching(TOO_MANY)]);
  });

  it("strangers' wrong passwords do not lock the owner out of a browser that signed in before; a new browser gets in by the e-mailed link, once", async () => {
    const email = await account("owner");
    const home = newAddress();
    const signedIn = await signIn({ email, password: PASSWORD }, { address: home });
    expect(signedIn).toMatchObject({ status: 302, location: "/en/dashboard" });
    // Logged out later: the browser keeps only its known-device cookie.
    const ownersBrowser = new Jar(signedIn).only("known_device");
    expect(ownersBrowser.has("known_device")).toBe(true);

    // A stranger elsewhere tries ten passwords: the account's throttle is spent, and the owner hears of it.
    const stranger = newAddress();
    for (let i = 0; i < 10; i++) await signIn({ email, password: `Wrong-pass-${i}!` }, { address: stranger });
    const strangerLocked = await signIn({ email, password: PASSWORD }, { address: stranger });
    expect(strangerLocked.status).toBe(429);
    expect(messages(strangerLocked)[""]).toEqual([expect.stringMatching(TOO_MANY)]);
    const subject = "Someone tried to sign in to your Cashwise account";
    expect((await mailTo(email)).filter((mail) => mail.subject === subject)).toHaveLength(1);

    // The owner's own browser still signs in.
    expect(await signIn({ email, password: PASSWORD }, { address: home, jar: ownersBrowser })).toMatchObject({
      status: 302,
      location: "/en/dashboard",
    });

    // A new browser of the owner's is refused too, and its attempt e-mails a second link, which replaces the first.
    const fresh = newAddress();
    expect((await signIn({ email, password: PASSWORD }, { address: fresh })).status).toBe(429);
    const links = (await mailTo(email)).filter((mail) => mail.subject === subject).map((mail) => linkIn(mail.text, "/signin/unlock"));
    expect(links).toHaveLength(2);
    const unlock = (link: URL, visit: Visit) =>
      call(unlockAction, post("/en/signin/unlock", { u: link.searchParams.get("u")!, t: link.searchParams.get("t")! }, visit));
    const invalid = "This link is not valid any more. Sign in again to receive a new one.";
    const replaced = await unlock(links[0]!, { address: fresh });
    expect(replaced.status).toBe(400);
    expect(fixedT("en", "common")(replaced.body.error)).toBe(invalid);

    const unlocked = await unlock(links[1]!, { address: fresh });
    expect(unlocked).toMatchObject({ status: 302, location: "/en/signin" });
    const freshBrowser = new Jar(unlocked);
    const notice = await call(signInLoader, get("/en/signin", { address: fresh, jar: freshBrowser }));
    expect(fixedT("en", "auth")(notice.body.notice.key)).toBe("This browser can sign in again.");
    expect(await signIn({ email, password: PASSWORD }, { address: fresh, jar: freshBrowser.only("known_device") })).toMatchObject({
      status: 302,
      location: "/en/dashboard",
    });
    // Used once.
    const again = await unlock(links[1]!, { address: fresh });
    expect(again.status).toBe(400);
    expect(fixedT("en", "common")(again.body.error)).toBe(invalid);
  });

  it("redirectTo is followed only on this site: an outside address, even hidden behind a tab, lands on the dashboard", async () => {
    const email = await account("redirect");
    const after = async (redirectTo: string) => (await signIn({ email, password: PASSWORD, redirectTo })).location;
    expect(await after("/en/wallet")).toBe("/en/wallet");
    expect(await after("//evil.example/")).toBe("/en/dashboard");
    expect(await after("/\t/evil.example")).toBe("/en/dashboard");
  });

  it("password reset: a page without a link's values, or with a forged link, shows the invalid-link view; mismatched passwords are refused, not kept", async () => {
    const auth = fixedT("en", "auth");
    expect(auth("reset.invalidLink")).toBe("Invalid reset link. Please request a new password reset.");
    expect(auth("reset.expired")).toBe("This password reset link is invalid or has expired. Please request a new one.");
    expect((await call(resetLoader, get("/en/reset-password"))).body).toMatchObject({ state: "missing", email: "", token: "" });
    const forged = await call(resetLoader, get("/en/reset-password?token=forged&email=someone%40example.com"));
    expect(forged.body).toMatchObject({ state: "invalid" });

    const reset = (fields: Record<string, string>) =>
      call(resetAction, post("/en/reset-password", { email: "someone@example.com", token: "forged", ...fields }));
    const mismatch = await reset({ password: "Fresh-start-7!", confirmPassword: "Fresh-start-8!" });
    expect(mismatch.status).toBe(400);
    expect(messages(mismatch)).toEqual({ confirmPassword: ["Passwords do not match"] });
    expect(typed(mismatch).password).toBeUndefined();
    expect(typed(mismatch).confirmPassword).toBeUndefined();
    const refused = await reset({ password: "Fresh-start-7!", confirmPassword: "Fresh-start-7!" });
    expect(refused.status).toBe(400);
    expect(refused.body.invalid).toBe(true);
    expect(messages(refused)).toEqual({ "": ["This password reset link is invalid or has expired. Please request a new one."] });
  });

  it("anonymous visitors of the signed-in area go to sign-in with redirectTo, in the page's language; the back office to its own sign-in", async () => {
    for (const path of ["/en/dashboard", "/en/settings", "/en/profile", "/en/transactions", "/nl/wallet"]) {
      const reply = await call(appLoader, get(path), { locale: path.split("/")[1]! });
      expect(reply.status, path).toBe(302);
      expect(reply.location, path).toBe(`/${path.split("/")[1]}/signin?redirectTo=${encodeURIComponent(path)}`);
    }
    const admin = await call(adminLoader, get("/en/admin/users"));
    expect(admin).toMatchObject({ status: 302, location: "/en/admin?redirectTo=%2Fen%2Fadmin%2Fusers" });
  });
});
