/**
 * The server side of the two pages the newsletter's e-mailed links open (confirm, unsubscribe):
 * the loader hands the link's token and the last outcome to the page, the action runs the step on
 * the posted token and comes back to the page with its outcome (post/redirect/get). Each page's
 * route module re-exports its step's `loader` and `action` from here.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { confirmSubscription, unsubscribe } from "~/newsletter/newsletter.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { takeFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/form-data.server";
import { redirectWithFlash } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export type NewsletterStepName = "confirm" | "unsubscribe";

/** Each step on its token, as the outcome the page shows. */
const STEPS = {
  confirm: async (token: string) => ((await confirmSubscription(db(), token)) === "confirmed" ? "confirmed" : "invalidLink"),
  unsubscribe: async (token: string) =>
    (await unsubscribe(db(), token, env().sessionSecrets)) === "unsubscribed" ? "unsubscribed" : "invalidLink",
} as const satisfies Record<NewsletterStepName, (token: string) => Promise<"confirmed" | "unsubscribed" | "invalidLink">>;

export async function newsletterStepLoader(request: Request, params: Params, step: NewsletterStepName) {
  const { flash, headers } = await takeFlash(request);
  const token = new URL(request.url).searchParams.get("token");
  const outcome = flash?.kind === "newsletter" && flash.outcome !== "checkInbox" ? flash.outcome : null;
  return data({ meta: await pageMeta(params, "blog", `newsletter.${step}`), token, outcome }, { headers });
}

export async function newsletterStepAction(request: Request, params: Params, step: NewsletterStepName): Promise<never> {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const token = String((await readForm(request)).get("token") ?? "");
  throw await redirectWithFlash(localePath(locale, `/newsletter/${step}`), {
    kind: "newsletter",
    outcome: await STEPS[step](token),
  });
}

/** The loader and action of one step's page. */
function stepRoute(step: NewsletterStepName) {
  return {
    loader: ({ request, params }: LoaderFunctionArgs) => newsletterStepLoader(request, params, step),
    action: ({ request, params }: ActionFunctionArgs) => newsletterStepAction(request, params, step),
  };
}

export const { loader: confirmLoader, action: confirmAction } = stepRoute("confirm");
export const { loader: unsubscribeLoader, action: unsubscribeAction } = stepRoute("unsubscribe");
