/**
 * The filters of a back-office list: a GET form (works without JavaScript, the filters stay in the
 * query string) with a search box and/or selects, each labelled, and the submit button. A form with
 * a search box is a search landmark.
 *
 *   <ListFilters
 *     className="mt-6"
 *     fields={[
 *       { id: "store-search", name: "q", label: t("stores.filters.search"), value: query },
 *       { id: "store-status", name: "status", label: t("stores.filters.status"), value: status, any: t("stores.filters.allStatuses"), options },
 *     ]}
 *     submit={t("stores.filters.apply")}
 *   />
 */
import { Form } from "@remix-run/react";

export interface ListFilterField {
  id: string;
  name: string;
  label: string;
  /** The current value (the field's default). */
  value: string;
  /** A select's options; a field without them is a search box. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** The select's first option (empty value: no filter), where there is one. */
  any?: string;
}

const LABEL = "mb-1 block text-sm font-medium text-slate-800";
const CONTROL = "rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm";

export function ListFilters({
  fields,
  submit,
  primary = false,
  className = "",
  gap = "gap-3",
}: {
  fields: ReadonlyArray<ListFilterField>;
  /** The submit button's words. */
  submit: string;
  /** The submit button as the page's primary action (rather than a secondary one). */
  primary?: boolean;
  className?: string;
  gap?: string;
}) {
  const searches = fields.some((field) => !field.options);
  return (
    <Form method="get" role={searches ? "search" : undefined} className={`${className} flex flex-wrap items-end ${gap}`.trim()}>
      {fields.map((field) =>
        field.options ? (
          <div key={field.id}>
            <label htmlFor={field.id} className={LABEL}>
              {field.label}
            </label>
            <select id={field.id} name={field.name} defaultValue={field.value} className={CONTROL}>
              {field.any !== undefined ? <option value="">{field.any}</option> : null}
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div key={field.id} className="min-w-0 flex-1 basis-56">
            <label htmlFor={field.id} className={LABEL}>
              {field.label}
            </label>
            <input id={field.id} type="search" name={field.name} defaultValue={field.value} className={`w-full ${CONTROL}`} />
          </div>
        ),
      )}
      <button type="submit" className={primary ? "btn-primary" : "btn-secondary"}>
        {submit}
      </button>
    </Form>
  );
}

/** Select options from a list of values, each named by `label`. */
export function optionsOf<Value extends string>(values: ReadonlyArray<Value>, label: (value: Value) => string) {
  return values.map((value) => ({ value, label: label(value) }));
}
