/**
 * Two-factor recovery codes and the way back (#24): ten single-use codes made when 2FA is turned on,
 * stored hashed, typed however (case, spaces, dashes); each spent once, even when requests race;
 * each use audited, notified and e-mailed through the outbox; regenerating replaces them all and
 * needs a recent re-authentication; turning 2FA off deletes them. At the sign-in code step a
 * recovery code signs in and counts in the same throttle as authenticator codes. An admin resets a
 * member's 2FA on the back office's account page (re-authenticated, audited, the member notified),
 * never their own; the command line (`npm run admin:reset-2fa`) resets anyone's.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import * as OTPAuth from "otpauth";
import { afterAll, describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "recovery-codes-test-secret-0123456789-0123456789";

import {
  generateRecoveryCodes,
  normaliseRecoveryCode,
  recoveryCodesLeft,
  redeemRecoveryCode,
  resetTwoFactorByEmail,
  RECOVERY_CODE_COUNT,
} from "~/auth/recovery-codes.server";
import { createSession } from "~/auth/session.server";
import { disableTwoFactor, setPendingSignIn, startTwoFactor, twoFactorIntent, twoFactorState } from "~/auth/two-factor.server";
import { createDb } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { MailMessage } from "~/mail/mailer.server";
import { action as ownCodesAction, loader as ownCodesLoader } from "~/routes/($locale)._admin.admin.recovery-codes";
import { action as userAction } from "~/routes/($locale)._admin.admin.users_.$userId/route";
import { action as settingsAction } from "~/routes/($locale)._app.settings/route";
import { action as codeStepAction, loader as codeStepLoader } from "~/routes/($locale)._public.signin_.two-factor";
import { PEER_ADDRESS_HEADER } from "~/security/client-address.server";
import { resetAccountTwoFactor } from "~/users/admin.server";
import { createUser } from "~/users/users.server";
import { migrateToLatest } from "../../db/migrate";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const PASSWORD = "Sunny-day-42!";
const CODE_FORMAT = /^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/;

const totpCode = (secret: string, timestamp = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
let addressCounter = 0;
const newAddress = () => `198.51.100.${++addressCounter}`;

describeEachDatabase("two-factor recovery codes", (t) => {
  useAppDatabase(t);

  async function account(name: string, role: "user" | "admin" = "user") {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    return createUser(t.db, { email: `${slug}-${crypto.randomUUID()}@example.com`, name, password: PASSWORD, role, emailVerified: true });
  }

  /** An account with 2FA turned on through the settings' own intent; answers its secret and its codes. */
  async function withTwoFactor(name: string, role: "user" | "admin" = "user") {
    const user = await account(name, role);
    const { secret } = await startTwoFactor(t.db, user.id);
    const session = await createSession(t.db, user, { remember: false });
    const result = await twoFactorIntent(t.db, {
      userId: user.id,
      sessionId: session.session.id,
      intent: "2fa-enable",
      code: totpCode(secret),
      clientAddress: newAddress(),
    });
    if (result?.outcome !== "enabled") throw new Error(`2FA did not turn on: ${JSON.stringify(result)}`);
    return { user, secret, codes: result.recoveryCodes, cookie: cookieOf(session.setCookie), sessionId: session.session.id };
  }

  const outboxTo = async (email: string) =>
    (await t.db.selectFrom("outbox").select("payload").execute())
      .map((row) => JSON.parse(row.payload) as MailMessage)
      .filter((mail) => mail.to === email);
  const auditRows = (userId: string, action: string) =>
    t.db.selectFrom("auditLog").selectAll().where("subject", "=", `user:${userId}`).where("action", "=", action).execute();
  const notifications = (userId: string, event: string) =>
    t.db.selectFrom("notifications").selectAll().where("userId", "=", userId).where("titleKey", "=", `events.${event}.title`).execute();

  it("turning 2FA on makes ten distinct codes, stored only as hashes; typed in any case, with spaces or dashes, each works once", async () => {
    const { user, codes } = await withTwoFactor("Fresh Codes");
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(CODE_FORMAT);
    const rows = await t.db.selectFrom("recoveryCodes").selectAll().where("userId", "=", user.id).execute();
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }
    for (const row of rows) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await recoveryCodesLeft(t.db, user.id)).toBe(10);

    expect(normaliseRecoveryCode(` ${codes[0]!.toUpperCase().replace("-", " - ")} `)).toBe(codes[0]!.replace("-", ""));
    expect(normaliseRecoveryCode("short")).toBeNull();
    expect(normaliseRecoveryCode("uuuuu-uuuuu")).toBeNull();

    const typed = codes[0]!.toUpperCase().replace("-", " ");
    expect(await unitOfWork(t.db, (tx) => redeemRecoveryCode(tx, user.id, typed))).toEqual({ ok: true, left: 9 });
    expect(await unitOfWork(t.db, (tx) => redeemRecoveryCode(tx, user.id, codes[0]!))).toEqual({ ok: false });
    expect(await unitOfWork(t.db, (tx) => redeemRecoveryCode(tx, user.id, "00000-00000"))).toEqual({ ok: false });
    // Another account's code is not this one's.
    const other = await withTwoFactor("Other Codes");
    expect(await unitOfWork(t.db, (tx) => redeemRecoveryCode(tx, user.id, other.codes[0]!))).toEqual({ ok: false });
    expect(await recoveryCodesLeft(t.db, user.id)).toBe(9);
  });

  it("each use writes its audit row, its notification and an e-mail saying how many are left, in its unit of work", async () => {
    const { user, codes } = await withTwoFactor("Noticed Use");
    expect(await unitOfWork(t.db, (tx) => redeemRecoveryCode(tx, user.id, codes[3]!, { clientAddress: "192.0.2.44" }))).toEqual({
      ok: true,
      left: 9,
    });
    const audited = await auditRows(user.id, "user.recovery_code_used");
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: user.id, clientAddress: "192.0.2.44" });
    expect(JSON.parse(audited[0]!.details)).toEqual({ left: 9 });
    const noticed = await notifications(user.id, "recoveryCodeUsed");
    expect(noticed).toHaveLength(1);
    expect(JSON.parse(noticed[0]!.params)).toEqual({ count: 9 });
    const mails = (await outboxTo(user.email)).filter((mail) => mail.subject === "A recovery code was used");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("A recovery code was used on your account, 9 left.");

    // A use that rolls back leaves no trace and the code unspent.
    await expect(
      unitOfWork(t.db, async (tx) => {
        await redeemRecoveryCode(tx, user.id, codes[4]!);
        throw new Error("the sign-in failed after the code");
      }),
    ).rejects.toThrow("the sign-in failed");
    expect(await recoveryCodesLeft(t.db, user.id)).toBe(9);
    expect(await auditRows(user.id, "user.recovery_code_used")).toHaveLength(1);
    expect(await notifications(user.id, "recoveryCodeUsed")).toHaveLength(1);
  });

  it("a code is spent once even when eight requests race with it", async () => {
    const { user, codes } = await withTwoFactor("Racing Codes");
    const results = await Promise.all(
      Array.from({ length: 8 }, () => unitOfWork(t.db, (tx) => redeemRecoveryCode(tx, user.id, codes[1]!)).catch(() => ({ ok: false }))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await recoveryCodesLeft(t.db, user.id)).toBe(9);
    expect(await auditRows(user.id, "user.recovery_code_used")).toHaveLength(1);
    expect(await notifications(user.id, "recoveryCodeUsed")).toHaveLength(1);
  });

  it("new codes replace all the old ones, only after a recent re-authentication; turning 2FA off deletes them", async () => {
    const { user, codes, cookie, sessionId, secret } = await withTwoFactor("Regenerating");
    const post = (body: Record<string, string>) =>
      answer(() =>
        settingsAction({
          request: new Request(`${APP}/en/settings`, {
            method: "POST",
            headers: { Origin: APP, Cookie: cookie, [PEER_ADDRESS_HEADER]: newAddress() },
            body: new URLSearchParams(body),
          }),
          params: { locale: "en" },
          context: {},
        }),
      );
    // Proved 11 minutes ago: too long ago for new codes.
    await t.db
      .updateTable("sessions")
      .set({ reauthenticatedAt: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where("id", "=", sessionId)
      .execute();
    const stale = await post({ intent: "recovery-regenerate" });
    expect(stale.status).toBe(302);
    expect(stale.location).toBe(`/en/reauthenticate?redirectTo=${encodeURIComponent("/en/settings#two-factor")}`);
    expect(await unitOfWork(t.db, (tx) => redeemRecoveryCode(tx, user.id, codes[0]!))).toMatchObject({ ok: true });

    await t.db.updateTable("sessions").set({ reauthenticatedAt: new Date().toISOString() }).where("id", "=", sessionId).execute();
    const fresh = await post({ intent: "recovery-regenerate" });
    expect(fresh.status).toBe(200);
    const renewed = fresh.body.recoveryCodes as string[];
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((code) => codes.includes(code))).toEqual([]);
    expect(await recoveryCodesLeft(t.db, user.id)).toBe(10);
    expect(await unitOfWork(t.db, (tx) => redeemRecoveryCode(tx, user.id, codes[1]!))).toEqual({ ok: false });
    expect(await auditRows(user.id, "user.recovery_codes_generated")).toHaveLength(2);

    expect(await unitOfWork(t.db, (tx) => disableTwoFactor(tx, user.id, totpCode(secret, Date.now() + 30_000)))).toBe(true);
    expect(await t.db.selectFrom("recoveryCodes").select("id").where("userId", "=", user.id).execute()).toEqual([]);
    // With 2FA off there is nothing to regenerate.
    expect((await post({ intent: "recovery-regenerate" })).status).toBe(400);
    expect(await recoveryCodesLeft(t.db, user.id)).toBe(0);
  });

  it("a member who lost the phone turns 2FA off with a recovery code instead of the app's code, to set up a new phone", async () => {
    const { user, codes } = await withTwoFactor("New Phone");
    expect(await unitOfWork(t.db, (tx) => disableTwoFactor(tx, user.id, "zzzzz-zzzzz"))).toBe(false);
    expect((await twoFactorState(t.db, user.id)).enabled).toBe(true);
    expect(await unitOfWork(t.db, (tx) => disableTwoFactor(tx, user.id, ` ${codes[7]!.toUpperCase()} `))).toBe(true);
    expect(await twoFactorState(t.db, user.id)).toMatchObject({ enabled: false, secret: null });
    expect(await t.db.selectFrom("recoveryCodes").select("id").where("userId", "=", user.id).execute()).toEqual([]);
    expect(await auditRows(user.id, "user.recovery_code_used")).toHaveLength(1);
    expect(await notifications(user.id, "twoFactorOff")).toHaveLength(1);
    // An admin keeps it, recovery code or not: the back office requires it.
    const admin = await withTwoFactor("Keeps It", "admin");
    expect(await unitOfWork(t.db, (tx) => disableTwoFactor(tx, admin.user.id, admin.codes[0]!))).toBe(false);
    expect(await recoveryCodesLeft(t.db, admin.user.id)).toBe(10);
  });

  const step = async (userId: string, body: Record<string, string>, address: string, search = "") => {
    const pending = cookieOf(await setPendingSignIn({ userId, remember: false, redirectTo: null, area: "user" }));
    return answer(() =>
      codeStepAction({
        request: new Request(`${APP}/en/signin/two-factor${search}`, {
          method: "POST",
          headers: { Origin: APP, Cookie: pending, [PEER_ADDRESS_HEADER]: address },
          body: new URLSearchParams(body),
        }),
        params: { locale: "en" },
        context: {},
      }),
    );
  };

  it("the code step's 'Use a recovery code' signs in with a code once; the same code is refused after", async () => {
    const { user, codes } = await withTwoFactor("Lost Phone");
    const pending = cookieOf(await setPendingSignIn({ userId: user.id, remember: false, redirectTo: null, area: "user" }));
    const page = await answer(() =>
      codeStepLoader({
        request: new Request(`${APP}/en/signin/two-factor?recovery=1`, { headers: { Cookie: pending } }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(page.body).toMatchObject({ recovery: true });

    const empty = await step(user.id, { intent: "recovery", recoveryCode: "" }, newAddress(), "?recovery=1");
    expect(empty.status).toBe(400);
    expect(empty.body.result.error).toEqual({ recoveryCode: ["auth:twoFactor.recoveryRequired"] });

    const signedIn = await step(user.id, { intent: "recovery", recoveryCode: codes[5]!.toUpperCase() }, newAddress(), "?recovery=1");
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/en/dashboard");
    expect(signedIn.headers.get("Set-Cookie")).toMatch(/pending_2fa=;/);
    expect(await recoveryCodesLeft(t.db, user.id)).toBe(9);
    expect(await notifications(user.id, "recoveryCodeUsed")).toHaveLength(1);

    const again = await step(user.id, { intent: "recovery", recoveryCode: codes[5]! }, newAddress(), "?recovery=1");
    expect(again.status).toBe(400);
    expect(again.body.result.error).toEqual({ recoveryCode: ["auth:twoFactor.recoveryInvalid"] });
    expect(again.body.recovery).toBe(true);
    expect(await recoveryCodesLeft(t.db, user.id)).toBe(9);
  });

  it("a suspended account is told so at the code step, and no recovery code is spent on it", async () => {
    const { user, codes } = await withTwoFactor("Suspended Codes");
    await t.db
      .updateTable("users")
      .set({ suspendedAt: new Date().toISOString(), suspendedReason: "Review" })
      .where("id", "=", user.id)
      .execute();
    const refused = await step(user.id, { intent: "recovery", recoveryCode: codes[0]! }, newAddress());
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/en/signin?suspended=1");
    expect(await recoveryCodesLeft(t.db, user.id)).toBe(10);
  });

  it("wrong recovery codes count in the same throttle as wrong authenticator codes: locked out, even a right code is refused", async () => {
    const { user, codes, secret } = await withTwoFactor("Guessed At");
    const accepted = [-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset));
    const wrongTotp = ["000000", "111111", "222222", "333333"].find((code) => !accepted.includes(code))!;
    // The account has 15 code tries per 15 minutes; the code that turned 2FA on used one. Then 13
    // wrong recovery codes and one wrong authenticator code (each from a new address) use the rest.
    for (let i = 0; i < 13; i++) {
      const wrong = await step(user.id, { intent: "recovery", recoveryCode: `zzzzz-${String(i).padStart(5, "0")}` }, newAddress());
      expect(wrong.status).toBe(400);
    }
    expect((await step(user.id, { code: wrongTotp }, newAddress())).status).toBe(400);
    const locked = await step(user.id, { intent: "recovery", recoveryCode: codes[0]! }, newAddress());
    expect(locked.status).toBe(429);
    expect(locked.body.result.error).toEqual({ "": ["common:errors.tooManyAttemptsMinutes"] });
    expect(locked.body.wait).toBeGreaterThanOrEqual(1);
    // Refused before it was looked at: the code is still unused.
    expect(await recoveryCodesLeft(t.db, user.id)).toBe(10);

    // One address's tries count too (30 per 15 minutes), across accounts (ten each: under their own limit).
    const address = newAddress();
    const others = await Promise.all([withTwoFactor("Sprayed One"), withTwoFactor("Sprayed Two"), withTwoFactor("Sprayed Three")]);
    for (let i = 0; i < 30; i++) {
      const target = others[i % 3]!;
      expect(
        (await step(target.user.id, { intent: "recovery", recoveryCode: `yyyyy-${String(i).padStart(5, "0")}` }, address)).status,
      ).toBe(400);
    }
    expect((await step(others[0]!.user.id, { intent: "recovery", recoveryCode: others[0]!.codes[0]! }, address)).status).toBe(429);
    expect(await recoveryCodesLeft(t.db, others[0]!.user.id)).toBe(10);
  });

  it("an admin resets a member's 2FA from the back office: re-authenticated, audited, the member notified and e-mailed; codes deleted", async () => {
    const admin = await withTwoFactor("Reset Admin", "admin");
    const member = await withTwoFactor("Reset Member");
    const act = (userId: string, cookie: string) =>
      answer(() =>
        userAction({
          request: new Request(`${APP}/en/admin/users/${userId}`, {
            method: "POST",
            headers: { Origin: APP, Cookie: cookie, [PEER_ADDRESS_HEADER]: "203.0.113.9" },
            body: new URLSearchParams({ intent: "resetTwoFactor" }),
          }),
          params: { locale: "en", userId },
          context: {},
        }),
      );

    // A member cannot: the back office is for admins.
    const byMember = await act(admin.user.id, member.cookie);
    expect(byMember.status).toBe(403);
    expect((await twoFactorState(t.db, admin.user.id)).enabled).toBe(true);

    // Without a recent proof: the admin confirms it is them first.
    await t.db
      .updateTable("sessions")
      .set({ reauthenticatedAt: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where("id", "=", admin.sessionId)
      .execute();
    const stale = await act(member.user.id, admin.cookie);
    expect(stale.status).toBe(302);
    expect(stale.location).toMatch(/^\/en\/admin\/reauthenticate\?redirectTo=/);
    expect((await twoFactorState(t.db, member.user.id)).enabled).toBe(true);
    await t.db.updateTable("sessions").set({ reauthenticatedAt: new Date().toISOString() }).where("id", "=", admin.sessionId).execute();

    // Never one's own, there.
    const self = await act(admin.user.id, admin.cookie);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ intent: "resetTwoFactor", result: { error: { "": ["admin:users.twoFactorReset.self"] } } });
    expect((await twoFactorState(t.db, admin.user.id)).enabled).toBe(true);
    expect(await recoveryCodesLeft(t.db, admin.user.id)).toBe(10);
    expect(await auditRows(admin.user.id, "user.two_factor_reset")).toHaveLength(0);

    const done = await act(member.user.id, admin.cookie);
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/en/admin/users/${member.user.id}`);
    expect(await twoFactorState(t.db, member.user.id)).toMatchObject({ enabled: false, secret: null });
    expect(await recoveryCodesLeft(t.db, member.user.id)).toBe(0);
    expect(await t.db.selectFrom("recoveryCodes").select("id").where("userId", "=", member.user.id).execute()).toEqual([]);
    const audited = await auditRows(member.user.id, "user.two_factor_reset");
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: admin.user.id, clientAddress: "203.0.113.9" });
    expect(JSON.parse(audited[0]!.details)).toEqual({ via: "back-office", recoveryCodesDeleted: 10 });
    expect([JSON.parse(audited[0]!.before!), JSON.parse(audited[0]!.after!)]).toEqual([{ twoFactor: true }, { twoFactor: false }]);
    expect(await notifications(member.user.id, "twoFactorReset")).toHaveLength(1);
    expect((await outboxTo(member.user.email)).map((mail) => mail.subject)).toContain("Two-factor authentication was reset");

    // Again: already off, nothing more written.
    const again = await act(member.user.id, admin.cookie);
    expect(again.status).toBe(302);
    expect(await auditRows(member.user.id, "user.two_factor_reset")).toHaveLength(1);
    expect(
      await unitOfWork(t.db, (tx) => resetAccountTwoFactor(tx, { id: admin.user.id, clientAddress: null }, { userId: "nobody" })),
    ).toEqual({
      ok: false,
      reason: "notFound",
    });
  });

  it("an admin's own recovery codes page: new codes after a recent re-authentication; members are refused", async () => {
    const admin = await withTwoFactor("Own Codes Admin", "admin");
    const member = await withTwoFactor("Own Codes Member");
    const post = (cookie: string) =>
      answer(() =>
        ownCodesAction({
          request: new Request(`${APP}/en/admin/recovery-codes`, {
            method: "POST",
            headers: { Origin: APP, Cookie: cookie, [PEER_ADDRESS_HEADER]: newAddress() },
            body: new URLSearchParams({ intent: "recovery-regenerate" }),
          }),
          params: { locale: "en" },
          context: {},
        }),
      );
    expect((await post(member.cookie)).status).toBe(403);
    expect(await recoveryCodesLeft(t.db, member.user.id)).toBe(10);
    await t.db
      .updateTable("sessions")
      .set({ reauthenticatedAt: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where("id", "=", admin.sessionId)
      .execute();
    const stale = await post(admin.cookie);
    expect(stale.status).toBe(302);
    expect(stale.location).toBe(`/en/admin/reauthenticate?redirectTo=${encodeURIComponent("/en/admin/recovery-codes")}`);
    await t.db.updateTable("sessions").set({ reauthenticatedAt: new Date().toISOString() }).where("id", "=", admin.sessionId).execute();
    const fresh = await post(admin.cookie);
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect((fresh.body.recoveryCodes as string[]).filter((code) => admin.codes.includes(code))).toEqual([]);
    expect(await unitOfWork(t.db, (tx) => redeemRecoveryCode(tx, admin.user.id, admin.codes[0]!))).toEqual({ ok: false });
    const page = await answer(() =>
      ownCodesLoader({
        request: new Request(`${APP}/en/admin/recovery-codes`, { headers: { Cookie: admin.cookie } }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(page.body).toMatchObject({ left: 10, email: admin.user.email });
  });

  it("the command line's reset works for any account (the last admin's own), audited as from the command line", async () => {
    const admin = await withTwoFactor("Last Admin", "admin");
    expect(await unitOfWork(t.db, (tx) => resetTwoFactorByEmail(tx, "nobody@example.com"))).toEqual({ outcome: "unknown" });
    expect(await unitOfWork(t.db, (tx) => resetTwoFactorByEmail(tx, ` ${admin.user.email.toUpperCase()} `))).toEqual({
      outcome: "reset",
      email: admin.user.email,
      role: "admin",
      codesDeleted: 10,
    });
    expect((await twoFactorState(t.db, admin.user.id)).enabled).toBe(false);
    const audited = await auditRows(admin.user.id, "user.two_factor_reset");
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: null });
    expect(JSON.parse(audited[0]!.details)).toEqual({ via: "command-line", recoveryCodesDeleted: 10 });
    expect(await notifications(admin.user.id, "twoFactorReset")).toHaveLength(1);
    expect(await unitOfWork(t.db, (tx) => resetTwoFactorByEmail(tx, admin.user.email))).toMatchObject({ outcome: "off" });
    expect(await auditRows(admin.user.id, "user.two_factor_reset")).toHaveLength(1);
  });
});

// The script is started as its own process (tsx): seconds on a busy machine. SQLite only (its own throw-away file).
describe("npm run admin:reset-2fa", { timeout: 60_000 }, () => {
  const run = promisify(execFile);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-reset-2fa-"));
  const dbFile = path.join(dir, "reset.db");
  const env = { ...process.env, DATABASE_URL: `file:${dbFile}`, SESSION_SECRET: "s".repeat(40), APP_ENV: "test" };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function script(args: string[]) {
    try {
      const { stdout, stderr } = await run("npx", ["--no-install", "tsx", "scripts/admin-reset-2fa.ts", ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failure = error as { code: number; stdout: string; stderr: string };
      return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
    }
  }

  it("resets an admin's 2FA and says so; an unknown address exits 1 with a clear message", async () => {
    const db = createDb({ kind: "sqlite", filename: dbFile });
    let adminId = "";
    try {
      await migrateToLatest(db);
      const admin = await createUser(db, {
        email: "root@example.com",
        name: "Root",
        password: PASSWORD,
        role: "admin",
        emailVerified: true,
      });
      adminId = admin.id;
      const { secret } = await startTwoFactor(db, admin.id);
      await unitOfWork(db, async (tx) => {
        await tx.updateTable("users").set({ totpEnabledAt: new Date().toISOString() }).where("id", "=", admin.id).execute();
        await generateRecoveryCodes(tx, admin.id);
      });
      expect(secret).toBeTruthy();
    } finally {
      await db.destroy();
    }

    const unknown = await script(["--email", "ghost@example.com"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account has the e-mail address ghost@example.com; nothing changed.");

    const reset = await script(["--email", "Root@Example.com"]);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain("Reset two-factor authentication of root@example.com (admin)");
    expect(reset.stdout).toContain("10 recovery code(s) are deleted");

    const check = createDb({ kind: "sqlite", filename: dbFile });
    try {
      const row = await check
        .selectFrom("users")
        .select(["totpEnabledAt", "totpSecret"])
        .where("id", "=", adminId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ totpEnabledAt: null, totpSecret: null });
      const audited = await check.selectFrom("auditLog").selectAll().where("action", "=", "user.two_factor_reset").execute();
      expect(audited).toHaveLength(1);
      expect(audited[0]).toMatchObject({ actorId: null, subject: `user:${adminId}` });
    } finally {
      await check.destroy();
    }
  });
});
