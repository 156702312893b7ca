/**
 * A form of the reports page that posts to `/ads/reports` (the client account kept in the query):
 * Conform's attributes on the `<form>`, and its form-level errors above the fields.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors } from "~/components/forms";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

export function ReportForm<Schema extends Record<string, unknown>>({
  form,
  clientQuery,
  className,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  clientQuery: string;
  className: string;
  children: ReactNode;
}) {
  const locale = usePageLocale();
  return (
    <Form method="post" action={`${localePath(locale, "/ads/reports")}${clientQuery}`} className={className} {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
    </Form>
  );
}
