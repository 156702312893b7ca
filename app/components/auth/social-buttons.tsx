/** Sign in with google, facebook or instagram: each button is a form post, so it works without JS. */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SOCIAL_PROVIDERS } from "~/auth/providers";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";


export function SocialButtons({ intent, redirectTo }: { intent: "signin" | "signup"; redirectTo?: string }) {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  return (
    <div className="mt-6">
      <p className="relative text-center text-xs uppercase tracking-wide text-slate-600">
        <span className="bg-white px-2">{t("social.or")}</span>
      </p>
      <div className="mt-4 grid gap-2">
        {SOCIAL_PROVIDERS.map((provider) => (
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
