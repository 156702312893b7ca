/** The workspace's branding: its form (`intent=brand`) and the logo's own multipart form to `/ads/reports/logo`. */
import { getInputProps } from "@conform-to/react";
import { useZodForm } from "~/components/zod-form";
import { Form } from "@remix-run/react";
import { BrandSchema, FOOTER_MAX } from "~/ads/reports/form";
import { Field, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { ReportForm } from "./report-form";
import type { FormSectionProps, ReportsLoaderData } from "./route";
import { Section } from "~/components/section";

export function BrandSection({ brand, client, clientQuery, lastResult }: FormSectionProps<"brand" | "client">) {
  const { t } = useTranslation("ads-reports");
  const [brandForm, brandFields] = useZodForm(BrandSchema, {
    id: "report-brand",
    lastResult,
    defaultValue: {
      agencyName: brand.agencyName,
      primaryColor: brand.primaryColor,
      accentColor: brand.accentColor,
      footer: brand.footer,
    },
    shouldValidate: "onBlur",
  });
  const colorField = (field: typeof brandFields.primaryColor, label: string) => (
    <Field
      labelProps={{ children: label }}
      inputProps={{
        ...getInputProps(field, { type: "text" }),
        autoComplete: "off",
        spellCheck: false,
      }}
      hint={t("brand.colorHelp")}
      errors={field.errors}
    />
  );
  return (
    <Section id="report-brand-title" title={t("brand.title")} box="card" className="mt-6">
      <p className="mt-1 text-sm text-slate-600">{t("brand.intro")}</p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <ReportForm form={brandForm} clientQuery={clientQuery} className="space-y-1">
          <Field
            labelProps={{ children: t("brand.agencyName") }}
            inputProps={{
              ...getInputProps(brandFields.agencyName, { type: "text" }),
              autoComplete: "organization",
            }}
            errors={brandFields.agencyName.errors}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            {colorField(brandFields.primaryColor, t("brand.primaryColor"))}
            {colorField(brandFields.accentColor, t("brand.accentColor"))}
          </div>
          <Field
            labelProps={{ children: t("brand.footer") }}
            inputProps={{
              ...getInputProps(brandFields.footer, { type: "text" }),
              maxLength: FOOTER_MAX,
            }}
            hint={t("brand.footerHelp")}
            errors={brandFields.footer.errors}
          />
          <div className="pt-3">
            <SubmitButton name="intent" value="brand" pendingLabel={t("brand.saving")}>
              {t("brand.save")}
            </SubmitButton>
          </div>
        </ReportForm>
        <LogoForm brand={brand} client={client} clientQuery={clientQuery} />
      </div>
    </Section>
  );
}

/** The logo, and its multipart form (`intent=upload` with `logo`, or `intent=remove`). */
function LogoForm({ brand, client, clientQuery }: Pick<ReportsLoaderData, "brand" | "client"> & { clientQuery: string }) {
  const { t } = useTranslation("ads-reports");
  const locale = usePageLocale();
  const logoSrc = brand.logoUpdatedAt ? `${localePath(locale, "/ads/reports/logo")}?v=${encodeURIComponent(brand.logoUpdatedAt)}` : null;
  return (
    <div>
      <h3 className="font-semibold">{t("logo.title")}</h3>
      <p className="mt-1 text-sm text-slate-600">{t("logo.intro")}</p>
      {logoSrc ? (
        <img
          src={logoSrc}
          alt={t("logo.alt", { agency: brand.agencyName })}
          className="mt-3 max-h-16 max-w-[12rem] rounded border border-slate-200 bg-white p-1"
          data-testid="report-logo"
        />
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t("logo.none")}</p>
      )}
      <Form
        method="post"
        action={`${localePath(locale, "/ads/reports/logo")}${clientQuery}`}
        encType="multipart/form-data"
        className="mt-3 space-y-2"
        data-testid="report-logo-form"
      >
        {client.inQuery ? <input type="hidden" name="client" value={client.id} /> : null}
        <Field
          labelProps={{ children: t("logo.file") }}
          inputProps={{
            id: "report-logo-file",
            name: "logo",
            type: "file",
            accept: "image/png,image/jpeg",
          }}
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton intent="upload">{t("logo.upload")}</SubmitButton>
          {logoSrc ? (
            <SubmitButton intent="remove" formNoValidate className="btn-secondary">
              {t("logo.remove")}
            </SubmitButton>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
