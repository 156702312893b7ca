/** Sign in: e-mail and password (the spec's messages in its order), remember me, social buttons. */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { anonymousAuthPage } from "~/auth/auth-page.server";
import { signInAction } from "~/auth/signin-action.server";
import { AuthCard, AuthLink, Notice } from "~/components/auth/auth-card";
import { SocialButtons } from "~/components/auth/social-buttons";
import { SignInForm } from "~/components/auth/signin-form";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return anonymousAuthPage(request, params, "signin");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return signInAction(request, isLocale(params.locale) ? params.locale : DEFAULT_LOCALE, "user");
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function SignInPage() {
  const { t, locale, loaderData } = usePage<typeof loader>("auth");
  const { notice, socialProviders } = loaderData;
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? undefined;

  return (
    <AuthCard title={t("signin.title")} subtitle={t("signin.subtitle")}>
      {notice ? <Notice tone={notice.tone}>{t(notice.key, notice.values)}</Notice> : null}
      {!notice && params.get("verified") === "1" ? <Notice>{t("verify.signInNow")}</Notice> : null}
      <SignInForm id="signin-form" submitLabel={t("signin.submit")} emailPlaceholder={t("fields.emailPlaceholder")} />
      <SocialButtons intent="signin" redirectTo={redirectTo} providers={socialProviders} />
      <AuthLink to={localePath(locale, "/signup")} label={t("signin.signUp")} prompt={t("signin.noAccount")} />
    </AuthCard>
  );
}
