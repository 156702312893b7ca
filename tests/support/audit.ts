/** The audit log as suites read it: one subject's rows, oldest first, their JSON fields parsed. */
import type { Db } from "~/db/db.server";

export async function auditRowsOf(db: Db, subject: string) {
  const rows = await db.selectFrom("auditLog").selectAll().where("subject", "=", subject).orderBy("createdAt").orderBy("id").execute();
  return rows.map((row) => ({
    action: row.action,
    actorId: row.actorId,
    clientAddress: row.clientAddress,
    before: row.before ? JSON.parse(row.before) : null,
    after: row.after ? JSON.parse(row.after) : null,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }));
}
