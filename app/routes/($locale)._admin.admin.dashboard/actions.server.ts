/**
 * The back office dashboard's action (`/admin/dashboard`): `reconcile` queues a ledger check (its
 * audit row first, one unit of work), then back to the reconciliation panel with a notice.
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { audit, type Actor } from "~/audit/audit.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { queueJob, RECONCILE_JOB } from "~/jobs/jobs.server";
import { setFlash } from "~/utils/flash.server";
import { localePath } from "~/utils/paths";

export const DashboardIntent = z.discriminatedUnion("intent", [z.object({ intent: z.literal("reconcile") })]);

export async function reconcile(actor: Actor, locale: Locale): Promise<never> {
  await unitOfWork(db(), (tx) =>
    audit(tx, { actorId: actor.id, action: "ledger.check-requested", subject: "ledger", clientAddress: actor.clientAddress }),
  );
  await queueJob(RECONCILE_JOB, { requestedBy: actor.id });
  throw redirect(`${localePath(locale, "/admin/dashboard")}#reconciliation`, {
    headers: { "Set-Cookie": await setFlash({ kind: "notice", key: "dashboard.reconciliation.queued" }) },
  });
}
