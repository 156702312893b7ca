/**
 * The back office's accounts: owns what an admin sees of an account and does to it. Finding
 * accounts (name or e-mail, role, state: active, suspended, unverified), one account's profile and
 * the notes admins keep on it; and the actions: change the role (read on the account's next
 * request), suspend (every session ends; sign-in and withdrawals are refused) and reinstate, end one
 * or every session, add a note, adjust the balance through the ledger, and reset the account's
 * two-factor authentication (a member who lost their phone and recovery codes). Every action takes
 * the caller's transaction and writes exactly one audit row in it (none when nothing changed or a
 * replayed form changed nothing). An admin can neither demote nor suspend themselves, nor the last
 * admin, nor reset their own two-factor authentication (the command line can).
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { auditBy, type Actor } from "~/audit/audit.server";
import { resetTwoFactor } from "~/auth/recovery-codes.server";
import { revokeUserSessions } from "~/auth/session.server";
import { dialectOf, now, type DbOrTx, type Tx } from "~/db/db.server";
import { likePattern } from "~/db/like";
import { ROLES, type Role } from "~/db/schema";
import type { Page } from "~/db/paginate.server";
import { ACCOUNT_STATES, NOTE_MAX_LENGTH, type AccountState } from "./account-states";
import { getBalances } from "~/wallet/balances.server";
import { adjustBalance as postAdjustment, type LedgerTransaction } from "~/wallet/ledger.server";
import { paginate } from "~/db/paginate.server";

export const ACCOUNTS_PAGE_SIZE = 25;
export { ACCOUNT_STATES, NOTE_MAX_LENGTH, type AccountState };

/** Suspended wins; otherwise an account is unverified until its e-mail address is, then active. */
export function stateOf(account: { suspendedAt: string | null; emailVerifiedAt: string | null }): AccountState {
  if (account.suspendedAt) return "suspended";
  return account.emailVerifiedAt ? "active" : "unverified";
}

export interface AccountFilters {
  query?: string;
  role?: Role;
  state?: AccountState;
}

/** The list's filters from its query string (`q`, `role`, `state`); anything unknown is no filter. */
export function accountFiltersFrom(search: URLSearchParams): AccountFilters {
  const role = search.get("role");
  const state = search.get("state");
  return {
    query: (search.get("q") ?? "").trim().slice(0, 100) || undefined,
    role: role && (ROLES as readonly string[]).includes(role) ? (role as Role) : undefined,
    state: state && (ACCOUNT_STATES as readonly string[]).includes(state) ? (state as AccountState) : undefined,
  };
}

export interface AccountRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  state: AccountState;
  createdAt: string;
}

/** Accounts matching the filters, newest first, a page at a time. */
export async function findAccounts(
  db: DbOrTx,
  filters: AccountFilters,
  options: { page?: number; pageSize?: number } = {},
): Promise<Page<AccountRow>> {
  const pageSize = options.pageSize ?? ACCOUNTS_PAGE_SIZE;
  let base = db.selectFrom("users");
  if (filters.query) {
    const pattern = likePattern(filters.query);
    base = base.where((eb) =>
      eb.or([eb(sql`lower(name)`, "like", sql`${pattern} escape '\\'`), eb(sql`lower(email)`, "like", sql`${pattern} escape '\\'`)]),
    );
  }
  if (filters.role) base = base.where("role", "=", filters.role);
  if (filters.state === "suspended") base = base.where("suspendedAt", "is not", null);
  if (filters.state === "active") base = base.where("suspendedAt", "is", null).where("emailVerifiedAt", "is not", null);
  if (filters.state === "unverified") base = base.where("suspendedAt", "is", null).where("emailVerifiedAt", "is", null);
  return paginate(
    base,
    (query) =>
      query
        .select(["id", "name", "email", "role", "emailVerifiedAt", "suspendedAt", "createdAt"])
        .orderBy("createdAt", "desc")
        .orderBy("id"),
    { page: options.page, pageSize },
    (row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      state: stateOf(row),
      createdAt: row.createdAt,
    }),
  );
}

export interface AccountProfile {
  id: string;
  name: string;
  email: string;
  role: Role;
  locale: string;
  phone: string | null;
  createdAt: string;
  emailVerifiedAt: string | null;
  twoFactor: boolean;
  state: AccountState;
  suspendedAt: string | null;
  suspendedReason: string | null;
}

export async function getAccount(db: DbOrTx, userId: string): Promise<AccountProfile | undefined> {
  const row = await db
    .selectFrom("users")
    .select([
      "id",
      "name",
      "email",
      "role",
      "locale",
      "phone",
      "createdAt",
      "emailVerifiedAt",
      "totpEnabledAt",
      "suspendedAt",
      "suspendedReason",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { totpEnabledAt, ...rest } = row;
  return { ...rest, twoFactor: totpEnabledAt !== null, state: stateOf(row) };
}

export interface AdminNote {
  id: string;
  body: string;
  createdAt: string;
  author: { id: string; name: string } | null;
}

export const NOTES_SHOWN = 50;

/** The admins' notes on an account, newest first. */
export async function listNotes(db: DbOrTx, userId: string): Promise<AdminNote[]> {
  const rows = await db
    .selectFrom("adminNotes")
    .leftJoin("users", "users.id", "adminNotes.authorId")
    .select(["adminNotes.id", "adminNotes.body", "adminNotes.createdAt", "users.id as authorId", "users.name as authorName"])
    .where("adminNotes.userId", "=", userId)
    .orderBy("adminNotes.createdAt", "desc")
    .orderBy("adminNotes.id", "desc")
    .limit(NOTES_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    createdAt: row.createdAt,
    author: row.authorId ? { id: row.authorId, name: row.authorName ?? "" } : null,
  }));
}

// ——— Actions ———

/**
 * Why an action was refused: no such account, the admin's own account, the last admin left, the
 * admin's own two-factor authentication.
 */
export type Refusal = "notFound" | "self" | "lastAdmin" | "selfTwoFactor";
export type ActionResult = { ok: true; changed: boolean } | { ok: false; reason: Refusal };

const subjectOf = (userId: string) => `user:${userId}`;

/**
 * Reads the account and every admin, locked (PostgreSQL; SQLite transactions are serial) in id
 * order in one statement: two admins demoting or suspending each other at once cannot both see
 * the other as "another admin", and cannot deadlock.
 */
async function lockAccount(tx: Tx, userId: string) {
  let query = tx
    .selectFrom("users")
    .select(["id", "role", "suspendedAt", "suspendedReason"])
    .where((eb) => eb.or([eb("role", "=", "admin"), eb("id", "=", userId)]))
    .orderBy("id");
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  const rows = await query.execute();
  const account = rows.find((row) => row.id === userId);
  const otherAdmins = rows.filter((row) => row.id !== userId && row.role === "admin" && !row.suspendedAt).length;
  return { account, otherAdmins };
}

/**
 * Taking an admin out of the back office (a demotion or a suspension): never one's own account,
 * never the last admin who is not suspended.
 */
function guardAdmin(actor: Actor, userId: string, role: Role, otherAdmins: number): Refusal | null {
  if (actor.id === userId) return "self";
  if (role === "admin" && otherAdmins === 0) return "lastAdmin";
  return null;
}

/** A new role, read on the account's next request (sessions read the role every time). */
export async function changeRole(tx: Tx, actor: Actor, input: { userId: string; role: Role }): Promise<ActionResult> {
  const { account, otherAdmins } = await lockAccount(tx, input.userId);
  if (!account) return { ok: false, reason: "notFound" };
  if (account.role === input.role) return { ok: true, changed: false };
  if (account.role === "admin") {
    const refusal = guardAdmin(actor, input.userId, account.role, otherAdmins);
    if (refusal) return { ok: false, reason: refusal };
  }
  await tx.updateTable("users").set({ role: input.role, updatedAt: now() }).where("id", "=", input.userId).execute();
  await auditBy(tx, actor, {
    action: "user.role_changed",
    subject: subjectOf(input.userId),
    before: { role: account.role },
    after: { role: input.role },
  });
  return { ok: true, changed: true };
}

/**
 * Suspends an account with a reason: every session ends now, and until it is reinstated the
 * account cannot sign in (it is told it is suspended) nor request a withdrawal.
 */
export async function suspendAccount(
  tx: Tx,
  actor: Actor,
  input: { userId: string; reason: string },
): Promise<ActionResult & { sessionsEnded?: number }> {
  const { account, otherAdmins } = await lockAccount(tx, input.userId);
  if (!account) return { ok: false, reason: "notFound" };
  if (account.suspendedAt) return { ok: true, changed: false };
  const refusal = guardAdmin(actor, input.userId, account.role, otherAdmins);
  if (refusal) return { ok: false, reason: refusal };
  const timestamp = now();
  await tx
    .updateTable("users")
    .set({ suspendedAt: timestamp, suspendedReason: input.reason, updatedAt: timestamp })
    .where("id", "=", input.userId)
    .execute();
  const sessionsEnded = await revokeUserSessions(tx, input.userId);
  await auditBy(tx, actor, {
    action: "user.suspended",
    subject: subjectOf(input.userId),
    before: { suspendedAt: null, suspendedReason: null },
    after: { suspendedAt: timestamp, suspendedReason: input.reason },
    details: { sessionsEnded },
  });
  return { ok: true, changed: true, sessionsEnded };
}

/** Lifts a suspension: the account can sign in (and withdraw) again. */
export async function reinstateAccount(tx: Tx, actor: Actor, input: { userId: string }): Promise<ActionResult> {
  const { account } = await lockAccount(tx, input.userId);
  if (!account) return { ok: false, reason: "notFound" };
  if (!account.suspendedAt) return { ok: true, changed: false };
  await tx
    .updateTable("users")
    .set({ suspendedAt: null, suspendedReason: null, updatedAt: now() })
    .where("id", "=", input.userId)
    .execute();
  await auditBy(tx, actor, {
    action: "user.reinstated",
    subject: subjectOf(input.userId),
    before: { suspendedAt: account.suspendedAt, suspendedReason: account.suspendedReason },
    after: { suspendedAt: null, suspendedReason: null },
  });
  return { ok: true, changed: true };
}

/**
 * Turns the account's two-factor authentication off and deletes its recovery codes, for a member
 * who lost their phone and their codes: audited (`user.two_factor_reset`), the owner notified and
 * e-mailed. Never the admin's own (another admin, or `npm run admin:reset-2fa`, can).
 */
export async function resetAccountTwoFactor(tx: Tx, actor: Actor, input: { userId: string }): Promise<ActionResult> {
  const account = await tx.selectFrom("users").select("id").where("id", "=", input.userId).executeTakeFirst();
  if (!account) return { ok: false, reason: "notFound" };
  if (actor.id === input.userId) return { ok: false, reason: "selfTwoFactor" };
  const { changed } = await resetTwoFactor(tx, input.userId, {
    actorId: actor.id,
    via: "back-office",
    clientAddress: actor.clientAddress,
  });
  return { ok: true, changed };
}

/** Ends one of the account's sessions (that browser is signed out on its next request). */
export async function revokeAccountSession(tx: Tx, actor: Actor, input: { userId: string; sessionId: string }): Promise<ActionResult> {
  const timestamp = now();
  const result = await tx
    .updateTable("sessions")
    .set({ revokedAt: timestamp })
    .where("id", "=", input.sessionId)
    .where("userId", "=", input.userId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { ok: true, changed: false };
  await auditBy(tx, actor, {
    action: "user.session_revoked",
    subject: subjectOf(input.userId),
    before: { sessionId: input.sessionId, revokedAt: null },
    after: { sessionId: input.sessionId, revokedAt: timestamp },
  });
  return { ok: true, changed: true };
}

/** Ends every session of the account (every browser is signed out on its next request). */
export async function revokeAccountSessions(
  tx: Tx,
  actor: Actor,
  input: { userId: string },
): Promise<ActionResult & { sessionsEnded?: number }> {
  const exists = await tx.selectFrom("users").select("id").where("id", "=", input.userId).executeTakeFirst();
  if (!exists) return { ok: false, reason: "notFound" };
  const active = await tx
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("userId", "=", input.userId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now())
    .executeTakeFirstOrThrow();
  const sessionsEnded = await revokeUserSessions(tx, input.userId);
  if (sessionsEnded === 0) return { ok: true, changed: false, sessionsEnded };
  await auditBy(tx, actor, {
    action: "user.sessions_revoked",
    subject: subjectOf(input.userId),
    before: { activeSessions: Number(active.n) },
    after: { activeSessions: 0 },
    details: { sessionsEnded },
  });
  return { ok: true, changed: true, sessionsEnded };
}

/** A note by an admin on the account (only admins ever see notes). */
export async function addNote(tx: Tx, actor: Actor, input: { userId: string; body: string }): Promise<ActionResult & { noteId?: string }> {
  const exists = await tx.selectFrom("users").select("id").where("id", "=", input.userId).executeTakeFirst();
  if (!exists) return { ok: false, reason: "notFound" };
  const note = { id: randomUUID(), userId: input.userId, authorId: actor.id, body: input.body, createdAt: now() };
  await tx.insertInto("adminNotes").values(note).execute();
  await auditBy(tx, actor, {
    action: "user.note_added",
    subject: subjectOf(input.userId),
    before: null,
    after: { noteId: note.id, body: note.body },
  });
  return { ok: true, changed: true, noteId: note.id };
}

export type AdjustmentResult = { ok: true; changed: boolean; transaction: LedgerTransaction } | { ok: false; reason: "notFound" };

/**
 * A manual credit or debit through the ledger (`adjustBalance`), with the reason the member sees in
 * their wallet. Idempotent by the form's key: a double submit posts once and audits once (a replay
 * answers the first result, even when that debit left too little for a second). A debit larger
 * than the available balance throws the ledger's `InsufficientFundsError` and the caller's whole
 * unit of work rolls back: an adjustment never records a debt.
 */
export async function adjustAccountBalance(
  tx: Tx,
  actor: Actor,
  input: { userId: string; direction: "credit" | "debit"; amountCents: number; reason: string; idempotencyKey: string },
): Promise<AdjustmentResult> {
  const exists = await tx.selectFrom("users").select("id").where("id", "=", input.userId).executeTakeFirst();
  if (!exists) return { ok: false, reason: "notFound" };
  const before = await getBalances(tx, input.userId);
  const result = await postAdjustment(tx, { ...input, adminId: actor.id });
  if (result.replayed) return { ok: true, changed: false, transaction: result.transaction };
  const after = await getBalances(tx, input.userId);
  await auditBy(tx, actor, {
    action: "user.balance_adjusted",
    subject: subjectOf(input.userId),
    before: { availableCents: before.availableCents, owedCents: before.owedCents },
    after: { availableCents: after.availableCents, owedCents: after.owedCents },
    details: { transactionId: result.transaction.id, direction: input.direction, amountCents: input.amountCents, reason: input.reason },
  });
  return { ok: true, changed: true, transaction: result.transaction };
}
