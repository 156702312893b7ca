/**
 * An admin's own recovery codes (`/admin/recovery-codes`): how many are left, and new ones (they
 * replace all the old ones) after a recent re-authentication, shown once in the answer with
 * Download and Print. Linked from the admin's own account page, where the reset is not offered.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { CardPage } from "~/components/admin/page-heading";
import { requireAdmin, requireRecentAuth, requireAdminForm } from "~/auth/guards.server";
import { recoveryCodesLeft } from "~/auth/recovery-codes.server";
import { postTwoFactorForm } from "~/auth/two-factor-form.server";
import { RecoveryCodesList } from "~/components/app/recovery-codes";
import { Notice } from "~/components/auth/auth-card";
import { ErrorList, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { type Locale } from "~/i18n/config";
import { formIntent } from "~/utils/http.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin", "app"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  return {
    meta: await pageMeta(params, "admin", "recoveryCodes.meta"),
    email: user.email,
    left: await recoveryCodesLeft(db(), user.id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireAdminForm(request, params);
  const { locale, formData } = signedIn;
  // The page's one form: new recovery codes.
  switch (formIntent(formData, ["recovery-regenerate"])) {
    case "recovery-regenerate":
      return regenerate(request, signedIn, locale);
    case null:
      return data({ error: "admin:twoFactor.unknown" }, { status: 400 });
  }
}

async function regenerate(request: Request, signedIn: Awaited<ReturnType<typeof requireAdmin>>, locale: Locale) {
  // New codes replace the old ones: only after proving again who one is.
  requireRecentAuth(request, signedIn.session, localePath(locale, "/admin/recovery-codes"));
  const result = await postTwoFactorForm(request, signedIn, "recovery-regenerate", null);
  if (result?.outcome !== "regenerated") return data({ error: "app:settings.recoveryCodes.notOn" }, { status: 400 });
  return data({ recoveryCodes: result.recoveryCodes });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminRecoveryCodes() {
  const { t, loaderData, actionData } = usePage<typeof loader, typeof action>("admin");
  const { email, left } = loaderData;
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  return (
    <CardPage
      title={t("recoveryCodes.title")}
      intro={t("recoveryCodes.intro")}
      notice={recoveryCodes ? <Notice>{t("app:settings.recoveryCodes.regenerated")}</Notice> : null}
    >
      <p className="text-sm text-slate-700" data-testid="recovery-codes-left">
        {t("app:settings.recoveryCodes.left", { count: left })}
      </p>
      {recoveryCodes ? <RecoveryCodesList codes={recoveryCodes} email={email} /> : null}
      <Form method="post" className="mt-4">
        <p className="text-sm text-slate-600">{t("app:settings.recoveryCodes.regenerateHint")}</p>
        <SubmitButton intent="recovery-regenerate" className="btn-secondary mt-3">
          {t("app:settings.recoveryCodes.regenerate")}
        </SubmitButton>
      </Form>
      {actionData && "error" in actionData ? <ErrorList errors={[actionData.error]} /> : null}
    </CardPage>
  );
}
