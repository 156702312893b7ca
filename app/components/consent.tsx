/** The cookie-consent form of the preferences page (the public frame's banner: layout/consent-banner.tsx). */
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { AcceptRejectButtons } from "~/components/layout/consent-banner";
import { SubmitButton } from "~/components/submit-button";

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
        <AcceptRejectButtons className="btn-primary" />
        <SubmitButton intent="custom" className="btn-secondary">
          {t("consent.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}
