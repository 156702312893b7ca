/**
 * What the two CSV import pages share (a network's conversion report, an ad export): the upload
 * form in a card (its errors, its fields, then the preview button; multipart, works without
 * JavaScript) and the list of recent imports under it, each linking to its own page.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors, SubmitButton } from "~/components/forms";

export function UploadForm<Schema extends Record<string, unknown>>({
  form,
  spacing,
  submit,
  pendingLabel,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  /** The gap between the fields (e.g. "space-y-4"). */
  spacing: string;
  /** The button's words, and while the file is read. */
  submit: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className={`mt-6 max-w-xl ${spacing} rounded-2xl border border-slate-200 bg-surface p-5`}
      {...getFormProps(form)}
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
      <SubmitButton pendingLabel={pendingLabel}>{submit}</SubmitButton>
    </Form>
  );
}

export function RecentImports<Item extends { id: string; filename: string }>({
  title,
  none,
  items,
  href,
  details,
}: {
  title: string;
  /** What the list says when there is no import yet. */
  none: string;
  items: ReadonlyArray<Item>;
  href: (item: Item) => string;
  /** The line beside the file's name (its source, state, date). */
  details: (item: Item) => ReactNode;
}) {
  return (
    <>
      <h2 className="mt-10 text-xl font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-slate-600">{none}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <Link to={href(item)} className="break-all font-medium text-brand-700 underline">
                {item.filename}
              </Link>
              <span className="text-slate-600">{details(item)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
