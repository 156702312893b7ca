/**
 * The GET filter bar of an ad tool's page (the pacing month, the competitors' campaign): its
 * fields in the compact look, the client account kept when it is in the query, and the submit
 * button. Works without JavaScript: the filters stay in the query string.
 */
import { Form, useLocation } from "@remix-run/react";
import { FilterField, type ListFilterField } from "~/components/admin/list-filters";
import { SubmitButton } from "~/components/submit-button";

export function AdFilterBar({
  client,
  fields,
  submit,
}: {
  client: { id: string; inQuery: boolean };
  fields: ReadonlyArray<ListFilterField>;
  /** The submit button's words. */
  submit: string;
}) {
  const location = useLocation();
  return (
    <Form
      method="get"
      action={location.pathname}
      className="mt-6 flex flex-wrap items-end gap-2 rounded-2xl border border-slate-200 bg-surface p-4"
    >
      {client.inQuery ? <input type="hidden" name="client" value={client.id} /> : null}
      {fields.map((field) => (
        <FilterField key={field.id} field={field} compact labelClassName="mb-1 block text-sm font-medium" />
      ))}
      <SubmitButton className="btn-secondary px-3 py-1.5 text-sm">{submit}</SubmitButton>
    </Form>
  );
}
