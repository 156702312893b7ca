/**
 * Referrals (`/referrals`): the member's referral link (plain text, and a Copy button with
 * JavaScript), an invitation by e-mail (field `email`; each address once, at most 20 a day, and the
 * attempts rate-limited per member), and the referred friends with their status (signed up, in
 * review, qualified, bonus paid, expired, not eligible). The rules are in app/referrals/referrals.server.ts.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { invitationsSentToday, inviteFriend, referralCodeOf, referralLink, referredFriends } from "~/referrals/referrals.server";
import { MAX_INVITATIONS_PER_DAY, REFERRAL_WINDOW_DAYS, type ReferralDisplayStatus } from "~/referrals/rules";
import { requireSameOrigin } from "~/security/csrf.server";
import { consumeRateLimit, minutesToWait } from "~/security/rate-limit.server";
import { getSettings } from "~/settings/settings.server";
import { formatDate } from "~/utils/dates";
import { readForm } from "~/utils/form-data.server";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { useHydrated } from "~/utils/use-hydrated";

export const handle = { i18n: ["common", "app", "referrals"] };
export const clientLoader = withNamespaces(handle.i18n);

const InviteSchema = z.object({
  email: z
    .string({ required_error: "referrals:invite.emailInvalid" })
    .trim()
    .max(254, "referrals:invite.emailInvalid")
    .email("referrals:invite.emailInvalid"),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const code = await referralCodeOf(db(), user.id);
  const [friends, settings, sentToday] = await Promise.all([
    referredFriends(db(), user.id),
    getSettings(db()),
    invitationsSentToday(db(), user.id),
  ]);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      meta: await pageMeta(params, "referrals", "meta"),
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
      notice: flash?.kind === "notice" ? flash : null,
    },
    { headers },
  );
}

const OUTCOME_ERRORS = { already: "referrals:invite.already", limit: "referrals:invite.limit", self: "referrals:invite.self" } as const;

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const submission = parseWithZod(await readForm(request), { schema: InviteSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), minutes: null }, { status: 400 });
  const verdict = await consumeRateLimit(db(), "referralInvite", user.id);
  if (!verdict.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: ["common:errors.tooManyAttemptsMinutes"] }),
        minutes: minutesToWait(verdict.retryAfterSeconds),
      },
      { status: 429 },
    );
  }
  const email = submission.value.email;
  const outcome = await unitOfWork(db(), (tx) => inviteFriend(tx, { referrerId: user.id, email, locale, appUrl: env().appUrl }));
  if (outcome !== "sent") {
    return data(
      { result: submission.reply({ fieldErrors: { email: [OUTCOME_ERRORS[outcome]] } }), minutes: null },
      { status: outcome === "limit" ? 429 : 409 },
    );
  }
  throw redirect(localePath(locale, "/referrals"), {
    headers: { "Set-Cookie": await setFlash({ kind: "notice", key: "invite.sent", values: { email: email.toLowerCase() } }) },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const STATUS_STYLE: Record<ReferralDisplayStatus, string> = {
  signedUp: "bg-slate-100 text-slate-800",
  inReview: "bg-amber-50 text-amber-900",
  qualified: "bg-brand-50 text-brand-800",
  paid: "bg-brand-100 text-brand-900",
  reversed: "bg-amber-50 text-amber-900",
  expired: "bg-slate-100 text-slate-700",
  rejected: "bg-red-50 text-red-800",
};

export default function Referrals() {
  const { t } = useTranslation("referrals");
  const locale = usePageLocale();
  const { link, code, friends, terms, notice, invitationsLeft } = useLoaderData<typeof loader>();
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
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <LinkCard link={link} code={code} />
        <InviteCard left={invitationsLeft} />
      </div>
      <section className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5 sm:p-6" aria-labelledby="friends-title">
        <h2 id="friends-title" className="text-lg font-semibold">
          {t("friends.heading")}
        </h2>
        {friends.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("friends.empty")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200" data-testid="referred-friends">
            {friends.map((friend) => (
              <li
                key={friend.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid={`friend-${friend.status}`}
              >
                <div className="min-w-0">
                  <p className="break-words font-semibold text-slate-900">{friend.name}</p>
                  <p className="text-sm text-slate-600">
                    {t("friends.signedUp")}: {formatDate(friend.signedUpAt, locale)}
                    {friend.status === "signedUp" || friend.status === "inReview" ? (
                      <> · {t("friends.until", { date: formatDate(friend.windowEndsAt, locale) })}</>
                    ) : null}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  {friend.bonusCents !== null ? (
                    <span className="text-sm font-semibold tabular-nums text-brand-800">
                      <span className="sr-only">{t("friends.bonus")}: </span>+{formatMoney(friend.bonusCents, locale)}
                    </span>
                  ) : null}
                  <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_STYLE[friend.status]}`}>
                    {t(`statuses.${friend.status}`)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5 sm:p-6" aria-labelledby="how-title">
        <h2 id="how-title" className="text-lg font-semibold">
          {t("how.heading")}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6 text-sm text-slate-700">
          {(t("how.steps", { returnObjects: true }) as string[]).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function LinkCard({ link, code }: { link: string; code: string }) {
  const { t } = useTranslation("referrals");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-5 sm:p-6" aria-labelledby="link-title">
      <h2 id="link-title" className="text-lg font-semibold">
        {t("link.heading")}
      </h2>
      <p
        className="mt-3 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        data-testid="referral-link"
      >
        {link}
      </p>
      <p className="mt-2 text-sm text-slate-600">{t("link.code", { code })}</p>
      {hydrated && typeof navigator !== "undefined" && navigator.clipboard ? (
        <button
          type="button"
          className="btn-primary mt-3"
          onClick={() => {
            void navigator.clipboard.writeText(link).then(() => setCopied(true));
          }}
        >
          <span aria-live="polite">{copied ? t("link.copied") : t("link.copy")}</span>
        </button>
      ) : null}
      <p className="mt-3 text-sm text-slate-600">{t("link.hint")}</p>
    </section>
  );
}

function InviteCard({ left }: { left: number }) {
  const { t } = useTranslation("referrals");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "invite-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
  });
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-5 sm:p-6" aria-labelledby="invite-title">
      <h2 id="invite-title" className="text-lg font-semibold">
        {t("invite.heading")}
      </h2>
      <Form method="post" className="mt-3 space-y-1" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.minutes ?? 1 }} />
        <Field
          labelProps={{ children: t("invite.email") }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          errors={fields.email.errors}
          hint={t("invite.hint", { max: MAX_INVITATIONS_PER_DAY, left })}
        />
        <SubmitButton className="btn-primary" pendingLabel={t("invite.sending")}>
          {t("invite.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
