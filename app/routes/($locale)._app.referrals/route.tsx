/**
 * Referrals (`/referrals`): the member's referral link (plain text, and a Copy button with
 * JavaScript), an invitation by e-mail (field `email`; each address once, at most 20 a day, and the
 * attempts rate-limited per member), and the referred friends with their status (signed up, in
 * review, qualified, bonus paid, expired, not eligible). The rules are in app/referrals/referrals.server.ts;
 * the invitation's handler in `actions.server.ts`, the page's parts beside this module.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { type useLoaderData } from "@remix-run/react";
import { requireUser, requireUserForm } from "~/auth/guards.server";
import { FlashNotice } from "~/components/flash-notice";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { invitationsSentToday, referralCodeOf, referralLink, referredFriends } from "~/referrals/referrals.server";
import { MAX_INVITATIONS_PER_DAY, REFERRAL_WINDOW_DAYS } from "~/referrals/rules";
import { getSettings } from "~/settings/settings.server";
import { metaFromLoader } from "~/utils/meta";
import { formatMoney } from "~/utils/money";
import * as handlers from "./actions.server";
import { FriendsList } from "./friends-list";
import { InviteCard } from "./invite-card";
import { InviteSchema } from "./invite-schema";
import { LinkCard } from "./link-card";
import { Panel } from "~/components/app/panel";
import { pageWithNotice } from "~/utils/http.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "app", "referrals"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const code = await referralCodeOf(db(), user.id);
  const [friends, settings, sentToday] = await Promise.all([
    referredFriends(db(), user.id),
    getSettings(db()),
    invitationsSentToday(db(), user.id),
  ]);
  return pageWithNotice(request, params, ["referrals", "meta"], {
    code,
    link: referralLink(env().appUrl, code),
    friends,
    terms: {
      qualifyingCents: settings.referralQualifyingCents,
      referrerCents: settings.referralBonusReferrerCents,
      friendCents: settings.referralBonusFriendCents,
      days: REFERRAL_WINDOW_DAYS,
    },
    invitationsLeft: Math.max(0, MAX_INVITATIONS_PER_DAY - sentToday),
  });
}

/** The page's one form: an invitation (it sends no intent). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, locale, formData } = await requireUserForm(request, params);
  const submission = parseWithZod(formData, { schema: InviteSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), minutes: null }, { status: 400 });
  return handlers.invite(user.id, locale, submission.value.email, (options) => submission.reply(options));
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export type ReferralsData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Referrals() {
  const { t, locale, loaderData } = usePage<typeof loader>("referrals");
  const { link, code, friends, terms, notice, invitationsLeft } = loaderData;
  return (
    <div className="container-page max-w-4xl py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        {t("intro", {
          qualifying: formatMoney(terms.qualifyingCents, locale),
          days: terms.days,
          referrer: formatMoney(terms.referrerCents, locale),
          friend: formatMoney(terms.friendCents, locale),
        })}
      </p>
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <LinkCard link={link} code={code} />
        <InviteCard left={invitationsLeft} />
      </div>
      <FriendsList friends={friends} />
      <Panel id="how-title" title={t("how.heading")}>
        <ol className="mt-3 list-decimal space-y-1 pl-6 text-sm text-slate-700">
          {(t("how.steps", { returnObjects: true }) as string[]).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}
