/**
 * Logout: GET shows a confirmation (the page a no-JS browser gets instead of the dialog), POST
 * ends the session on the server and clears the cookie.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { getOptionalUser } from "~/auth/guards.server";
import { endSession } from "~/auth/session.server";
import { AuthCard } from "~/components/auth/auth-card";
import { PublicFrame } from "~/components/layout/public-frame";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";
import { SubmitButton } from "~/components/submit-button";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const user = await getOptionalUser(request);
  if (!user) throw redirect(localePath(locale, "/signin"));
  return { meta: await pageMeta(params, "auth", "logout.meta"), home: user.role === "admin" ? "/admin/dashboard" : "/dashboard" };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  throw await redirectWithFlash(
    localePath(locale, "/signin"),
    { kind: "notice", key: "logout.done" },
    { "Set-Cookie": await endSession(db(), request) },
  );
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function LogoutPage() {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  return (
    <PublicFrame>
      <AuthCard title={t("logout.title")} subtitle={t("logout.text")}>
        <Form method="post">
          <SubmitButton className="btn-primary w-full">{t("logout.confirm")}</SubmitButton>
        </Form>
        <Link to={localePath(locale, "/dashboard")} className="btn-secondary mt-3 w-full">
          {t("logout.cancel")}
        </Link>
      </AuthCard>
    </PublicFrame>
  );
}
