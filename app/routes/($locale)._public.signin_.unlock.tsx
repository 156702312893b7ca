/**
 * The e-mailed unlock link (`/:locale/signin/unlock?u=…&t=…`): after strangers spent an account's
 * sign-in throttle, its owner opens the link and presses the button (a form post, so a mail
 * scanner following the link unlocks nothing); the link is used once and this browser is then a
 * known device for the account, which the account's throttle lets through.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { redeemUnlockLink } from "~/auth/accounts.server";
import { accountContext } from "~/auth/context.server";
import { rememberDevice } from "~/security/known-device.server";
import { AuthCard } from "~/components/auth/auth-card";
import { FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { consumeRateLimits } from "~/security/rate-limit.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  return {
    meta: await pageMeta(params, "auth", "unlock.meta"),
    userId: (search.get("u") ?? "").slice(0, 64),
    token: (search.get("t") ?? "").slice(0, 128),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const form = await readForm(request);
  const userId = String(form.get("u") ?? "").slice(0, 64);
  const token = String(form.get("t") ?? "").slice(0, 128);
  const verdict = await consumeRateLimits(db(), [["codeIp", clientAddress(request)]]);
  if (!verdict.allowed) return data({ error: "common:errors.tooManyRequests.text" }, { status: 429 });
  const email = userId && token ? await redeemUnlockLink(db(), { userId, token }, accountContext()) : null;
  if (!email) return data({ error: "auth:unlock.invalid" }, { status: 400 });
  throw await redirectWithFlash(
    localePath(locale, "/signin"),
    { kind: "notice", key: "unlock.done" },
    { "Set-Cookie": await rememberDevice(request, email) },
  );
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function UnlockSignIn() {
  const { t, loaderData, actionData } = usePage<typeof loader, typeof action>("auth");
  const { userId, token } = loaderData;
  return (
    <AuthCard title={t("unlock.title")} subtitle={t("unlock.text")}>
      <Form method="post">
        <input type="hidden" name="u" value={userId} />
        <input type="hidden" name="t" value={token} />
        <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
        <SubmitButton className="btn-primary mt-2 w-full">{t("unlock.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
