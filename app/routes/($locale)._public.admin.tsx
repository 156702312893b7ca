/**
 * Admin sign-in, separate from user sign-in: only the admin role gets in; anyone else gets the
 * same generic failure as a wrong password. Then /admin/dashboard.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { getOptionalUser } from "~/auth/guards.server";
import { signInAction } from "~/auth/signin-action.server";
import { AuthCard } from "~/components/auth/auth-card";
import { SignInForm } from "~/components/auth/signin-form";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const user = await getOptionalUser(request);
  if (user?.role === "admin") throw redirect(localePath(locale, "/admin/dashboard"));
  return { meta: await pageMeta(params, "auth", "admin.meta") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return signInAction(request, isLocale(params.locale) ? params.locale : DEFAULT_LOCALE, "admin");
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminSignInPage() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("admin.title")} subtitle={t("admin.subtitle")}>
      <SignInForm id="admin-signin-form" submitLabel={t("admin.submit")} />
    </AuthCard>
  );
}
