/** The six-digit authenticator-app code field (two-factor sign-in, re-authentication). */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/forms";
import { useTranslation } from "~/i18n/react";

export function TotpCodeField({ field }: { field: FieldMetadata<string> }) {
  const { t } = useTranslation("auth");
  return (
    <Field
      labelProps={{ children: t("twoFactor.code") }}
      inputProps={{
        ...getInputProps(field, { type: "text" }),
        inputMode: "numeric",
        autoComplete: "one-time-code",
        maxLength: 6,
      }}
      errors={field.errors}
    />
  );
}
