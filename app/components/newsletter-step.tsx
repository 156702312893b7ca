/** The confirm/unsubscribe pages: a button that does it (a POST, so link scanners change nothing), then the outcome. */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { SubmitButton } from "~/components/submit-button";

export function NewsletterStep({
  step,
  token,
  outcome,
}: {
  step: "confirm" | "unsubscribe";
  token: string | null;
  outcome: "confirmed" | "unsubscribed" | "invalidLink" | null;
}) {
  const { t } = useTranslation("blog");
  const locale = usePageLocale();
  return (
    <section className="container-page max-w-xl py-20 text-center" aria-labelledby="newsletter-step-title">
      {outcome ? (
        <>
          <h1 id="newsletter-step-title" className="text-3xl font-bold tracking-tight">
            {t(`newsletter.outcomes.${outcome}.title`)}
          </h1>
          <p className="mt-4 text-slate-600" role="status">
            {t(`newsletter.outcomes.${outcome}.text`)}
          </p>
        </>
      ) : token ? (
        <>
          <h1 id="newsletter-step-title" className="text-3xl font-bold tracking-tight">
            {t(`newsletter.${step}.title`)}
          </h1>
          <p className="mt-4 text-slate-600">{t(`newsletter.${step}.text`)}</p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="token" value={token} />
            <SubmitButton>{t(`newsletter.${step}.button`)}</SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <h1 id="newsletter-step-title" className="text-3xl font-bold tracking-tight">
            {t("newsletter.outcomes.invalidLink.title")}
          </h1>
          <p className="mt-4 text-slate-600">{t("newsletter.outcomes.invalidLink.text")}</p>
        </>
      )}
      <Link to={localePath(locale, "/blog")} className="btn-secondary mt-8">
        {t("back")}
      </Link>
    </section>
  );
}
