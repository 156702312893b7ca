/**
 * A file upload field (an ad export, a network's report): its label, the file input described by
 * its hint and, when the form was refused, by its errors; `children` below (a further note).
 */
import type { ReactNode } from "react";
import { ErrorList, type ListOfErrors } from "~/components/forms";

export function FileField({
  id,
  name,
  label,
  hint,
  accept,
  required,
  errors,
  errorValues,
  children,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  accept: string;
  required?: boolean;
  errors?: ListOfErrors;
  /** Values for the errors' translation keys. */
  errorValues?: Record<string, unknown>;
  children?: ReactNode;
}) {
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        required={required}
        accept={accept}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ""}`}
        className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      <ErrorList id={`${id}-error`} errors={errors} values={errorValues} />
      {children}
    </div>
  );
}
