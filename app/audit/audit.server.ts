/**
 * The audit log: owns `audit_log`. Every admin action writes its row with the same transaction as
 * the change it records, so the log can never claim what did not happen nor miss what did. A row
 * says who (the actor), what (the action), on what (the subject), what it was before and after,
 * and from which client address. Rows are only ever inserted: nothing here updates or deletes one.
 */
import { sql } from "kysely";
import { v7 as uuidv7 } from "uuid";
import { now, type DbOrTx, type Tx } from "~/db/db.server";
import { escapeLike, likePattern } from "~/db/like";
import type { Page } from "~/db/paginate.server";
import { paginate } from "~/db/paginate.server";

/** Who made a change from a request: the signed-in admin and the request's client address. */
export interface Actor {
  id: string;
  clientAddress: string | null;
}

export interface AuditEntry {
  actorId: string | null;
  action: string;
  subject: string;
  details?: Record<string, unknown>;
  /** What the changed fields were, and what they became (only the fields that changed). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  clientAddress?: string | null;
}

export async function audit(tx: Tx, entry: AuditEntry) {
  await tx
    .insertInto("auditLog")
    .values({
      // Time-ordered ids: rows written in the same millisecond keep the order they were written in.
      id: uuidv7(),
      actorId: entry.actorId,
      action: entry.action,
      subject: entry.subject,
      details: JSON.stringify(entry.details ?? {}),
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
      clientAddress: entry.clientAddress ?? null,
      createdAt: now(),
    })
    .execute();
}

/** `audit` for a change an actor made from a request: their id and client address go on the row. */
export function auditBy(tx: Tx, actor: Actor, entry: Omit<AuditEntry, "actorId" | "clientAddress">) {
  return audit(tx, { ...entry, actorId: actor.id, clientAddress: actor.clientAddress });
}

/** The fields of `after` whose value differs from `before`, as a before/after pair for `audit`. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const is: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (after[key] === undefined || JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    is[key] = after[key];
  }
  return Object.keys(is).length ? { before: was, after: is } : null;
}

export const AUDIT_PAGE_SIZE = 50;

export interface AuditRow {
  id: string;
  action: string;
  subject: string;
  details: Record<string, unknown>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  clientAddress: string | null;
  createdAt: string;
  actor: { id: string; name: string; email: string } | null;
}

export interface AuditFilter {
  /** An action, or an action family such as `withdrawal` (every `withdrawal.*`). */
  action?: string;
  actorId?: string;
  /** Part of the acting admin's e-mail address. */
  actorEmail?: string;
  /** A subject, such as `user:<id>` or `withdrawal:<id>`, or its start (`user:`). */
  subject?: string;
  /** Inclusive ISO dates (YYYY-MM-DD), in UTC. */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

const parse = (value: string | null) => (value ? (JSON.parse(value) as Record<string, unknown>) : null);

/** The log, newest first, filtered and paged. */
export async function listAudit(db: DbOrTx, filter: AuditFilter = {}): Promise<Page<AuditRow>> {
  const pageSize = filter.pageSize ?? AUDIT_PAGE_SIZE;
  let base = db.selectFrom("auditLog").leftJoin("users", "users.id", "auditLog.actorId");
  if (filter.action) {
    const action = filter.action;
    base = base.where((eb) =>
      eb.or([eb("auditLog.action", "=", action), eb("auditLog.action", "like", sql<string>`${`${escapeLike(action)}.%`} escape '\\'`)]),
    );
  }
  if (filter.actorId) base = base.where("auditLog.actorId", "=", filter.actorId);
  if (filter.actorEmail?.trim())
    base = base.where(sql`lower(users.email)`, "like", sql`${likePattern(filter.actorEmail.trim().toLowerCase())} escape '\\'`);
  if (filter.subject?.trim())
    base = base.where(sql`audit_log.subject`, "like", sql`${`${escapeLike(filter.subject.trim())}%`} escape '\\'`);
  if (filter.from) base = base.where("auditLog.createdAt", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) base = base.where("auditLog.createdAt", "<=", `${filter.to}T23:59:59.999Z`);
  return paginate(
    base,
    (query) =>
      query
        .select([
          "auditLog.id",
          "auditLog.action",
          "auditLog.subject",
          "auditLog.details",
          "auditLog.before",
          "auditLog.after",
          "auditLog.clientAddress",
          "auditLog.createdAt",
          "users.id as actorUserId",
          "users.name as actorName",
          "users.email as actorEmail",
        ])
        .orderBy("auditLog.createdAt", "desc")
        .orderBy("auditLog.id", "desc"),
    { page: filter.page, pageSize },
    (row) => ({
      id: row.id,
      action: row.action,
      subject: row.subject,
      details: parse(row.details) ?? {},
      before: parse(row.before),
      after: parse(row.after),
      clientAddress: row.clientAddress,
      createdAt: row.createdAt,
      actor: row.actorUserId ? { id: row.actorUserId, name: row.actorName ?? "", email: row.actorEmail ?? "" } : null,
    }),
  );
}

/** The distinct actions in the log, for the filter's choices. */
export async function auditActions(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectFrom("auditLog").select("action").distinct().orderBy("action").execute();
  return rows.map((row) => row.action);
}
