/**
 * My Profile: initial-letter avatar, member since, Total Earned, Purchases and Member Level from
 * the ledger, the verified badge (only what is true), personal information with Edit/Save (a page
 * state in the URL, so it works without JavaScript), achievements with progress. The actions'
 * handlers are in `actions.server.ts`, the page's sections beside this module.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser, requireUserForm } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { hasAvatar } from "~/users/avatar.server";
import { pendingEmailChange } from "~/users/email-change.server";
import { profileFigures } from "~/users/profile.server";
import { metaFromLoader } from "~/utils/meta";
import { formIntent, pageWithNotice } from "~/utils/http.server";
import { planSummary } from "~/plans/subscriptions.server";
import * as handlers from "./actions.server";
import { Achievements } from "./achievements";
import { EmailChange } from "./email-change";
import { PersonalInfo } from "./personal-info";
import { ProfileCard } from "./profile-card";

export const handle = { i18n: ["common", "app", "plans"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return pageWithNotice(request, params, ["app", "profile.meta"], {
    profile: await profileFigures(db(), user.id),
    avatarVersion: await hasAvatar(db(), user.id),
    pendingEmail: await pendingEmailChange(db(), user.id),
    plan: await planSummary(db(), user.id),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await requireUserForm(request, params);
  const ctx: handlers.ProfileAction = { ...form, userId: form.user.id };
  switch (formIntent(form.formData, handlers.PROFILE_INTENTS, "save")) {
    case "email-request":
      return handlers.requestEmail(ctx);
    case "email-confirm":
      return handlers.confirmEmail(ctx);
    case "save":
      return handlers.saveProfile(ctx);
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export type ProfileData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ProfilePage() {
  const { t } = useTranslation("app");
  const { profile, notice, avatarVersion, pendingEmail, plan } = useLoaderData<typeof loader>();
  return (
    <div className="container-page max-w-4xl space-y-6 py-8">
      {notice ? <Notice>{t(notice.key)}</Notice> : null}
      <ProfileCard profile={profile} avatarVersion={avatarVersion} plan={plan} />
      <PersonalInfo user={profile.user} />
      <EmailChange email={profile.user.email} pendingEmail={pendingEmail} />
      <Achievements achievements={profile.achievements} />
    </div>
  );
}
