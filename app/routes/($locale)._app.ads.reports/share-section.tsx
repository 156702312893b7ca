/** Share links: the form that makes one (`intent=share`) and the list, each active one revocable (`intent=revoke`). */
import { getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { SHARE_DAYS_DEFAULT, SHARE_DAYS_MAX, ShareSchema } from "~/ads/reports/form";
import { Field, SelectField, SubmitButton } from "~/components/forms";
import { LOCALE_NAMES } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { localePath } from "~/utils/paths";
import { LANGUAGE_OPTIONS } from "./languages";
import { ReportForm } from "./report-form";
import type { FormSectionProps } from "./route";
import { Section } from "~/components/section";

export function ShareSection({ period, shares, clientQuery, lastResult }: FormSectionProps<"period" | "shares">) {
  const { t } = useTranslation("ads-reports");
  const locale = usePageLocale();
  const [shareForm, shareFields] = useForm({
    id: "report-share",
    lastResult,
    defaultValue: {
      from: period.from,
      to: period.to,
      language: locale,
      days: String(SHARE_DAYS_DEFAULT),
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShareSchema }),
  });
  return (
    <Section id="report-share-title" title={t("share.title")} box="card">
      <p className="mt-1 text-sm text-slate-600">{t("share.intro")}</p>
      <ReportForm form={shareForm} clientQuery={clientQuery} className="mt-4 space-y-1">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            labelProps={{ children: t("report.from") }}
            inputProps={{
              ...getInputProps(shareFields.from, { type: "date" }),
            }}
            errors={shareFields.from.errors}
          />
          <Field
            labelProps={{ children: t("report.to") }}
            inputProps={{
              ...getInputProps(shareFields.to, { type: "date" }),
            }}
            errors={shareFields.to.errors}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t("report.language")}
            selectProps={{
              ...getSelectProps(shareFields.language),
              name: shareFields.language.name,
            }}
            options={LANGUAGE_OPTIONS}
            errors={shareFields.language.errors}
          />
          <Field
            labelProps={{ children: t("share.days") }}
            inputProps={{
              ...getInputProps(shareFields.days, { type: "number" }),
              min: 1,
              max: SHARE_DAYS_MAX,
              step: 1,
            }}
            errors={shareFields.days.errors}
          />
        </div>
        <div className="pt-3">
          <SubmitButton name="intent" value="share" pendingLabel={t("share.creating")}>
            {t("share.create")}
          </SubmitButton>
        </div>
      </ReportForm>
      {shares.length ? (
        <ul className="mt-5 divide-y divide-slate-200 border-t border-slate-200" data-testid="report-shares">
          {shares.map((share) => (
            <li key={share.id} className="py-3 text-sm" data-testid="report-share">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">
                  {t("doc.range", {
                    from: formatDate(share.period.from, locale),
                    to: formatDate(share.period.to, locale),
                  })}
                </span>
                <span className="text-slate-600">· {LOCALE_NAMES[share.language]}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                    share.state === "active" ? "bg-brand-50 text-brand-800" : "bg-slate-100 text-slate-700"
                  }`}
                >
                  {t(`share.states.${share.state}`)}
                </span>
              </p>
              <p className="mt-1 text-slate-600">
                {t("share.expires")}: {formatDate(share.expiresAt, locale)}
              </p>
              {share.state === "active" ? (
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <label className="min-w-0 flex-1">
                    <span className="sr-only">{t("share.link")}</span>
                    <input
                      type="text"
                      readOnly
                      value={share.url}
                      className="block w-full rounded-lg border border-slate-300 bg-surface px-2 py-1.5 font-mono text-xs"
                      data-testid="report-share-url"
                    />
                  </label>
                  <Form method="post" action={`${localePath(locale, "/ads/reports")}${clientQuery}`}>
                    <input type="hidden" name="shareId" value={share.id} />
                    <SubmitButton intent="revoke" className="btn-secondary px-3 py-1.5">
                      {t("share.revoke")}
                    </SubmitButton>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-5 text-sm text-slate-600">{t("share.none")}</p>
      )}
    </Section>
  );
}
