import { expect, it } from "vitest";
import { unitOfWork } from "~/db/unit-of-work.server";
import {
  redeemUnlockLink,
  requestPasswordReset,
  resendVerificationCode,
  sendUnlockLink,
  resetPassword,
  signIn,
  signUp,
  verifyEmailCode,
} from "~/auth/accounts.server";
import { CODE_MAX_ATTEMPTS, checkCode, issueCode } from "~/auth/codes.server";
import { findValidReset } from "~/auth/password-reset.server";
import { createSession, endSession, listActiveSessions, readSession, revokeUserSessions } from "~/auth/session.server";
import { linkSocialAccount, profileFrom } from "~/auth/social.server";
import { socialProviderConfig } from "~/auth/social-config.server";
import { createUser, findUserByEmail, setUserRole } from "~/users/users.server";
import { describeEachDatabase } from "../support/databases";
import { linkIn, recordingMailer } from "../support/recording-mailer";

const SECRETS = ["a".repeat(40)];
const appUrl = new URL("https://cashwise.example");
const context = (mailer = recordingMailer()) => ({ mailer, appUrl, secrets: SECRETS });
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
const requestWith = (setCookie: string) =>
  new Request("https://cashwise.example/en/dashboard", { headers: { Cookie: setCookie.split(";")[0]! } });

describeEachDatabase("accounts", (t) => {
  it("sign-up e-mails a code in the user's locale; the code verifies the address once", async () => {
    const mailer = recordingMailer();
    await signUp(t.db, { name: "Noor", email: "noor@example.com", password: "Secret-pass-1!", locale: "nl" }, context(mailer));
    const user = await findUserByEmail(t.db, "noor@example.com");
    expect(user).toMatchObject({ role: "user", locale: "nl", emailVerifiedAt: null });
    const mail = mailer.sent[0]!;
    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.html).toContain('<html lang="nl"');
    const code = codeIn(mail.text);
    expect(await verifyEmailCode(t.db, "noor@example.com", code === "000000" ? "111111" : "000000", context())).toBe("invalid");
    expect(await verifyEmailCode(t.db, "NOOR@example.com", code, context())).toBe("verified");
    expect((await findUserByEmail(t.db, "noor@example.com"))?.emailVerifiedAt).not.toBeNull();
    // Used: the same answer as a wrong code (a verified address looks like any other).
    expect(await verifyEmailCode(t.db, "noor@example.com", code, context())).toBe("invalid");
  });

  it("sign-up with a taken address creates nothing and tells only the owner", async () => {
    const mailer = recordingMailer();
    await signUp(t.db, { name: "Impostor", email: "Noor@Example.com", password: "Other-pass-1!", locale: "en" }, context(mailer));
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.to).toBe("noor@example.com");
    expect(mailer.sent[0]!.text).not.toMatch(/\b\d{6}\b/);
    expect((await signIn(t.db, { email: "noor@example.com", password: "Other-pass-1!" })).outcome).toBe("invalid");
  });

  it("partner sign-up makes a partner with phone and plan", async () => {
    await signUp(
      t.db,
      {
        name: "Pia",
        email: "pia@example.com",
        password: "Secret-pass-1!",
        locale: "en",
        partner: { phone: "+31 6 12345678", planCode: "partner-pro" },
      },
      context(),
    );
    expect(await findUserByEmail(t.db, "pia@example.com")).toMatchObject({
      role: "partner",
      phone: "+31 6 12345678",
      partnerPlanCode: "partner-pro",
    });
  });

  it("a code dies after 5 wrong tries, even if the right one comes next", async () => {
    const user = await createUser(t.db, { email: "tries@example.com", name: "Tries", password: "Secret-pass-1!" });
    const { code } = await issueCode(t.db, user.id, "verify-email", SECRETS[0]!);
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
      expect((await checkCode(t.db, user.id, "verify-email", wrong, SECRETS)).verdict).toBe("invalid");
    expect((await checkCode(t.db, user.id, "verify-email", code, SECRETS)).verdict).toBe("locked");
  });

  it("concurrent wrong guesses cannot exceed the try limit", async () => {
    const user = await createUser(t.db, { email: "race-code@example.com", name: "Race", password: "Secret-pass-1!" });
    const { code } = await issueCode(t.db, user.id, "verify-email", SECRETS[0]!);
    const wrong = code === "111111" ? "222222" : "111111";
    await Promise.all(Array.from({ length: 20 }, () => checkCode(t.db, user.id, "verify-email", wrong, SECRETS)));
    const row = await t.db.selectFrom("verifications").select("attempts").where("userId", "=", user.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(CODE_MAX_ATTEMPTS);
  });

  it("a resend kills the old code; an expired code is refused; codes are stored as HMACs", async () => {
    const mailer = recordingMailer();
    await signUp(t.db, { name: "Re", email: "resend@example.com", password: "Secret-pass-1!", locale: "en" }, context(mailer));
    await resendVerificationCode(t.db, "resend@example.com", context(mailer));
    const [first, second] = mailer.sent.map((m) => codeIn(m.text));
    const rows = await t.db.selectFrom("verifications").selectAll().execute();
    for (const row of rows) expect(row.codeHash).not.toContain(first!);
    if (first !== second) expect(await verifyEmailCode(t.db, "resend@example.com", first!, context())).toBe("invalid");
    const user = (await findUserByEmail(t.db, "resend@example.com"))!;
    await t.db
      .updateTable("verifications")
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where("userId", "=", user.id)
      .execute();
    // A wrong guess at an expired code looks like a wrong guess anywhere (no old sign-up shows
    // through); the right code learns it expired.
    const wrong = second === "000000" ? "111111" : "000000";
    expect(await verifyEmailCode(t.db, "resend@example.com", wrong, context())).toBe("invalid");
    expect(await verifyEmailCode(t.db, "resend@example.com", second!, context())).toBe("expired");
  });

  it("a pending sign-up and an unknown address give the same answers to wrong codes: not correct five times, then locked", async () => {
    const mailer = recordingMailer();
    await signUp(t.db, { name: "Pending", email: "pending-probe@example.com", password: "Secret-pass-1!", locale: "en" }, context(mailer));
    const code = codeIn(mailer.sent[0]!.text);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 6; i++) seen.push(await verifyEmailCode(t.db, email, wrong, context()));
      return seen;
    };
    const pending = await answers("pending-probe@example.com");
    expect(pending).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid", "locked"]);
    expect(await answers("nobody-probe@example.com")).toEqual(pending);
  });

  it("an unlock link goes only to a real account, works once, and only for its account", async () => {
    const mailer = recordingMailer();
    const user = await createUser(t.db, { email: "locked@example.com", name: "Locked", password: "Secret-pass-1!", emailVerified: true });
    await sendUnlockLink(t.db, "nobody-here@example.com", context(mailer));
    expect(mailer.sent).toHaveLength(0);
    await sendUnlockLink(t.db, "Locked@Example.com", context(mailer));
    expect(mailer.sent.map((m) => m.to)).toEqual(["locked@example.com"]);
    const link = linkIn(mailer.sent[0]!.text, "/signin/unlock");
    expect(link.searchParams.get("u")).toBe(user.id);
    const token = link.searchParams.get("t")!;
    const other = await createUser(t.db, { email: "other-unlock@example.com", name: "Other" });
    expect(await redeemUnlockLink(t.db, { userId: other.id, token }, context())).toBeNull();
    expect(await redeemUnlockLink(t.db, { userId: user.id, token: `${token}x` }, context())).toBeNull();
    expect(await redeemUnlockLink(t.db, { userId: user.id, token }, context())).toBe("locked@example.com");
    expect(await redeemUnlockLink(t.db, { userId: user.id, token }, context())).toBeNull();
  });

  it("sign-in: right password, wrong password, unknown address, unverified account", async () => {
    expect((await signIn(t.db, { email: "NOOR@example.com", password: "Secret-pass-1!" })).outcome).toBe("ok");
    expect((await signIn(t.db, { email: "noor@example.com", password: "secret-pass-1!" })).outcome).toBe("invalid");
    expect((await signIn(t.db, { email: "nobody@example.com", password: "Secret-pass-1!" })).outcome).toBe("invalid");
    expect((await signIn(t.db, { email: "resend@example.com", password: "Secret-pass-1!" })).outcome).toBe("unverified");
  });

  it("sessions: valid until ended, expired or revoked; the role is read fresh", async () => {
    const user = (await findUserByEmail(t.db, "noor@example.com"))!;
    const { setCookie, session } = await createSession(t.db, user, { remember: false });
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Max-Age/i);
    const request = requestWith(setCookie);
    const read = await readSession(t.db, request);
    expect(read?.user).toMatchObject({ id: user.id, role: "user" });
    expect(read?.user).not.toHaveProperty("passwordHash");
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(12 * 3600_000);

    await setUserRole(t.db, user.id, "partner");
    expect((await readSession(t.db, request))?.user.role).toBe("partner");
    await setUserRole(t.db, user.id, "user");

    const rows = await t.db.selectFrom("sessions").select("tokenHash").where("id", "=", session.id).execute();
    expect(setCookie).not.toContain(rows[0]!.tokenHash);

    await endSession(t.db, request);
    expect(await readSession(t.db, request)).toBeNull();

    const remembered = await createSession(t.db, user, { remember: true });
    expect(remembered.setCookie).toMatch(/Max-Age=2592000/);
    await t.db
      .updateTable("sessions")
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where("id", "=", remembered.session.id)
      .execute();
    expect(await readSession(t.db, requestWith(remembered.setCookie))).toBeNull();
  });

  it("a tampered cookie opens nothing", async () => {
    const user = (await findUserByEmail(t.db, "noor@example.com"))!;
    const { setCookie } = await createSession(t.db, user, { remember: false });
    const [name, value] = setCookie.split(";")[0]!.split("=");
    const tampered = new Request("https://x/", { headers: { Cookie: `${name}=${value!.slice(0, -3)}abc` } });
    expect(await readSession(t.db, tampered)).toBeNull();
  });

  it("password reset: link e-mailed only for an account, used once, ends every session", async () => {
    const mailer = recordingMailer();
    await requestPasswordReset(t.db, "nobody@example.com", context(mailer));
    expect(mailer.sent).toHaveLength(0);
    await requestPasswordReset(t.db, "Noor@example.com", context(mailer));
    const link = linkIn(mailer.sent[0]!.text, "/nl/reset-password");
    const token = link.searchParams.get("token")!;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(link.searchParams.get("email")).toBe("noor@example.com");
    expect(await findValidReset(t.db, "other@example.com", token)).toBeNull();

    const user = (await findUserByEmail(t.db, "noor@example.com"))!;
    const { setCookie } = await createSession(t.db, user, { remember: true });
    expect(await resetPassword(t.db, { email: "noor@example.com", token, password: "Brand-new-pass-2!" })).toMatchObject({
      userId: user.id,
    });
    expect(await readSession(t.db, requestWith(setCookie))).toBeNull();
    expect(await listActiveSessions(t.db, user.id)).toHaveLength(0);
    expect((await signIn(t.db, { email: "noor@example.com", password: "Brand-new-pass-2!" })).outcome).toBe("ok");
    expect(await resetPassword(t.db, { email: "noor@example.com", token, password: "Third-pass-3!" })).toBeNull();
  });

  it("an expired reset link is refused", async () => {
    const mailer = recordingMailer();
    await requestPasswordReset(t.db, "noor@example.com", context(mailer));
    const token = linkIn(mailer.sent[0]!.text, "reset-password").searchParams.get("token")!;
    await t.db
      .updateTable("passwordResets")
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where("usedAt", "is", null)
      .execute();
    expect(await resetPassword(t.db, { email: "noor@example.com", token, password: "Another-pass-4!" })).toBeNull();
  });

  it("revokeUserSessions can keep the current one", async () => {
    const user = (await findUserByEmail(t.db, "noor@example.com"))!;
    const a = await createSession(t.db, user, { remember: false });
    await createSession(t.db, user, { remember: false });
    await revokeUserSessions(t.db, user.id, { except: a.session.id });
    expect((await listActiveSessions(t.db, user.id)).map((s) => s.id)).toEqual([a.session.id]);
  });
});

describeEachDatabase("social accounts", (t) => {
  it("reads provider profiles: OpenID claims and Graph API fields; an address is verified only when asserted", () => {
    expect(profileFrom("google", { sub: "1", email: "a@example.com", email_verified: true, name: "A" })).toMatchObject({
      providerUserId: "1",
      emailVerified: true,
    });
    expect(profileFrom("google", { sub: "2", email: "b@example.com" })?.emailVerified).toBe(false);
    // An address is proven only when the provider asserts it: Graph API fields assert nothing.
    expect(profileFrom("facebook", { id: 3, name: "C", email: "c@example.com" })).toMatchObject({
      providerUserId: "3",
      emailVerified: false,
    });
    expect(profileFrom("facebook", { id: 5, email: "e@example.com", email_verified: true })?.emailVerified).toBe(true);
    expect(profileFrom("google", { sub: "6", email_verified: true })?.emailVerified).toBe(false);
    expect(profileFrom("instagram", { id: "4", username: "dee" })).toMatchObject({ email: null, name: "dee" });
    expect(profileFrom("google", { email: "no-id@example.com" })).toBeNull();
  });

  it("is configured only with both client id and secret; endpoints can be overridden", () => {
    expect(socialProviderConfig("google", { GOOGLE_CLIENT_ID: "id" })).toBeNull();
    const config = socialProviderConfig("google", {
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "s",
      GOOGLE_TOKEN_URL: "http://127.0.0.1:9/token",
    });
    expect(config).toMatchObject({ token: "http://127.0.0.1:9/token", authorization: "https://accounts.google.com/o/oauth2/v2/auth" });
  });

  const link = (profile: Parameters<typeof linkSocialAccount>[1], locale: "en" | "de") =>
    unitOfWork(t.db, (tx) => linkSocialAccount(tx, profile, locale));

  it("creates, then finds by provider id; links an existing account only with a verified address", async () => {
    const first = await link(
      { provider: "google", providerUserId: "g1", email: "Social@Example.com", emailVerified: true, name: "So" },
      "de",
    );
    expect(first.outcome).toBe("ok");
    if (first.outcome !== "ok") return;
    expect(first.user).toMatchObject({ locale: "de", role: "user" });
    expect(first.user.emailVerifiedAt).not.toBeNull();
    const again = await link(
      { provider: "google", providerUserId: "g1", email: "other@example.com", emailVerified: true, name: "So" },
      "en",
    );
    expect(again.outcome === "ok" && again.user.id).toBe(first.user.id);

    const sneaky = await link(
      { provider: "facebook", providerUserId: "f9", email: "social@example.com", emailVerified: false, name: "X" },
      "en",
    );
    expect(sneaky.outcome).toBe("unverifiedEmail");
    const vouched = await link(
      { provider: "facebook", providerUserId: "f1", email: "social@example.com", emailVerified: true, name: "So" },
      "en",
    );
    expect(vouched.outcome === "ok" && vouched.user.id).toBe(first.user.id);
    expect(await link({ provider: "instagram", providerUserId: "i1", email: null, emailVerified: false, name: "i" }, "en")).toEqual({
      outcome: "noEmail",
    });
  });

  it("a stranger's unverified sign-up with the owner's address is claimed by the owner's social sign-in: the stranger's password and sessions go", async () => {
    const mailer = recordingMailer();
    await signUp(t.db, { name: "Stranger", email: "victim@example.com", password: "Stranger-pass-1!", locale: "en" }, context(mailer));
    const victim = (await findUserByEmail(t.db, "victim@example.com"))!;
    expect(victim.emailVerifiedAt).toBeNull();
    const strangersSession = await createSession(t.db, victim, { remember: true });
    expect(await signIn(t.db, { email: "victim@example.com", password: "Stranger-pass-1!" })).toMatchObject({ outcome: "unverified" });

    const claimed = await link(
      { provider: "google", providerUserId: "g-victim", email: "victim@example.com", emailVerified: true, name: "Victim" },
      "en",
    );
    expect(claimed.outcome === "ok" && claimed.user.id).toBe(victim.id);
    expect(claimed.outcome === "ok" && claimed.user.emailVerifiedAt).not.toBeNull();
    // The stranger's password no longer signs in, their session is over, their code is dead.
    expect(await signIn(t.db, { email: "victim@example.com", password: "Stranger-pass-1!" })).toEqual({ outcome: "invalid" });
    expect((await listActiveSessions(t.db, victim.id)).map((s) => s.id)).not.toContain(strangersSession.session.id);
    const code = /\b(\d{6})\b/.exec(mailer.sent[0]!.text)![1]!;
    expect(await verifyEmailCode(t.db, "victim@example.com", code, context())).toBe("invalid");
  });
});
