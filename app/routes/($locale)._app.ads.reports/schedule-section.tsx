/** The monthly report e-mailed to the client (`intent=schedule`: `recipients`, `language`, `enabled`) and its last delivery. */
import { getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { ScheduleSchema, invalidRecipients, splitRecipients } from "~/ads/reports/form";
import { monthName } from "~/utils/dates";
import { CheckboxField, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { LANGUAGE_OPTIONS } from "./languages";
import { ReportForm } from "./report-form";
import type { FormSectionProps } from "./route";
import { Section } from "~/components/section";

export function ScheduleSection({ client, schedule, clientQuery, lastResult }: FormSectionProps<"client" | "schedule">) {
  const { t } = useTranslation("ads-reports");
  const locale = usePageLocale();
  const [scheduleForm, scheduleFields] = useForm({
    id: "report-schedule",
    lastResult,
    defaultValue: {
      recipients: schedule?.recipients.join("\n") ?? "",
      language: schedule?.language ?? locale,
      // A new schedule is offered switched on.
      enabled: schedule ? (schedule.enabled ? "on" : undefined) : "on",
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ScheduleSchema }),
  });
  const typedRecipients = scheduleFields.recipients.value;
  const badRecipients = invalidRecipients(splitRecipients(typeof typedRecipients === "string" ? typedRecipients : "")).join(", ");
  return (
    <Section id="report-schedule-title" title={t("schedule.title")} box="card" className="mt-6" testId="report-schedule">
      <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("schedule.intro", { client: client.name })}</p>
      <p className="mt-2 text-sm font-medium text-slate-700" data-testid="report-schedule-last">
        {schedule?.lastDelivery
          ? t("schedule.lastSent", {
              date: formatDate(schedule.lastDelivery.sentAt, locale),
              month: monthName(schedule.lastDelivery.month, locale),
            })
          : t("schedule.neverSent")}
      </p>
      <ReportForm form={scheduleForm} clientQuery={clientQuery} className="mt-4 max-w-2xl space-y-1">
        <TextareaField
          labelProps={{ children: t("schedule.recipients") }}
          textareaProps={{
            ...getTextareaProps(scheduleFields.recipients),
            rows: 5,
            autoComplete: "off",
            spellCheck: false,
          }}
          hint={t("schedule.recipientsHelp")}
          errors={scheduleFields.recipients.errors}
          errorValues={{ addresses: badRecipients }}
        />
        <SelectField
          label={t("schedule.language")}
          selectProps={{
            ...getSelectProps(scheduleFields.language),
            name: scheduleFields.language.name,
          }}
          options={LANGUAGE_OPTIONS}
          errors={scheduleFields.language.errors}
        />
        <CheckboxField
          label={t("schedule.enabled")}
          inputProps={{
            ...getInputProps(scheduleFields.enabled, { type: "checkbox" }),
            name: scheduleFields.enabled.name,
          }}
          errors={scheduleFields.enabled.errors}
        />
        <div className="pt-3">
          <SubmitButton name="intent" value="schedule" pendingLabel={t("schedule.saving")}>
            {t("schedule.save")}
          </SubmitButton>
        </div>
      </ReportForm>
    </Section>
  );
}
