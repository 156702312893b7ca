/** One setting's number on the settings page: a whole number, or (`decimal`) dollars and percentages to the hundredth. */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/forms";

export function SettingField({
  field,
  label,
  hint,
  decimal = false,
  errorValues,
}: {
  field: FieldMetadata<number>;
  label: string;
  hint?: string;
  decimal?: boolean;
  errorValues?: Record<string, unknown>;
}) {
  const input = getInputProps(field, { type: "number" });
  return (
    <Field
      labelProps={{ children: label }}
      inputProps={decimal ? { ...input, inputMode: "decimal", step: "0.01" } : { ...input, inputMode: "numeric" }}
      errors={field.errors}
      errorValues={errorValues}
      hint={hint}
    />
  );
}
