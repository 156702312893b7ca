/**
 * The root route's loader (read in components through useRootData, utils/root-data.ts): the cookie
 * choice, the signed-in user's theme and role, the site's contact details, the server's clock and
 * the public base URL. Its own module so the browser bundle gets one empty stand-in for the root's
 * server code, not one per server module.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSignedIn } from "~/auth/guards.server";
import { env } from "~/config/env.server";
import { readConsent } from "~/privacy/consent.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const config = env();
  const consent = await readConsent(request);
  const signedIn = await getSignedIn(request);
  return {
    consent: consent ? { analytics: consent.analytics, marketing: consent.marketing } : null,
    /** The signed-in user's theme, rendered by the server: no flash of the wrong one. */
    theme: signedIn?.user.theme ?? "system",
    /** Who is signed in, for the public header (their way back to the dashboard); nothing secret. */
    viewer: signedIn ? { role: signedIn.user.role } : null,
    site: {
      supportEmail: config.supportEmail,
      supportPhone: config.supportPhone,
      companyAddress: config.companyAddress,
      company: config.company,
    },
    year: new Date().getUTCFullYear(),
    /** The server's clock, so relative times render the same on the server and in hydration. */
    now: new Date().toISOString(),
    /** The public base URL, for canonical and hreflang links. */
    appUrl: config.appUrl.origin,
  };
}
