/**
 * The dashboard's actions (`/dashboard`), one handler per `intent`: hide or show the balance (a
 * preference cookie, then back to where the form was) and dismiss the first-steps checklist.
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/db.server";
import type { Locale } from "~/i18n/config";
import { dismissFirstSteps } from "~/users/first-steps.server";
import { localePath } from "~/utils/paths";
import { safeRedirect } from "~/utils/redirect-to";
import { isBalanceHidden, setBalanceHidden } from "~/wallet/preferences.server";

export const DashboardIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss-first-steps") }),
  z.object({ intent: z.literal("toggle-balance") }),
]);

export async function dismissChecklist(userId: string, locale: Locale): Promise<never> {
  await dismissFirstSteps(db(), userId);
  throw redirect(localePath(locale, "/dashboard"));
}

/** Hide a shown balance or show a hidden one, then back to `redirectTo` (the dashboard as it was). */
export async function toggleBalance(request: Request, redirectTo: FormDataEntryValue | null, locale: Locale): Promise<never> {
  const hidden = !(await isBalanceHidden(request));
  throw redirect(safeRedirect(redirectTo, localePath(locale, "/dashboard")), {
    headers: { "Set-Cookie": await setBalanceHidden(hidden) },
  });
}
