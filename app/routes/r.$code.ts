/**
 * A referral link (`/r/:code`): remembers the referrer's code in a cookie for 30 days and lands on
 * sign-up in the visitor's language. An unknown code lands on sign-up too, remembering nothing.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { detectLocale } from "~/i18n/locale.server";
import { rememberReferral } from "~/referrals/cookie.server";
import { referrerByCode } from "~/referrals/referrals.server";
import { withSecurityHeaders } from "~/security/headers.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = await detectLocale(request);
  const code = (params.code ?? "").slice(0, 64);
  const referrer = await referrerByCode(db(), code);
  const headers = new Headers(withSecurityHeaders());
  headers.set("Cache-Control", "no-store");
  if (referrer) headers.append("Set-Cookie", await rememberReferral(code));
  throw redirect(`/${locale}/signup`, { headers });
}
