import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { pageMeta } from "~/utils/meta.server";
import type { UpcomingSection } from "./coming-section";

/** The loader of an upcoming section: the guard, then its translated title. */
export function comingSectionLoader(section: UpcomingSection) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requireUser(request);
    return { meta: await pageMeta(params, "app", `sections.${section}`) };
  };
}
