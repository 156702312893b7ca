/**
 * The home page's server side (routes/($locale)._public._index.tsx): its data (meta, the
 * directory's facts, whether the announcement shows) and its one action, dismissing the
 * announcement. Its own module so the browser bundle gets one empty stand-in for the page's
 * server code, not one per server module.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { dismissAnnouncementCookie, isAnnouncementDismissed } from "~/home/announcement.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { loyaltyRules } from "~/loyalty/points.server";
import { LOYALTY_LEVELS } from "~/loyalty/rules";
import { readConsent } from "~/privacy/consent.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { directoryFacts } from "~/stores/stores.server";
import { readForm } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export async function loader({ request, params }: LoaderFunctionArgs) {
  // The announcement waits for the cookie choice: a first visit's screen holds one bar, not two.
  const consented = (await readConsent(request)) !== null;
  const rules = await loyaltyRules(db());
  return {
    meta: await pageMeta(params, "home", "meta"),
    showBanner: consented && !(await isAnnouncementDismissed(request)),
    facts: await directoryFacts(db()),
    // The loyalty block: the levels as the admin set them (threshold and success fee), what confirmed
    // cashback earns and what a redemption step is worth.
    loyalty: {
      levels: LOYALTY_LEVELS.map((level) => ({ level, points: rules.thresholds[level], feeBps: rules.feeBps[level] })),
      perDollar: rules.cashbackPointsPerDollar,
      months: rules.levelWindowMonths,
      stepPoints: rules.redeemStepPoints,
      stepCents: rules.redeemStepCents,
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  if (formData.get("intent") !== "dismiss-banner") return data({ ok: false }, { status: 400 });
  throw redirect(localePath(locale), {
    headers: { "Set-Cookie": await dismissAnnouncementCookie() },
  });
}
