/** Sign in with google, facebook or instagram: each button is a form post, so it works without JS. */
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SOCIAL_PROVIDERS, type SocialProvider } from "~/auth/providers";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

export function SocialButtons({
  intent,
  redirectTo,
  providers = SOCIAL_PROVIDERS,
  divider = true,
}: {
  intent: "signin" | "signup";
  redirectTo?: string;
  /** Only these providers (re-authentication offers the ones linked to the account). */
  providers?: readonly SocialProvider[];
  divider?: boolean;
}) {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
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
            <button type="submit" className="btn-secondary w-full">
              {t(`social.${provider}`)}
            </button>
          </Form>
        ))}
      </div>
    </div>
  );
}
