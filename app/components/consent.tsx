/** The cookie-consent form (page and banner) and the banner shown until a choice is made. */
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

type ConsentChoice = { analytics: boolean; marketing: boolean } | null;

export function ConsentForm({ consent, redirectTo, compact = false }: { consent: ConsentChoice; redirectTo?: string; compact?: boolean }) {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  const categories = [
    { id: "functional", checked: true, locked: true },
    { id: "analytics", checked: consent?.analytics ?? false, locked: false },
    { id: "marketing", checked: consent?.marketing ?? false, locked: false },
  ] as const;
  return (
    <Form method="post" action={localePath(locale, "/cookie-preferences")} reloadDocument>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <fieldset className={compact ? "grid gap-2 sm:grid-cols-3" : "space-y-4"}>
        <legend className="sr-only">{t("consent.categoriesLegend")}</legend>
        {categories.map((category) => (
          <label key={category.id} className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name={category.locked ? undefined : category.id}
              defaultChecked={category.checked}
              disabled={category.locked}
              className="mt-0.5 h-4 w-4 rounded border-slate-400 text-brand-700"
            />
            <span>
              <span className="font-semibold text-slate-900">{t(`consent.categories.${category.id}.title`)}</span>
              {compact ? null : <span className="block text-slate-600">{t(`consent.categories.${category.id}.description`)}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="submit" name="intent" value="all" className="btn-primary">
          {t("consent.acceptAll")}
        </button>
        <button type="submit" name="intent" value="necessary" className="btn-primary">
          {t("consent.rejectAll")}
        </button>
        <button type="submit" name="intent" value="custom" className="btn-secondary">
          {t("consent.save")}
        </button>
      </div>
    </Form>
  );
}

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
      <Form method="post" action={localePath(locale, "/cookie-preferences")} reloadDocument className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
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
          <button type="submit" name="intent" value="all" className="btn-primary px-3 py-1.5">
            {t("consent.acceptAll")}
          </button>
          <button type="submit" name="intent" value="necessary" className="btn-primary px-3 py-1.5">
            {t("consent.rejectAll")}
          </button>
          <Link to={localePath(locale, "/cookie-preferences")} className="px-2 py-1.5 text-sm font-semibold text-brand-700 underline">
            {t("consent.customise")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
