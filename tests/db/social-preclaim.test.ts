/**
 * Social sign-in cannot pre-claim an address (#25 finding 3), against a local OAuth2 server
 * (oauth2-mock-server) through the app's own routes: the sign-in button's action, the provider's
 * authorize step, and the callback. A provider that asserts someone's address with
 * `email_verified: false` creates no account and links to none. An account that such an assertion
 * created before this rule (a stranger's pre-claim) opens to that link no more, and the moment its
 * owner proves the address (a verified provider's sign-in, a completed password reset, the
 * e-mailed sign-up code, an e-mail change confirmed by code) every link made before the proof goes,
 * the stranger's session ends, an audit row is written and the owner is told by e-mail through the
 * outbox. Links made after the address was proven survive later proofs.
 */
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "social-preclaim-test-secret-0123456789-0123456789";

import { requestPasswordReset, resendVerificationCode, resetPassword, signIn, verifyEmailCode } from "~/auth/accounts.server";
import { createSession, listActiveSessions, readSession } from "~/auth/session.server";
import { takeFlash } from "~/utils/flash.server";
import { fixedT } from "~/i18n/translator.server";
import { confirmEmailChange, requestEmailChange } from "~/users/email-change.server";
import { createUser, findUserByEmail } from "~/users/users.server";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { linkIn, recordingMailer } from "../support/recording-mailer";
import { cookiesOf, useLocalGoogle, type Identity } from "../support/oauth-provider";
import type { RouteAnswer } from "../support/route-answer";

const APP = "http://localhost:3000";
const SECRETS = ["b".repeat(40)];
const accountContext = (mailer = recordingMailer()) => ({ mailer, appUrl: new URL(APP), secrets: SECRETS });
const { signInWithGoogle: signInWithProvider } = useLocalGoogle();

describeEachDatabase("social sign-in cannot pre-claim an address", (t) => {
  useAppDatabase(t);

  const auth = fixedT("en", "auth");
  const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const attacker = (email: string): Identity => ({ sub: `attacker-${email}`, email, email_verified: false, name: "Mallory" });
  const owner = (email: string): Identity => ({ sub: `owner-${email}`, email, email_verified: true, name: "Victim" });

  /** Who the answer signed in (its session cookie), or null. */
  const signedIn = async (reply: RouteAnswer) =>
    (await readSession(t.db, new Request(APP, { headers: { Cookie: cookiesOf(reply) } })))?.user.id ?? null;
  const refusedMessage = async (reply: RouteAnswer) => {
    const { flash } = await takeFlash(new Request(APP, { headers: { Cookie: cookiesOf(reply) } }));
    return flash && "key" in flash ? auth(flash.key, { provider: "google" }) : null;
  };
  const links = async (userId: string) =>
    (await t.db.selectFrom("oauthAccounts").select("providerUserId").where("userId", "=", userId).execute()).map((r) => r.providerUserId);
  const mailsTo = async (email: string) =>
    (await t.db.selectFrom("outbox").select("payload").execute())
      .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === email);
  const removalAudits = async (userId: string) =>
    t.db
      .selectFrom("auditLog")
      .select(["action", "details"])
      .where("subject", "=", `user:${userId}`)
      .where("action", "=", "user.social_links_removed")
      .execute();

  /**
   * What a provider asserting the address without checking it left behind before this rule: an
   * account for the address, unverified, without a password, linked to the stranger, with the
   * stranger signed in.
   */
  async function legacyPreclaim(email: string) {
    const user = await createUser(t.db, { email, name: "Mallory", emailVerified: false });
    const createdAt = new Date(Date.now() - 86_400_000).toISOString();
    await t.db
      .insertInto("oauthAccounts")
      .values({ id: randomUUID(), userId: user.id, provider: "google", providerUserId: `attacker-${email}`, createdAt })
      .execute();
    const strangersSession = await createSession(t.db, user, { remember: true });
    return { user, strangersSession };
  }

  /** After the owner's proof: the stranger's link is gone, their session over, the owner told and the change audited. */
  async function expectStrangerLockedOut(userId: string, email: string, strangersSessionId: string) {
    expect(await links(userId)).not.toContain(`attacker-${email}`);
    expect((await listActiveSessions(t.db, userId)).map((s) => s.id)).not.toContain(strangersSessionId);
    const told = (await mailsTo(email)).filter((mail) => mail.subject === "Sign-in links were removed from your Cashwise account");
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("Google");
    expect(await removalAudits(userId)).toHaveLength(1);
    const again = await signInWithProvider(attacker(email));
    expect(again.location).toBe("/en/signin");
    expect(await signedIn(again)).toBeNull();
  }

  it("an address the provider does not vouch for creates no account, signs nobody in and says why", async () => {
    for (const intent of ["signin", "signup"] as const) {
      const email = address(`victim-${intent}`);
      const reply = await signInWithProvider(attacker(email), { intent });
      expect(reply.status).toBe(302);
      expect(reply.location).toBe(`/en/${intent}`);
      expect(await signedIn(reply)).toBeNull();
      expect(await findUserByEmail(t.db, email)).toBeUndefined();
      expect(await refusedMessage(reply)).toBe(
        "google has not confirmed this email address, so we cannot use it to sign you in or create an account. Confirm the address with google first, or sign up with your email address.",
      );
    }
    // No assertion at all (as Facebook's and Instagram's fields make none) is no proof either.
    const email = address("no-claim");
    const reply = await signInWithProvider({ sub: "no-claim", email, name: "N" });
    expect(await signedIn(reply)).toBeNull();
    expect(await findUserByEmail(t.db, email)).toBeUndefined();
    expect(
      await t.db
        .selectFrom("oauthAccounts")
        .select("id")
        .where("providerUserId", "in", [`attacker-${email}`, "no-claim"])
        .execute(),
    ).toEqual([]);
  });

  it("a stranger's earlier pre-claim opens to their link no more, even before the owner turns up", async () => {
    const email = address("dormant");
    const { user } = await legacyPreclaim(email);
    const reply = await signInWithProvider(attacker(email));
    expect(reply.location).toBe("/en/signin");
    expect(await signedIn(reply)).toBeNull();
    expect((await findUserByEmail(t.db, email))?.id).toBe(user.id);
  });

  it("the owner's sign-in with a provider that vouches for the address drops the stranger's link and tells the owner", async () => {
    const email = address("victim-provider");
    const { user, strangersSession } = await legacyPreclaim(email);
    const reply = await signInWithProvider(owner(email));
    expect(await signedIn(reply)).toBe(user.id);
    expect(await links(user.id)).toEqual([`owner-${email}`]);
    expect((await findUserByEmail(t.db, email))?.emailVerifiedAt).not.toBeNull();
    await expectStrangerLockedOut(user.id, email, strangersSession.session.id);
    // The owner's own link goes on working.
    expect(await signedIn(await signInWithProvider(owner(email)))).toBe(user.id);
  });

  it("a completed password reset drops the stranger's link and tells the owner", async () => {
    const email = address("victim-reset");
    const { user, strangersSession } = await legacyPreclaim(email);
    const mailer = recordingMailer();
    await requestPasswordReset(t.db, email, accountContext(mailer));
    const token = linkIn(mailer.sent[0]!.text, "reset-password").searchParams.get("token")!;
    expect(await resetPassword(t.db, { email, token, password: "Owners-own-pass-1!" })).toMatchObject({ userId: user.id });
    await expectStrangerLockedOut(user.id, email, strangersSession.session.id);
    expect(await links(user.id)).toEqual([]);
    expect((await signIn(t.db, { email, password: "Owners-own-pass-1!" })).outcome).toBe("ok");
  });

  it("the e-mailed sign-up code drops the stranger's link and tells the owner", async () => {
    const email = address("victim-code");
    const { user, strangersSession } = await legacyPreclaim(email);
    const mailer = recordingMailer();
    await resendVerificationCode(t.db, email, accountContext(mailer));
    const code = /\b(\d{6})\b/.exec(mailer.sent[0]!.text)![1]!;
    expect(await verifyEmailCode(t.db, email, code, accountContext())).toBe("verified");
    await expectStrangerLockedOut(user.id, email, strangersSession.session.id);
    expect(await links(user.id)).toEqual([]);
  });

  it("an e-mail change confirmed by code drops the links made before it; links made once the address was proven survive other proofs", async () => {
    const email = address("mover");
    const first = await signInWithProvider(owner(email));
    const userId = (await signedIn(first))!;
    expect(await links(userId)).toEqual([`owner-${email}`]);

    // A later proof of the same address (a password reset) keeps the link made after the first one.
    const mailer = recordingMailer();
    await requestPasswordReset(t.db, email, accountContext(mailer));
    const token = linkIn(mailer.sent[0]!.text, "reset-password").searchParams.get("token")!;
    await resetPassword(t.db, { email, token, password: "Movers-pass-1!" });
    expect(await links(userId)).toEqual([`owner-${email}`]);
    expect(await mailsTo(email)).toEqual([]);

    // A new address is proven only now: the link made for the old one goes, and the owner hears of it.
    const session = await createSession(t.db, { id: userId, role: "user" }, { remember: false });
    const newEmail = address("moved");
    const codes = recordingMailer();
    await requestEmailChange(t.db, { userId, newEmail }, { mailer: codes, secret: SECRETS[0]! });
    const code = /\b(\d{6})\b/.exec(codes.sent[0]!.text)![1]!;
    expect(
      await confirmEmailChange(t.db, { userId, code, keepSessionId: session.session.id }, { mailer: recordingMailer(), secrets: SECRETS }),
    ).toBe("changed");
    expect(await links(userId)).toEqual([]);
    expect((await mailsTo(newEmail)).map((mail) => mail.subject)).toEqual(["Sign-in links were removed from your Cashwise account"]);
    expect((await listActiveSessions(t.db, userId)).map((s) => s.id)).toEqual([session.session.id]);
  });
});
