/**
 * The report page's intents (`brand`, `share`, `schedule`, `revoke`), one handler each: a form
 * that does not validate comes back with its reply (400); a done change goes back to the page with
 * a notice (a thrown redirect).
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import type { AdToolsContext } from "~/ads/access.server";
import { saveBrand } from "~/ads/reports/brand.server";
import { BrandSchema, ScheduleSchema, ShareSchema } from "~/ads/reports/form";
import { saveSchedule } from "~/ads/reports/schedule.server";
import { ShareNotFoundError, createShare, revokeShare } from "~/ads/reports/share.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";

/** Which form was sent; each handler reads its own fields. */
export const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("brand") }),
  z.object({ intent: z.literal("share") }),
  z.object({ intent: z.literal("schedule") }),
  z.object({ intent: z.literal("revoke") }),
]);

/** Back to the page (with the client account when there are several) and a notice. */
async function back({ locale, client, accounts }: AdToolsContext, key: string) {
  const query = accounts.length > 1 ? `?client=${encodeURIComponent(client.id)}` : "";
  return await redirectWithFlash(`${localePath(locale, "/ads/reports")}${query}`, { kind: "notice", key });
}

export async function saveBrandIntent(context: AdToolsContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: BrandSchema });
  if (submission.status !== "success") return data({ intent: "brand" as const, result: submission.reply() }, { status: 400 });
  await unitOfWork(db(), (tx) => saveBrand(tx, context.user.id, submission.value));
  throw await back(context, "ads-reports:brand.saved");
}

export async function createShareIntent(context: AdToolsContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ShareSchema });
  if (submission.status !== "success") return data({ intent: "share" as const, result: submission.reply() }, { status: 400 });
  const { from, to, language, days } = submission.value;
  await unitOfWork(db(), (tx) => createShare(tx, context.user.id, context.client.id, { period: { from, to }, language, days }));
  throw await back(context, "ads-reports:share.created");
}

export async function saveScheduleIntent(context: AdToolsContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ScheduleSchema });
  if (submission.status !== "success") return data({ intent: "schedule" as const, result: submission.reply() }, { status: 400 });
  await unitOfWork(db(), (tx) => saveSchedule(tx, context.user.id, context.client.id, submission.value));
  throw await back(context, "ads-reports:schedule.saved");
}

export async function revokeShareIntent(context: AdToolsContext, formData: FormData): Promise<never> {
  try {
    await unitOfWork(db(), (tx) => revokeShare(tx, context.user.id, String(formData.get("shareId") ?? "")));
  } catch (error) {
    if (error instanceof ShareNotFoundError) throw await back(context, "ads-reports:share.notFound");
    throw error;
  }
  throw await back(context, "ads-reports:share.revoked");
}
