/** The loader of the sign-in and sign-up pages: for visitors not signed in, their one-time notice and the social buttons. */
import { data } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { takeNotice } from "~/utils/flash.server";
import { pageMeta } from "~/utils/meta.server";
import { requireAnonymous } from "./guards.server";
import { configuredSocialProviders } from "./social-config.server";

export async function anonymousAuthPage(request: Request, params: Params, page: "signin" | "signup") {
  await requireAnonymous(request);
  const { notice, headers } = await takeNotice(request);
  return data(
    {
      meta: await pageMeta(params, "auth", `${page}.meta`),
      notice,
      socialProviders: configuredSocialProviders(),
    },
    { headers },
  );
}
