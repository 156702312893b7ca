/**
 * The back office dashboard's action (`/admin/dashboard`): `reconcile` queues a ledger check (its
 * audit row first, one unit of work), then back to the reconciliation panel with a notice.
 */
import { z } from "zod";
import { audit, type Actor } from "~/audit/audit.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { queueJob, RECONCILE_JOB } from "~/jobs/jobs.server";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";

export const DashboardIntent = z.discriminatedUnion("intent", [z.object({ intent: z.literal("reconcile") })]);

export async function reconcile(actor: Actor, locale: Locale): Promise<never> {
  await unitOfWork(db(), (tx) =>
    audit(tx, { actorId: actor.id, action: "ledger.check-requested", subject: "ledger", clientAddress: actor.clientAddress }),
  );
  await queueJob(RECONCILE_JOB, { requestedBy: actor.id });
  throw await redirectWithFlash(`${localePath(locale, "/admin/dashboard")}#reconciliation`, {
    kind: "notice",
    key: "dashboard.reconciliation.queued",
  });
}
