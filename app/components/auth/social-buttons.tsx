/**
 * Sign in with google, facebook or instagram: each button is a form post, so it works without JS.
 * Only the providers given (the configured ones, from the page's loader) get a button; none, no block.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { SocialProvider } from "~/auth/providers";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { SubmitButton } from "~/components/submit-button";

export function SocialButtons({
  intent,
  redirectTo,
  providers,
  divider = true,
}: {
  intent: "signin" | "signup";
  redirectTo?: string;
  /** The configured providers (re-authentication offers the configured ones linked to the account). */
  providers: readonly SocialProvider[];
  divider?: boolean;
}) {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  if (providers.length === 0) return null;
  return (
    <div className={divider ? "mt-6" : undefined}>
      {divider ? (
        <p className="relative text-center text-xs uppercase tracking-wide text-slate-600">
          <span className="bg-surface px-2">{t("social.or")}</span>
        </p>
      ) : null}
      <div className={divider ? "mt-4 grid gap-2" : "grid gap-2"}>
        {providers.map((provider) => (
          <Form key={provider} method="post" action={localePath(locale, `/auth/${provider}`)} reloadDocument>
            <input type="hidden" name="intent" value={intent} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <SubmitButton className="btn-secondary w-full">{t(`social.${provider}`)}</SubmitButton>
          </Form>
        ))}
      </div>
    </div>
  );
}
