/**
 * The client-account form's fields (name, industry, time zone), shared by the "add" form on
 * /ads/accounts and the edit form on /ads/accounts/:clientId.
 */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import { INDUSTRIES } from "~/ads/benchmarks";
import { Field, SelectField } from "~/components/forms";

type Fields = { name: FieldMetadata<string>; industry: FieldMetadata<string>; timeZone: FieldMetadata<string> };

export function ClientAccountFields({ fields, timeZones }: { fields: Fields; timeZones: readonly string[] }) {
  const { t } = useTranslation("ads");
  return (
    <>
      <Field
        labelProps={{ children: t("accounts.name") }}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        errors={fields.name.errors}
      />
      <SelectField
        label={t("accounts.industry")}
        selectProps={{ ...getSelectProps(fields.industry), name: fields.industry.name }}
        options={INDUSTRIES.map((industry) => ({ value: industry, label: t(`industries.${industry}`) }))}
        hint={t("accounts.industryHint")}
        errors={fields.industry.errors}
      />
      <SelectField
        label={t("accounts.timeZone")}
        selectProps={{ ...getSelectProps(fields.timeZone), name: fields.timeZone.name }}
        options={timeZones.map((zone) => ({ value: zone, label: zone }))}
        errors={fields.timeZone.errors}
      />
    </>
  );
}
