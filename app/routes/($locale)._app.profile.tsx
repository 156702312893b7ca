/**
 * My Profile: initial-letter avatar, member since, Total Earned, Purchases and Member Level from
 * the ledger, the verified badge (only what is true), personal information with Edit/Save (a page
 * state in the URL, so it works without JavaScript), achievements with progress.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireRecentAuth, requireUser } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { Field, FormErrors, SubmitButton, codeInputClass, fileInputClass, inputClass } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { hasAvatar } from "~/users/avatar.server";
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from "~/users/email-change.server";
import { EmailSchema } from "~/users/validation";
import { env } from "~/config/env.server";
import { outboxMailer } from "~/jobs/outbox.server";
import { consumeRateLimits, minutesToWait } from "~/security/rate-limit.server";
import { ErrorList } from "~/components/forms";
import { ProfileSchema, profileFigures, updateProfile } from "~/users/profile.server";
import { formatDate } from "~/utils/dates";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { readForm } from "~/utils/form-data.server";
import { PlanSummaryLine } from "~/components/app/plan-summary";
import { planSummary } from "~/plans/subscriptions.server";

export const handle = { i18n: ["common", "app", "plans"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      meta: await pageMeta(params, "app", "profile.meta"),
      notice: flash?.kind === "notice" ? flash : null,
      profile: await profileFigures(db(), user.id),
      avatarVersion: await hasAvatar(db(), user.id),
      pendingEmail: await pendingEmailChange(db(), user.id),
      plan: await planSummary(db(), user.id),
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, session } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const intent = formData.get("intent");
  // Changing the sign-in address is sensitive: prove who is there first (within 10 minutes).
  if (intent === "email-request" || intent === "email-confirm") requireRecentAuth(request, session, localePath(locale, "/profile"));
  const back = async (key: string) =>
    redirect(localePath(locale, "/profile"), { headers: { "Set-Cookie": await setFlash({ kind: "notice", key }) } });
  if (intent === "email-request") {
    const parsed = EmailSchema.safeParse(formData.get("newEmail") ?? "");
    if (!parsed.success)
      return data(
        { result: undefined, email: { error: parsed.error.issues[0]!.message, typed: String(formData.get("newEmail") ?? "") } },
        { status: 400 },
      );
    const verdict = await consumeRateLimits(db(), [["resendAccount", `email-change:${user.id}`]]);
    if (!verdict.allowed) {
      return data(
        {
          result: undefined,
          email: { error: "common:errors.tooManyAttemptsMinutes", typed: parsed.data, minutes: minutesToWait(verdict.retryAfterSeconds) },
        },
        { status: 429 },
      );
    }
    await requestEmailChange(
      db(),
      { userId: user.id, newEmail: parsed.data },
      { mailer: outboxMailer(db()), secret: env().sessionSecrets[0]! },
    );
    throw await back("profile.emailChange.sent");
  }
  if (intent === "email-confirm") {
    const code = String(formData.get("code") ?? "").trim();
    if (!/^\d{6}$/.test(code)) return data({ result: undefined, email: { error: "validation.invalidOtp", typed: "" } }, { status: 400 });
    const verdict = await consumeRateLimits(db(), [["codeAccount", `email-change:${user.id}`]]);
    if (!verdict.allowed)
      return data(
        {
          result: undefined,
          email: { error: "common:errors.tooManyAttemptsMinutes", typed: "", minutes: minutesToWait(verdict.retryAfterSeconds) },
        },
        { status: 429 },
      );
    const outcome = await confirmEmailChange(
      db(),
      { userId: user.id, code, keepSessionId: session.id },
      { mailer: outboxMailer(db()), secrets: env().sessionSecrets },
    );
    if (outcome === "changed") throw await back("profile.emailChange.changed");
    const errors = {
      invalid: "auth:verify.failed",
      none: "auth:verify.failed",
      expired: "auth:verify.expired",
      locked: "auth:verify.locked",
      taken: "auth:verify.failed",
    } as const;
    return data({ result: undefined, email: { error: errors[outcome], typed: "" } }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), email: null }, { status: 400 });
  await updateProfile(db(), user.id, submission.value);
  throw redirect(localePath(locale, "/profile"), { headers: { "Set-Cookie": await setFlash({ kind: "notice", key: "profile.saved" }) } });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function ProfilePage() {
  const { t } = useTranslation("app");
  const locale = usePageLocale();
  const [searchParams] = useSearchParams();
  const { profile, notice, avatarVersion, pendingEmail, plan } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const editing = searchParams.get("edit") === "1" || actionData?.result !== undefined;
  const emailState = actionData?.email ?? null;
  const { user } = profile;
  const [form, fields] = useForm<{ name: string; phone: string; location: string }>({
    id: "profile-form",
    lastResult: actionData?.result,
    defaultValue: { name: user.name, phone: user.phone ?? "", location: user.location ?? "" },
    shouldValidate: "onSubmit",
  });

  return (
    <div className="container-page max-w-4xl space-y-6 py-8">
      {notice ? <Notice>{t(notice.key)}</Notice> : null}
      <section className="rounded-2xl border border-slate-200 bg-surface p-6" data-testid="profile-card">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          {avatarVersion ? (
            <img
              src={`${localePath(locale, "/profile/avatar")}?v=${encodeURIComponent(avatarVersion)}`}
              alt={t("profile.avatar.alt")}
              className="h-24 w-24 shrink-0 rounded-full object-cover"
              data-testid="avatar-image"
            />
          ) : (
            <span
              className="grid h-24 w-24 shrink-0 place-items-center rounded-full bg-accent text-4xl font-bold text-white"
              aria-hidden="true"
              data-testid="avatar-initial"
            >
              {user.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="min-w-0 flex-1 space-y-1">
            <h1 className="text-2xl font-bold" data-testid="profile-name">
              {user.name}
            </h1>
            <p className="text-sm text-slate-600" data-testid="member-since">
              {t("profile.memberSince", { date: formatDate(user.createdAt, locale) })}
            </p>
            <PlanSummaryLine summary={plan} />
            {user.emailVerifiedAt ? (
              <p
                className="!mt-2 inline-block rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-900"
                data-testid="verified-badge"
              >
                {t("profile.verified")} · {t("profile.emailVerified")}
              </p>
            ) : null}
            <Form
              method="post"
              action={localePath(locale, "/profile/avatar")}
              encType="multipart/form-data"
              reloadDocument
              className="!mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4"
              data-testid="avatar-form"
            >
              <label htmlFor="avatar-file" className="w-full text-sm font-medium text-slate-800">
                {t("profile.avatar.choose")}
              </label>
              <input
                id="avatar-file"
                type="file"
                name="avatar"
                accept="image/png,image/jpeg,image/webp"
                className={`${fileInputClass} w-full min-w-0 sm:w-auto sm:max-w-sm sm:flex-1`}
              />
              <button type="submit" name="intent" value="upload" className="btn-secondary">
                {t("profile.avatar.upload")}
              </button>
              {avatarVersion ? (
                <button type="submit" name="intent" value="remove" className="btn px-2 text-slate-600 underline hover:text-slate-900">
                  {t("profile.avatar.remove")}
                </button>
              ) : null}
            </Form>
          </div>
        </div>
        <dl className="mt-6 grid grid-cols-3 gap-4 border-t border-slate-100 pt-5 text-center">
          <div data-testid="profile-earned">
            <dt className="text-xs text-slate-600">{t("profile.totalEarned")}</dt>
            <dd className="text-lg font-bold tabular-nums">{formatMoney(profile.earnedCents, locale)}</dd>
          </div>
          <div data-testid="profile-purchases">
            <dt className="text-xs text-slate-600">{t("profile.purchases")}</dt>
            <dd className="text-lg font-bold tabular-nums">{profile.purchases}</dd>
          </div>
          <div data-testid="profile-level">
            <dt className="text-xs text-slate-600">{t("profile.memberLevel")}</dt>
            <dd className="text-lg font-bold">{t(`profile.levels.${profile.level}`)}</dd>
          </div>
        </dl>
      </section>

      <section className="rounded-2xl border border-slate-200 bg-surface p-6" aria-labelledby="personal-title">
        <div className="flex items-center justify-between">
          <h2 id="personal-title" className="text-lg font-semibold">
            {t("profile.personal")}
          </h2>
          {!editing ? (
            <Link to="?edit=1" className="btn-secondary" preventScrollReset>
              {t("profile.edit")}
            </Link>
          ) : null}
        </div>
        {editing ? (
          <Form method="post" className="mt-4" {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field
              labelProps={{ children: t("profile.fullName") }}
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
              errors={fields.name.errors}
            />
            <Field
              labelProps={{ children: t("profile.phone") }}
              inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
              errors={fields.phone.errors}
            />
            <Field
              labelProps={{ children: t("profile.location") }}
              inputProps={{ ...getInputProps(fields.location, { type: "text" }), autoComplete: "address-level2" }}
              errors={fields.location.errors}
            />
            <div className="flex gap-2">
              <SubmitButton>{t("profile.save")}</SubmitButton>
              <Link to={localePath(locale, "/profile")} className="btn-secondary">
                {t("profile.cancel")}
              </Link>
            </div>
          </Form>
        ) : (
          <dl className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="personal-info">
            {(
              [
                ["fullName", user.name],
                ["email", user.email],
                ["phone", user.phone ?? "—"],
                ["location", user.location ?? "—"],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="min-w-0">
                <dt className="text-xs text-slate-600">{t(`profile.${key}`)}</dt>
                <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section className="rounded-2xl border border-slate-200 bg-surface p-6" aria-labelledby="email-title">
        <h2 id="email-title" className="text-lg font-semibold">
          {t("profile.emailChange.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("profile.emailChange.current", { email: user.email })}</p>
        {pendingEmail ? (
          <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-2">
            <label className="text-sm">
              <span className="mb-1 block font-medium">{t("profile.emailChange.code", { email: pendingEmail })}</span>
              <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className={codeInputClass} />
            </label>
            <button type="submit" name="intent" value="email-confirm" className="btn-primary">
              {t("profile.emailChange.confirm")}
            </button>
          </Form>
        ) : null}
        <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t("profile.emailChange.newEmail")}</span>
            <input
              name="newEmail"
              type="email"
              autoComplete="email"
              defaultValue={emailState?.typed ?? ""}
              className={`${inputClass} !w-72 max-w-full`}
            />
          </label>
          <button type="submit" name="intent" value="email-request" className="btn-secondary">
            {t("profile.emailChange.send")}
          </button>
        </Form>
        {emailState?.error ? <ErrorList errors={[emailState.error]} /> : null}
      </section>

      <section className="rounded-2xl border border-slate-200 bg-surface p-6" aria-labelledby="achievements-title">
        <h2 id="achievements-title" className="text-lg font-semibold">
          {t("profile.achievements")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {profile.achievements.map((achievement) => (
            <li
              key={achievement.id}
              className="rounded-xl border border-slate-200 p-4"
              data-testid={`achievement-${achievement.id}`}
              data-done={achievement.done ? "true" : "false"}
            >
              <p className="font-semibold">{t(`profile.achievementNames.${achievement.id}`)}</p>
              <p className="text-xs text-slate-600">
                {achievement.done ? t("profile.completed") : t("profile.inProgress", { percent: Math.round(achievement.progress * 100) })}
              </p>
              <div className="mt-2 h-2 rounded-full bg-slate-100" aria-hidden="true">
                <div className={`h-2 rounded-full bg-accent ${widthClass(achievement.progress)}`} />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Progress bars without inline styles (the CSP allows none): tenths of the width. */
function widthClass(progress: number): string {
  const classes = ["w-0", "w-[10%]", "w-[20%]", "w-[30%]", "w-[40%]", "w-[50%]", "w-[60%]", "w-[70%]", "w-[80%]", "w-[90%]", "w-full"];
  return classes[Math.round(progress * 10)]!;
}
