/**
 * A GET search box (`?q=`) with a visually hidden label: the FAQ and blog searches (`SearchForm`), and
 * the search field of the pages whose search form holds more (the stores, the transactions).
 */
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";

export function SearchForm({
  id,
  label,
  placeholder,
  submit,
  defaultValue,
  className = "mt-8 flex gap-2",
}: {
  id: string;
  label: string;
  placeholder: string;
  submit: string;
  defaultValue: string;
  className?: string;
}) {
  return (
    <Form method="get" role="search" className={className}>
      <SearchField
        id={id}
        label={label}
        placeholder={placeholder}
        defaultValue={defaultValue}
        className="block w-full rounded-lg border border-slate-300 px-4 py-2.5 text-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
      />
      <SubmitButton>{submit}</SubmitButton>
    </Form>
  );
}

/** The `q` search input with its visually hidden label. */
export function SearchField({
  id,
  label,
  placeholder,
  defaultValue,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  defaultValue: string;
  className: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" name="q" defaultValue={defaultValue} placeholder={placeholder} className={className} />
    </>
  );
}
