/** Partner sign-up: the sign-up form plus phone and a partner plan → a partner account. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAnonymous } from "~/auth/guards.server";
import { signUpAction } from "~/auth/signup-action.server";
import { AuthCard, AuthLink } from "~/components/auth/auth-card";
import { SignUpForm } from "~/components/auth/signup-form";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { listActivePlans } from "~/plans/plans.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const plans = await listActivePlans(db(), "partner");
  const chosen = new URL(request.url).searchParams.get("plan");
  return {
    meta: await pageMeta(params, "auth", "signup.partnerMeta"),
    plans: plans.map(({ code, name, priceCents, durationDays }) => ({ code, name, priceCents, durationDays })),
    defaultPlan: plans.some((plan) => plan.code === chosen) ? chosen! : undefined,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return signUpAction(request, isLocale(params.locale) ? params.locale : DEFAULT_LOCALE, true);
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function PartnerSignUpPage() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("auth");
  const { plans, defaultPlan } = loaderData;
  return (
    <AuthCard title={t("signup.partnerTitle")} subtitle={t("signup.partnerSubtitle")}>
      <SignUpForm partnerPlans={plans} defaultPlan={defaultPlan} lastResult={actionData?.result} wait={actionData?.wait} />
      <AuthLink to={localePath(locale, "/signin")} label={t("signup.signIn")} prompt={t("signup.haveAccount")} />
    </AuthCard>
  );
}
