/** The profile card: avatar (upload or remove), name, member since, plan, verified badge and the ledger's figures. */
import { Form } from "@remix-run/react";
import { StatCards } from "~/components/app/panel";
import { PlanSummaryLine } from "~/components/app/plan-summary";
import { SubmitButton, fileInputClass } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import type { ProfileData } from "./route";

export function ProfileCard({ profile, avatarVersion, plan }: Pick<ProfileData, "profile" | "avatarVersion" | "plan">) {
  const { t } = useTranslation("app");
  const locale = usePageLocale();
  const { user } = profile;
  return (
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
            <SubmitButton intent="upload" className="btn-secondary">
              {t("profile.avatar.upload")}
            </SubmitButton>
            {avatarVersion ? (
              <SubmitButton intent="remove" className="btn px-2 text-slate-600 underline hover:text-slate-900">
                {t("profile.avatar.remove")}
              </SubmitButton>
            ) : null}
          </Form>
        </div>
      </div>
      <StatCards
        stats={[
          { key: "earned", label: t("profile.totalEarned"), value: formatMoney(profile.earnedCents, locale) },
          { key: "purchases", label: t("profile.purchases"), value: String(profile.purchases) },
          { key: "level", label: t("profile.memberLevel"), value: t(`profile.levels.${profile.level}`) },
        ].map((stat) => ({ ...stat, testId: `profile-${stat.key}` }))}
        className="mt-6 grid grid-cols-3 gap-4 border-t border-slate-100 pt-5 text-center"
        cardClassName=""
        labelClassName="text-xs text-slate-600"
        valueClassName="text-lg font-bold tabular-nums"
      />
    </section>
  );
}
