/**
 * The audit log: owns `audit_log`. Every admin action writes its row with the same transaction as
 * the change it records, so the log can never claim what did not happen nor miss what did.
 */
import { randomUUID } from "node:crypto";
import { now, type Tx } from "~/db/db.server";

export async function audit(tx: Tx, entry: { actorId: string | null; action: string; subject: string; details?: Record<string, unknown> }) {
  await tx
    .insertInto("auditLog")
    .values({ id: randomUUID(), actorId: entry.actorId, action: entry.action, subject: entry.subject, details: JSON.stringify(entry.details ?? {}), createdAt: now() })
    .execute();
}
