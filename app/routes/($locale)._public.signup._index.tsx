/** Sign up: name, e-mail, password twice, terms → a code by e-mail → /verify-email. */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { anonymousAuthPage } from "~/auth/auth-page.server";
import { signUpAction } from "~/auth/signup-action.server";
import { AuthCard, AuthLink, Notice } from "~/components/auth/auth-card";
import { SignUpForm } from "~/components/auth/signup-form";
import { SocialButtons } from "~/components/auth/social-buttons";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return anonymousAuthPage(request, params, "signup");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return signUpAction(request, isLocale(params.locale) ? params.locale : DEFAULT_LOCALE, false);
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function SignUpPage() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("auth");
  const { notice, socialProviders } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title={t("signup.title")} subtitle={t("signup.subtitle")}>
      {notice ? <Notice tone={notice.tone ?? "info"}>{t(notice.key, notice.values)}</Notice> : null}
      <SignUpForm lastResult={actionData?.result} wait={actionData?.wait} />
      <SocialButtons intent="signup" redirectTo={searchParams.get("redirectTo") ?? undefined} providers={socialProviders} />
      <AuthLink to={localePath(locale, "/signin")} label={t("signup.signIn")} prompt={t("signup.haveAccount")} />
      <AuthLink
        to={localePath(locale, "/signup/partner")}
        label={t("signup.partnerLink")}
        className="mt-2 text-center text-sm text-slate-600"
      />
    </AuthCard>
  );
}
