/** The audit log as suites read it: one subject's rows, or one actor's rows of one action, oldest first, their JSON fields parsed. */
import type { Selectable } from "kysely";
import type { Db } from "~/db/db.server";
import type { AuditLogTable } from "~/db/schema";

export async function auditRowsOf(db: Db, subject: string) {
  return parsed(await db.selectFrom("auditLog").selectAll().where("subject", "=", subject).orderBy("createdAt").orderBy("id").execute());
}

/** What `actorId` did as `action`, oldest first. */
export async function auditRowsBy(db: Db, actorId: string, action: string) {
  return parsed(
    await db
      .selectFrom("auditLog")
      .selectAll()
      .where("actorId", "=", actorId)
      .where("action", "=", action)
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
  );
}

function parsed(rows: Selectable<AuditLogTable>[]) {
  return rows.map((row) => ({
    action: row.action,
    actorId: row.actorId,
    clientAddress: row.clientAddress,
    before: row.before ? JSON.parse(row.before) : null,
    after: row.after ? JSON.parse(row.after) : null,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }));
}
