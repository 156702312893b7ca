/**
 * The users back office (`/admin/users`, `/admin/users/:id`): finding accounts by name, e-mail,
 * role and state; each action (role, suspension and reinstatement, ending sessions, notes, balance
 * adjustments) in one unit of work with exactly one audit row naming what it was before and after
 * and the client address; the rules (no demoting or suspending oneself or the last admin); a role
 * change read on the account's next request; a suspension that ends sessions and refuses sign-in
 * (every way in) and withdrawals; an adjustment that posts once under a replayed key with the books
 * balanced; and the routes' guards (members, visitors, admins without a recent proof).
 */
import * as OTPAuth from "otpauth";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "admin-users-test-secret-0123456789-0123456789";

import { signIn } from "~/auth/accounts.server";
import { finishSignIn } from "~/auth/signin-action.server";
import { createSession, readSession } from "~/auth/session.server";
import type { Role } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { action as reauthAction } from "~/routes/($locale)._admin.admin.reauthenticate";
import { loader as listLoader } from "~/routes/($locale)._admin.admin.users";
import { action as userAction, loader as userLoader } from "~/routes/($locale)._admin.admin.users_.$userId/route";
import { action as signInRouteAction } from "~/routes/($locale)._public.signin";
import {
  addNote,
  adjustAccountBalance,
  changeRole,
  findAccounts,
  listNotes,
  revokeAccountSession,
  revokeAccountSessions,
  suspendAccount,
} from "~/users/admin.server";
import { createUser } from "~/users/users.server";
import { balanceFromPostings, getBalances } from "~/wallet/balances.server";
import { AccountSuspendedError, IdempotencyConflictError, InsufficientFundsError } from "~/wallet/ledger.server";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, withdraw } from "../support/ledger";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const PASSWORD = "Sunny-day-42!";
const ADDRESS = "203.0.113.7";

const totpCode = (secret: string, timestamp = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const sessionRequest = (cookie: string) => new Request(`${APP}/en/dashboard`, { headers: { Cookie: cookie } });

describeEachDatabase("the users back office", (t) => {
  const admin = { id: "", email: "", cookie: "", sessionId: "", secret: "" };
  const actor = () => ({ id: admin.id, clientAddress: ADDRESS });
  let memberCookie = "";

  async function newAccount(name: string, options: { role?: Role; verified?: boolean } = {}) {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    return createUser(t.db, {
      email: `${slug}-${crypto.randomUUID()}@example.com`,
      name,
      password: PASSWORD,
      role: options.role,
      emailVerified: options.verified ?? true,
    });
  }
  async function signedIn(userId: string, role: Role = "user") {
    return cookieOf((await createSession(t.db, { id: userId, role }, { remember: false })).setCookie);
  }
  const auditRows = (userId: string) =>
    t.db.selectFrom("auditLog").selectAll().where("subject", "=", `user:${userId}`).orderBy("createdAt").orderBy("id").execute();
  const json = (value: string | null) => (value === null ? null : (JSON.parse(value) as Record<string, unknown>));

  const post = (path: string, cookie: string | null, body: Record<string, string>) =>
    new Request(`${APP}${path}`, {
      method: "POST",
      headers: { Origin: APP, ...(cookie ? { Cookie: cookie } : {}), "X-Forwarded-For": ADDRESS },
      body: new URLSearchParams(body),
    });
  const get = (path: string, cookie: string | null) => new Request(`${APP}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const userPage = (id: string) => `/en/admin/users/${id}`;
  const act = (id: string, body: Record<string, string>, cookie = admin.cookie) =>
    answer(() => userAction({ request: post(userPage(id), cookie, body), params: { locale: "en", userId: id }, context: {} }));

  useAppDatabase(t, async () => {
    const account = await newAccount("Admin", { role: "admin" });
    admin.secret = new OTPAuth.Secret({ size: 20 }).base32;
    // The back office opens only with two-factor authentication on.
    await t.db
      .updateTable("users")
      .set({ totpSecret: admin.secret, totpEnabledAt: new Date().toISOString() })
      .where("id", "=", account.id)
      .execute();
    const session = await createSession(t.db, account, { remember: true });
    Object.assign(admin, { id: account.id, email: account.email, cookie: cookieOf(session.setCookie), sessionId: session.session.id });
    memberCookie = await signedIn((await newAccount("Bystander")).id);
  });

  it("finds accounts by name or e-mail, role and state, a page at a time", async () => {
    const tag = `find${Date.now().toString(36)}`;
    const active = await newAccount(`${tag} Active`);
    const unverified = await newAccount(`${tag} Unverified`, { verified: false });
    const partner = await newAccount(`${tag} Partner`, { role: "partner" });
    const suspended = await newAccount(`${tag} Suspended`);
    await unitOfWork(t.db, (tx) => suspendAccount(tx, actor(), { userId: suspended.id, reason: "Chargebacks" }));

    const names = async (filters: Parameters<typeof findAccounts>[1]) =>
      (await findAccounts(t.db, filters)).items.map((row) => row.name).sort();
    expect(await names({ query: tag })).toEqual([active.name, partner.name, suspended.name, unverified.name].sort());
    expect(await names({ query: active.email.toUpperCase() })).toEqual([active.name]);
    expect(await names({ query: tag, role: "partner" })).toEqual([partner.name]);
    expect(await names({ query: tag, state: "suspended" })).toEqual([suspended.name]);
    expect(await names({ query: tag, state: "unverified" })).toEqual([unverified.name]);
    expect(await names({ query: tag, state: "active" })).toEqual([active.name, partner.name].sort());
    // "%" and "_" typed by an admin match literally.
    expect(await names({ query: "%" })).toEqual([]);

    const paged = await findAccounts(t.db, { query: tag }, { page: 2, pageSize: 3 });
    expect(paged).toMatchObject({ page: 2, pageCount: 2, total: 4 });
    expect(paged.items).toHaveLength(1);

    // The page: its filters come from the query string and are kept.
    const listed = await answer(() =>
      listLoader({
        request: get(`/en/admin/users?q=${tag}&role=user&state=suspended`, admin.cookie),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(listed.status).toBe(200);
    const body = listed.body as { filters: unknown; users: { items: Array<{ id: string; state: string }> } };
    expect(body.filters).toEqual({ q: tag, role: "user", state: "suspended" });
    expect(body.users.items).toEqual([expect.objectContaining({ id: suspended.id, state: "suspended" })]);
  });

  it("changes a role with one audit row; the account's next request has the new role", async () => {
    const member = await newAccount("Promoted");
    const cookie = await signedIn(member.id);
    expect((await readSession(t.db, sessionRequest(cookie)))?.user.role).toBe("user");

    expect(await unitOfWork(t.db, (tx) => changeRole(tx, actor(), { userId: member.id, role: "partner" }))).toEqual({
      ok: true,
      changed: true,
    });
    // The same cookie (it still says "user"): the role is read on every request.
    expect((await readSession(t.db, sessionRequest(cookie)))?.user.role).toBe("partner");
    const rows = await auditRows(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, action: "user.role_changed", clientAddress: ADDRESS });
    expect([json(rows[0]!.before), json(rows[0]!.after)]).toEqual([{ role: "user" }, { role: "partner" }]);

    // The same role again changes nothing and writes nothing.
    expect(await unitOfWork(t.db, (tx) => changeRole(tx, actor(), { userId: member.id, role: "partner" }))).toEqual({
      ok: true,
      changed: false,
    });
    expect(await auditRows(member.id)).toHaveLength(1);

    // Through the page (a recent proof: the session has just signed in).
    const answered = await act(member.id, { intent: "role", role: "admin" });
    expect(answered.status).toBe(302);
    expect(answered.location).toBe(userPage(member.id));
    expect(answered.headers.get("Set-Cookie")).toMatch(/^flash=/);
    expect((await readSession(t.db, sessionRequest(cookie)))?.user.role).toBe("admin");
    const [, viaPage] = await auditRows(member.id);
    expect(viaPage).toMatchObject({ action: "user.role_changed", clientAddress: expect.any(String) });
    expect([json(viaPage!.before), json(viaPage!.after)]).toEqual([{ role: "partner" }, { role: "admin" }]);
  });

  it("refuses demoting or suspending oneself, with a translated error and nothing written", async () => {
    const before = (await auditRows(admin.id)).length;
    expect(await unitOfWork(t.db, (tx) => changeRole(tx, actor(), { userId: admin.id, role: "user" }))).toEqual({
      ok: false,
      reason: "self",
    });
    expect(await unitOfWork(t.db, (tx) => suspendAccount(tx, actor(), { userId: admin.id, reason: "Oops" }))).toEqual({
      ok: false,
      reason: "self",
    });
    const answered = await act(admin.id, { intent: "suspend", reason: "Oops" });
    expect(answered.status).toBe(400);
    expect(answered.body).toMatchObject({ intent: "suspend", result: { error: { "": ["admin:users.errors.self"] } } });
    expect(await auditRows(admin.id)).toHaveLength(before);
    expect((await readSession(t.db, sessionRequest(admin.cookie)))?.user.role).toBe("admin");
  });

  it("suspends: every session ends, sign-in is refused every way in, and so are withdrawals; reinstating lets the account back", async () => {
    const member = await newAccount("Suspended Member");
    const cookies = [await signedIn(member.id), await signedIn(member.id)];
    await deposit(t.db, member.id, 50_00);

    const result = await unitOfWork(t.db, (tx) => suspendAccount(tx, actor(), { userId: member.id, reason: "Fraud review" }));
    expect(result).toEqual({ ok: true, changed: true, sessionsEnded: 2 });
    for (const cookie of cookies) expect(await readSession(t.db, sessionRequest(cookie))).toBeNull();
    const rows = await auditRows(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, action: "user.suspended", clientAddress: ADDRESS });
    expect(json(rows[0]!.before)).toEqual({ suspendedAt: null, suspendedReason: null });
    expect(json(rows[0]!.after)).toMatchObject({ suspendedAt: expect.any(String), suspendedReason: "Fraud review" });
    expect(json(rows[0]!.details)).toEqual({ sessionsEnded: 2 });
    // Suspending again changes nothing.
    expect(await unitOfWork(t.db, (tx) => suspendAccount(tx, actor(), { userId: member.id, reason: "Again" }))).toEqual({
      ok: true,
      changed: false,
    });
    expect(await auditRows(member.id)).toHaveLength(1);

    // Sign-in: the password form says so (after the right password only)…
    expect(await signIn(t.db, { email: member.email, password: PASSWORD })).toMatchObject({ outcome: "suspended" });
    expect(await signIn(t.db, { email: member.email, password: "Wrong-pass-1!" })).toEqual({ outcome: "invalid" });
    const form = await answer(() =>
      signInRouteAction({
        request: post("/en/signin", null, { email: member.email, password: PASSWORD }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(form.status).toBe(403);
    expect(form.body).toMatchObject({ result: { error: { "": ["auth:signin.suspended"] } } });
    // …and the one sign-in finish (social sign-in, the two-factor step) sends it back to say so.
    const finished = await answer(() =>
      finishSignIn(new Request(`${APP}/auth/google/callback`), member, { locale: "en", remember: false, redirectTo: null, area: "user" }),
    );
    expect(finished).toMatchObject({ status: 302, location: "/en/signin?suspended=1" });
    expect(await t.db.selectFrom("sessions").select("id").where("userId", "=", member.id).where("revokedAt", "is", null).execute()).toEqual(
      [],
    );

    // Withdrawals are refused, whoever asks.
    await expect(withdraw(t.db, member.id, 20_00)).rejects.toBeInstanceOf(AccountSuspendedError);
    expect(await getBalances(t.db, member.id)).toMatchObject({ availableCents: 50_00, withdrawalsInProgressCents: 0 });

    // The page shows it; reinstating is one more audit row, and everything works again.
    const page = await answer(() =>
      userLoader({ request: get(userPage(member.id), admin.cookie), params: { locale: "en", userId: member.id }, context: {} }),
    );
    expect(page.body).toMatchObject({ account: { state: "suspended", suspendedReason: "Fraud review" }, sessions: [] });
    const reinstated = await act(member.id, { intent: "reinstate" });
    expect(reinstated.status).toBe(302);
    const [, reinstatement] = await auditRows(member.id);
    expect(reinstatement).toMatchObject({ action: "user.reinstated", actorId: admin.id });
    expect(json(reinstatement!.before)).toMatchObject({ suspendedReason: "Fraud review" });
    expect(json(reinstatement!.after)).toEqual({ suspendedAt: null, suspendedReason: null });
    expect(await signIn(t.db, { email: member.email, password: PASSWORD })).toMatchObject({ outcome: "ok" });
    expect((await withdraw(t.db, member.id, 20_00)).replayed).toBe(false);
    await expectBooksBalance(t.db);
  });

  it("the last admin can be neither demoted nor suspended", async () => {
    // Every other admin of this database is suspended for the test, then reinstated.
    const others = await t.db.selectFrom("users").select("id").where("role", "=", "admin").where("suspendedAt", "is", null).execute();
    const lone = await newAccount("Lone Admin", { role: "admin" });
    const stamp = new Date().toISOString();
    await t.db
      .updateTable("users")
      .set({ suspendedAt: stamp })
      .where(
        "id",
        "in",
        others.map((row) => row.id),
      )
      .execute();
    try {
      // An actor who is not (or no longer) an admin, e.g. a demoted one whose request was in flight.
      const script = { id: (await newAccount("Ex Admin")).id, clientAddress: null };
      expect(await unitOfWork(t.db, (tx) => changeRole(tx, script, { userId: lone.id, role: "user" }))).toEqual({
        ok: false,
        reason: "lastAdmin",
      });
      expect(await unitOfWork(t.db, (tx) => suspendAccount(tx, script, { userId: lone.id, reason: "No" }))).toEqual({
        ok: false,
        reason: "lastAdmin",
      });
      expect(await auditRows(lone.id)).toEqual([]);
      // With a second admin, one may demote the other (but then not the last one left).
      const second = await newAccount("Second Admin", { role: "admin" });
      expect(
        await unitOfWork(t.db, (tx) => changeRole(tx, { id: second.id, clientAddress: null }, { userId: lone.id, role: "user" })),
      ).toEqual({ ok: true, changed: true });
      expect(
        await unitOfWork(t.db, (tx) => changeRole(tx, { id: lone.id, clientAddress: null }, { userId: second.id, role: "user" })),
      ).toEqual({ ok: false, reason: "lastAdmin" });
      // Two admins demoting each other at the same moment: one wins, one admin is left.
      await unitOfWork(t.db, (tx) => changeRole(tx, { id: second.id, clientAddress: null }, { userId: lone.id, role: "admin" }));
      const results = await Promise.all([
        unitOfWork(t.db, (tx) => changeRole(tx, { id: second.id, clientAddress: null }, { userId: lone.id, role: "user" })),
        unitOfWork(t.db, (tx) => changeRole(tx, { id: lone.id, clientAddress: null }, { userId: second.id, role: "user" })),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const left = await t.db.selectFrom("users").select("id").where("role", "=", "admin").where("suspendedAt", "is", null).execute();
      expect(left).toHaveLength(1);
    } finally {
      await t.db.updateTable("users").set({ suspendedAt: null }).where("suspendedAt", "=", stamp).execute();
    }
  });

  it("ends one session or every session, each with its audit row; nothing to end writes nothing", async () => {
    const member = await newAccount("Sessions");
    const [one, two, three] = [await signedIn(member.id), await signedIn(member.id), await signedIn(member.id)];
    const first = (await readSession(t.db, sessionRequest(one!)))!.session.id;

    expect(await unitOfWork(t.db, (tx) => revokeAccountSession(tx, actor(), { userId: member.id, sessionId: first }))).toEqual({
      ok: true,
      changed: true,
    });
    expect(await readSession(t.db, sessionRequest(one!))).toBeNull();
    expect(await readSession(t.db, sessionRequest(two!))).not.toBeNull();
    // Another account's session id does nothing here.
    const stranger = (await readSession(t.db, sessionRequest(memberCookie)))!.session.id;
    expect(await unitOfWork(t.db, (tx) => revokeAccountSession(tx, actor(), { userId: member.id, sessionId: stranger }))).toEqual({
      ok: true,
      changed: false,
    });
    expect(await readSession(t.db, sessionRequest(memberCookie))).not.toBeNull();

    expect(await unitOfWork(t.db, (tx) => revokeAccountSessions(tx, actor(), { userId: member.id }))).toEqual({
      ok: true,
      changed: true,
      sessionsEnded: 2,
    });
    for (const cookie of [two!, three!]) expect(await readSession(t.db, sessionRequest(cookie))).toBeNull();
    expect(await unitOfWork(t.db, (tx) => revokeAccountSessions(tx, actor(), { userId: member.id }))).toMatchObject({
      ok: true,
      changed: false,
    });

    const rows = await auditRows(member.id);
    expect(rows.map((row) => row.action)).toEqual(["user.session_revoked", "user.sessions_revoked"]);
    expect([json(rows[0]!.before), json(rows[0]!.after)]).toEqual([
      { sessionId: first, revokedAt: null },
      { sessionId: first, revokedAt: expect.any(String) },
    ]);
    expect([json(rows[1]!.before), json(rows[1]!.after)]).toEqual([{ activeSessions: 2 }, { activeSessions: 0 }]);
  });

  it("keeps admins' notes, each with its audit row", async () => {
    const member = await newAccount("Noted");
    const added = await unitOfWork(t.db, (tx) => addNote(tx, actor(), { userId: member.id, body: "Called about a missing order." }));
    expect(added).toMatchObject({ ok: true, changed: true });
    const viaPage = await act(member.id, { intent: "note", body: "Second note" });
    expect(viaPage.status).toBe(302);
    const empty = await act(member.id, { intent: "note", body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ intent: "note", result: { error: { body: ["admin:users.notes.required"] } } });

    const notes = await listNotes(t.db, member.id);
    expect(notes.map((note) => note.body)).toEqual(["Second note", "Called about a missing order."]);
    expect(notes[0]!.author).toMatchObject({ id: admin.id });
    const rows = await auditRows(member.id);
    expect(rows.map((row) => row.action)).toEqual(["user.note_added", "user.note_added"]);
    expect(json(rows[0]!.after)).toEqual({ noteId: added.ok ? added.noteId : null, body: "Called about a missing order." });
  });

  it("adjusts a balance through the ledger once per key, refuses a debit beyond the balance, and the books balance", async () => {
    const member = await newAccount("Adjusted");
    await deposit(t.db, member.id, 10_00);
    const key = crypto.randomUUID();
    const credit = {
      userId: member.id,
      direction: "credit" as const,
      amountCents: 25_00,
      reason: "Goodwill for a late payout",
      idempotencyKey: key,
    };

    const first = await unitOfWork(t.db, (tx) => adjustAccountBalance(tx, actor(), credit));
    const again = await unitOfWork(t.db, (tx) => adjustAccountBalance(tx, actor(), credit));
    expect(first).toMatchObject({
      ok: true,
      changed: true,
      transaction: { type: "adjustment", direction: "credit", amountCents: 25_00, description: "Goodwill for a late payout" },
    });
    expect(again).toMatchObject({ ok: true, changed: false });
    expect(again.ok && first.ok && again.transaction.id === first.transaction.id).toBe(true);
    expect((await getBalances(t.db, member.id)).availableCents).toBe(35_00);
    let rows = await auditRows(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "user.balance_adjusted", actorId: admin.id, clientAddress: ADDRESS });
    expect([json(rows[0]!.before), json(rows[0]!.after)]).toEqual([
      { availableCents: 10_00, owedCents: 0 },
      { availableCents: 35_00, owedCents: 0 },
    ]);
    expect(json(rows[0]!.details)).toMatchObject({ direction: "credit", amountCents: 25_00, reason: "Goodwill for a late payout" });
    // The same key for another request is refused.
    await expect(unitOfWork(t.db, (tx) => adjustAccountBalance(tx, actor(), { ...credit, amountCents: 30_00 }))).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );

    // A debit beyond the available balance writes nothing at all.
    const transactionsBefore = await t.db.selectFrom("transactions").select("id").where("userId", "=", member.id).execute();
    await expect(
      unitOfWork(t.db, (tx) =>
        adjustAccountBalance(tx, actor(), {
          userId: member.id,
          direction: "debit",
          amountCents: 35_01,
          reason: "Too much",
          idempotencyKey: crypto.randomUUID(),
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await t.db.selectFrom("transactions").select("id").where("userId", "=", member.id).execute()).toHaveLength(
      transactionsBefore.length,
    );
    expect(await auditRows(member.id)).toHaveLength(1);
    const debit = await unitOfWork(t.db, (tx) =>
      adjustAccountBalance(tx, actor(), {
        userId: member.id,
        direction: "debit",
        amountCents: 5_00,
        reason: "Duplicate cashback",
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    expect(debit).toMatchObject({ ok: true, changed: true, transaction: { direction: "debit", amountCents: 5_00 } });
    expect((await getBalances(t.db, member.id)).availableCents).toBe(30_00);
    expect(await balanceFromPostings(t.db, "platform:adjustments")).toBeLessThanOrEqual(-20_00);

    // Through the page: the form's nonce makes a double submit post once.
    const nonce = crypto.randomUUID();
    const form = { intent: "adjust", direction: "credit", amount: "12.50", reason: "Missing cashback, order 991", idempotencyKey: nonce };
    const [once, twice] = [await act(member.id, form), await act(member.id, form)];
    expect([once.status, twice.status]).toEqual([302, 302]);
    expect((await getBalances(t.db, member.id)).availableCents).toBe(42_50);
    rows = await auditRows(member.id);
    expect(rows.filter((row) => row.action === "user.balance_adjusted")).toHaveLength(3);
    // A debit beyond the balance through the page: a form error saying what is available.
    const tooMuch = await act(member.id, { ...form, direction: "debit", amount: "100", idempotencyKey: crypto.randomUUID() });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({
      intent: "adjust",
      available: "$42.50",
      result: { error: { "": ["admin:users.adjust.insufficient"] } },
    });
    const invalid = await act(member.id, { ...form, amount: "12.345", reason: "", idempotencyKey: crypto.randomUUID() });
    expect(invalid.body).toMatchObject({
      result: {
        error: { amount: ["validation.amountInvalid", "validation.amountAmbiguous"], reason: ["admin:users.adjust.reasonRequired"] },
      },
    });

    // What the member sees: the adjustment in their history, with its reason.
    const page = await answer(() =>
      userLoader({ request: get(userPage(member.id), admin.cookie), params: { locale: "en", userId: member.id }, context: {} }),
    );
    const ledger = (page.body as { ledger: { items: Array<{ type: string; description: string }> } }).ledger.items;
    expect(ledger[0]).toMatchObject({ type: "adjustment", description: "Missing cashback, order 991" });
    await expectBooksBalance(t.db);
  });

  it("admits only admins, with 2FA and, for sensitive actions, a recent proof of who they are", async () => {
    const member = await newAccount("Guarded");
    const memberRole = () => t.db.selectFrom("users").select("role").where("id", "=", member.id).executeTakeFirstOrThrow();
    // Members get a 403, visitors the back office's sign-in page.
    for (const run of [
      () => listLoader({ request: get("/en/admin/users", memberCookie), params: { locale: "en" }, context: {} }),
      () => userLoader({ request: get(userPage(member.id), memberCookie), params: { locale: "en", userId: member.id }, context: {} }),
      () =>
        userAction({
          request: post(userPage(member.id), memberCookie, { intent: "role", role: "admin" }),
          params: { locale: "en", userId: member.id },
          context: {},
        }),
    ]) {
      expect((await answer(run)).status).toBe(403);
    }
    const anonymous = await answer(() =>
      userAction({
        request: post(userPage(member.id), null, { intent: "role", role: "admin" }),
        params: { locale: "en", userId: member.id },
        context: {},
      }),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/en\/admin\?redirectTo=/);
    expect((await memberRole()).role).toBe("user");
    // An unknown account is a 404; an address in its place leads to the account's page.
    expect(
      (
        await answer(() =>
          userLoader({ request: get(userPage("nobody"), admin.cookie), params: { locale: "en", userId: "nobody" }, context: {} }),
        )
      ).status,
    ).toBe(404);
    const byEmail = await answer(() =>
      userLoader({ request: get(userPage(member.email), admin.cookie), params: { locale: "en", userId: member.email }, context: {} }),
    );
    expect(byEmail).toMatchObject({ status: 302, location: userPage(member.id) });

    // A proof older than 10 minutes: role, suspension and adjustment go to the back office's own
    // re-authentication step first (nothing changes); a note does not need it.
    await t.db
      .updateTable("sessions")
      .set({ reauthenticatedAt: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where("id", "=", admin.sessionId)
      .execute();
    const back = `/en/admin/reauthenticate?redirectTo=${encodeURIComponent(userPage(member.id))}`;
    const sensitive: Array<Record<string, string>> = [
      { intent: "role", role: "partner" },
      { intent: "suspend", reason: "Stale" },
      { intent: "adjust", direction: "credit", amount: "5", reason: "Stale", idempotencyKey: crypto.randomUUID() },
    ];
    for (const body of sensitive) {
      expect(await act(member.id, body)).toMatchObject({ status: 302, location: back });
    }
    expect((await memberRole()).role).toBe("user");
    expect(await auditRows(member.id)).toEqual([]);
    expect((await act(member.id, { intent: "note", body: "Fine without a fresh proof" })).status).toBe(302);

    // The step takes the authenticator code and returns to the page (never outside the back office).
    const wrong = await answer(() =>
      reauthAction({
        request: post("/en/admin/reauthenticate", admin.cookie, {
          code: "000000" === totpCode(admin.secret) ? "111111" : "000000",
          redirectTo: userPage(member.id),
        }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(wrong.status).toBe(400);
    const right = await answer(() =>
      reauthAction({
        request: post("/en/admin/reauthenticate", admin.cookie, { code: totpCode(admin.secret), redirectTo: userPage(member.id) }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(right).toMatchObject({ status: 302, location: userPage(member.id) });
    expect((await act(member.id, { intent: "role", role: "partner" })).status).toBe(302);
    expect((await memberRole()).role).toBe("partner");
    const elsewhere = await answer(() =>
      reauthAction({
        request: post("/en/admin/reauthenticate", admin.cookie, {
          code: totpCode(admin.secret, Date.now() + 30_000),
          redirectTo: "/en/wallet",
        }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(elsewhere).toMatchObject({ status: 302, location: "/en/admin/dashboard" });

    // An admin without 2FA is sent to turn it on.
    const plain = await newAccount("Plain Admin", { role: "admin" });
    const plainCookie = await signedIn(plain.id, "admin");
    const refused = await answer(() => listLoader({ request: get("/en/admin/users", plainCookie), params: { locale: "en" }, context: {} }));
    expect(refused.status).toBe(302);
    expect(refused.location).toMatch(/^\/en\/admin\/two-factor\?redirectTo=/);
  });
});
