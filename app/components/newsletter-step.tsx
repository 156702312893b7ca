/**
 * The confirm/unsubscribe pages: a button that does it (a POST, so link scanners change nothing),
 * then the outcome; and the route exports both pages share (handle, meta).
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { withNamespaces } from "~/i18n/client-loader";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { SubmitButton } from "~/components/submit-button";
import { metaFromLoader } from "~/utils/meta";
import type { NewsletterStepName, newsletterStepLoader } from "~/newsletter/newsletter-step.server";

export const handle = { i18n: ["common", "blog"] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = metaFromLoader;

/** A step's page: the step's button for the link's token, or the outcome the action came back with. */
export function NewsletterStepPage({ step }: { step: NewsletterStepName }) {
  const { token, outcome } = useLoaderData<typeof newsletterStepLoader>();
  return <NewsletterStep step={step} token={token} outcome={outcome} />;
}

function NewsletterStep({
  step,
  token,
  outcome,
}: {
  step: NewsletterStepName;
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
