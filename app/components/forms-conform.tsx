/**
 * Fields bound to a Conform field (the admin's article, FAQ, store and account forms, the claim,
 * alert and recovery-code fields; the e-mail address of the sign-in, sign-up, forgotten-password and
 * newsletter forms): the field's name, value and validation attributes from Conform, with its
 * label, hint and errors.
 */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useId } from "react";
import { Field, SelectField } from "~/components/forms";

/**
 * A text input (no autocomplete), with extra input attributes such as `inputMode`, or another
 * `type` (a number, a URL) given among them.
 */
export function textInput<Value extends string | number | undefined>(
  field: FieldMetadata<Value>,
  label: string,
  hint?: string,
  extra: React.InputHTMLAttributes<HTMLInputElement> = {},
) {
  const { key: _key, ...props } = getInputProps(field as FieldMetadata<string>, { type: "text" });
  return (
    <Field labelProps={{ children: label }} inputProps={{ ...props, autoComplete: "off", ...extra }} errors={field.errors} hint={hint} />
  );
}

/** The visitor's own e-mail address (autocompleted as such), with its label and errors. */
export function EmailField({
  field,
  label,
  placeholder,
}: {
  field: FieldMetadata<string> | FieldMetadata<string | undefined>;
  label: string;
  placeholder?: string;
}) {
  return (
    <Field
      labelProps={{ children: label }}
      inputProps={{ ...getInputProps(field as FieldMetadata<string>, { type: "email" }), autoComplete: "email", placeholder }}
      errors={field.errors}
    />
  );
}

/** A select with its label, optional hint and errors (`SelectField` given the Conform field's attributes). */
export function ConformSelectField({
  label,
  field,
  options,
  hint,
}: {
  label: string;
  field: FieldMetadata<string> | FieldMetadata<string | undefined>;
  options: Array<{ value: string; label: string }>;
  hint?: string;
}) {
  const id = useId();
  // SelectField ties the label, the hint and the error line to the control itself.
  const {
    key: _key,
    id: _id,
    "aria-invalid": _invalid,
    "aria-describedby": _describedBy,
    ...props
  } = getSelectProps(field as FieldMetadata<string>);
  return <SelectField label={label} selectProps={{ ...props, id }} options={options} hint={hint} errors={field.errors} />;
}
