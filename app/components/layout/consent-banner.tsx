/** The public frame's consent bar until a choice is made, and its two one-click answers (the full form: ConsentForm, ~/components/consent). */
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

/**
 * The first visit's consent bar: one short sentence and three equal choices, so it takes little of
 * a phone's first screen. "Accept all" and "Reject all" weigh the same; "Customise" opens the page
 * with the categories.
 */
export function ConsentBanner() {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby="consent-title" className="border-b border-slate-200 bg-slate-50" data-testid="consent-banner">
      <Form
        method="post"
        action={localePath(locale, "/cookie-preferences")}
        reloadDocument
        className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
      >
        <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
        <p className="min-w-0 flex-1 basis-64 text-sm text-slate-700">
          <strong id="consent-title" className="font-semibold text-slate-900">
            {t("consent.title")}.
          </strong>{" "}
          {t("consent.short")}{" "}
          <Link to={localePath(locale, "/cookie-policy")} className="font-medium text-brand-700 underline">
            {t("consent.policyLink")}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <AcceptRejectButtons className="btn-primary px-3 py-1.5" />
          <Link to={localePath(locale, "/cookie-preferences")} className="px-2 py-1.5 text-sm font-semibold text-brand-700 underline">
            {t("consent.customise")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** "Accept all" and "Reject all": the two one-click answers of the consent form and the banner. */
export function AcceptRejectButtons({ className }: { className: string }) {
  const { t } = useTranslation("common");
  return (
    <>
      <button type="submit" name="intent" value="all" className={className}>
        {t("consent.acceptAll")}
      </button>
      <button type="submit" name="intent" value="necessary" className={className}>
        {t("consent.rejectAll")}
      </button>
    </>
  );
}
