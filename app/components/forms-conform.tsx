/**
 * Fields bound to a Conform field (the admin's article, FAQ, store and account forms, the claim,
 * alert and recovery-code fields; the e-mail address of the sign-in, sign-up, forgotten-password and
 * newsletter forms): the field's name, value and validation attributes from Conform, with its
 * label, hint and errors.
 */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useId } from "react";
import { ErrorList, Field } from "~/components/forms";

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

/** A select with its label, optional hint and errors. */
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
  const errorId = field.errors?.length ? `${id}-error` : undefined;
  const { key: _key, ...props } = getSelectProps(field as FieldMetadata<string>);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...props}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="block w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm text-slate-900 aria-[invalid=true]:border-red-600"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
      <ErrorList id={errorId} errors={field.errors} />
    </div>
  );
}
