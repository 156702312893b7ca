/** The report as PDF: a GET form (`client`, `from`, `to`, `language`) to `/ads/reports/pdf`. */
import { Form } from "@remix-run/react";
import { Field, SelectField, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { LANGUAGE_OPTIONS } from "./languages";
import type { ReportsLoaderData } from "./route";
import { Section } from "~/components/section";

export function PdfSection({ client, period }: Pick<ReportsLoaderData, "client" | "period">) {
  const { t } = useTranslation("ads-reports");
  const locale = usePageLocale();
  return (
    <Section id="report-pdf" title={t("report.title")} box="card">
      <p className="mt-1 text-sm text-slate-600">{t("report.intro", { client: client.name })}</p>
      <Form
        method="get"
        action={localePath(locale, "/ads/reports/pdf")}
        reloadDocument
        className="mt-4 space-y-1"
        data-testid="report-pdf-form"
      >
        <input type="hidden" name="client" value={client.id} />
        <div className="grid gap-3 sm:grid-cols-2">
          {(["from", "to"] as const).map((end) => (
            <Field
              key={end}
              labelProps={{ children: t(`report.${end}`) }}
              inputProps={{ id: `pdf-${end}`, name: end, type: "date", defaultValue: period[end], required: true }}
            />
          ))}
        </div>
        <SelectField
          label={t("report.language")}
          selectProps={{
            id: "pdf-language",
            name: "language",
            defaultValue: locale,
          }}
          options={LANGUAGE_OPTIONS}
        />
        <div className="pt-3">
          <SubmitButton>{t("report.download")}</SubmitButton>
        </div>
      </Form>
    </Section>
  );
}
