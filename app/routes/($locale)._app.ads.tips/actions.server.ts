/**
 * The tips page's intents, one handler each: `generate` runs what the daily job runs, `apply`
 * records the decision and answers with the tip at the top of the list, `dismiss` keeps the tip
 * away until its evidence changes. Each answers with a thrown redirect; the domain's refusals
 * (`TipNotFoundError`, `TipDecidedError`) are the route's to answer.
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { AdToolsContext } from "~/ads/access.server";
import { DISMISS_NOTE_MAX, DISMISS_REASONS } from "~/ads/tip-kinds";
import { applyTip, dismissTip, generateTips } from "~/ads/tips.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";

export const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("generate") }),
  z.object({ intent: z.literal("apply"), tipId: z.string().uuid() }),
  z.object({
    intent: z.literal("dismiss"),
    tipId: z.string().uuid(),
    reason: z.enum(DISMISS_REASONS, { errorMap: () => ({ message: "ads-tips:errors.reason" }) }),
    note: z.string().max(DISMISS_NOTE_MAX, "ads-tips:errors.note").optional(),
  }),
]);
type Intent<Name extends z.infer<typeof IntentSchema>["intent"]> = Extract<z.infer<typeof IntentSchema>, { intent: Name }>;

/** The page (of this client account), with a notice. */
async function back({ locale, client }: AdToolsContext, key: string, values: Record<string, string | number> = {}) {
  return await redirectWithFlash(`${localePath(locale, "/ads/tips")}?client=${client.id}`, { kind: "notice", key, values });
}

export async function generateIntent(context: AdToolsContext): Promise<never> {
  const outcome = await generateTips(db(), context.client.id);
  throw await back(context, "ads-tips:generated", { count: outcome.created });
}

export async function applyIntent({ user, client, locale }: AdToolsContext, { tipId }: Intent<"apply">): Promise<never> {
  const tip = await unitOfWork(db(), (tx) => applyTip(tx, user.id, tipId));
  // No flash: the answer is the applied tip itself, with its file, where Apply was clicked.
  throw redirect(`${localePath(locale, "/ads/tips")}?client=${client.id}&applied=${tip.id}#tip-${tip.id}`);
}

export async function dismissIntent(context: AdToolsContext, { tipId, reason, note }: Intent<"dismiss">): Promise<never> {
  await unitOfWork(db(), (tx) => dismissTip(tx, context.user.id, tipId, reason, note ?? null));
  throw await back(context, "ads-tips:dismissed");
}
