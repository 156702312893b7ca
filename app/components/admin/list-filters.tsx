/**
 * The filters of a back-office list: a GET form (works without JavaScript, the filters stay in the
 * query string) of labelled search boxes, date fields and selects, and the submit button. A form
 * with a search box is a search landmark. `ListFilters` is the one-line bar above a list;
 * `FilterCard` the same fields in a card's grid, for lists filtered by many fields (dates among them).
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
import type { ReactNode } from "react";
import { SubmitButton } from "~/components/forms";

export interface ListFilterField {
  id: string;
  name: string;
  label: string;
  /** The current value (the field's default). */
  value: string;
  /** A select's options; a field without them is a search box (or a date field). */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** The select's first option (empty value: no filter), where there is one. */
  any?: string;
  /** A field without options: a search box (the default) or a date. */
  type?: "search" | "date";
  placeholder?: string;
  maxLength?: number;
  /** In a `FilterCard`: the field's place in the grid (e.g. "sm:col-span-2"). */
  className?: string;
}

const LABEL = "mb-1 block text-sm font-medium text-slate-800";
const CONTROL = "rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm";
/** The smaller control of the ad tools' filter bars. */
const COMPACT = "block rounded-lg border border-slate-300 bg-surface px-2 py-1.5 text-sm";

/** A search landmark when one of the fields is a search box. */
const roleOf = (fields: ReadonlyArray<ListFilterField>) =>
  fields.some((field) => !field.options && (field.type ?? "search") === "search") ? "search" : undefined;

/**
 * One labelled filter: a select when the field has options, else a search box or a date field.
 * The lists' filter bars below use it, and so do the GET forms of their own (the ad tools' client
 * switcher, month and campaign, the webshops' category): `compact` is the ad tools' smaller
 * control, `wide` fills its cell, and the two class names restyle the label or the control.
 */
export function FilterField({
  field,
  className,
  wide = false,
  compact = false,
  labelClassName = LABEL,
  controlClassName,
}: {
  field: ListFilterField;
  className?: string;
  wide?: boolean;
  compact?: boolean;
  labelClassName?: string;
  controlClassName?: string;
}) {
  const base = controlClassName ?? (compact ? COMPACT : CONTROL);
  const control = wide ? `w-full ${base}` : base;
  return (
    <div className={className}>
      <label htmlFor={field.id} className={labelClassName}>
        {field.label}
      </label>
      {field.options ? (
        <select id={field.id} name={field.name} defaultValue={field.value} className={control}>
          {field.any !== undefined ? <option value="">{field.any}</option> : null}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={field.id}
          type={field.type ?? "search"}
          name={field.name}
          defaultValue={field.value}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          className={control}
        />
      )}
    </div>
  );
}

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
  return (
    <Form method="get" role={roleOf(fields)} className={`${className} flex flex-wrap items-end ${gap}`.trim()}>
      {fields.map((field) => (
        <FilterField key={field.id} field={field} className={field.options ? undefined : "min-w-0 flex-1 basis-56"} wide={!field.options} />
      ))}
      <SubmitButton className={primary ? "btn-primary" : "btn-secondary"}>{submit}</SubmitButton>
    </Form>
  );
}

/**
 * The filters in a card: each field in a cell of the grid `className` sets up (a field's own
 * `className` spans it wider), then a row with the submit button and `children` (a link that clears
 * the filters, a note on what else filters the list). `hidden` values are kept as they are.
 */
export function FilterCard({
  fields,
  submit,
  primary = false,
  label,
  testId,
  hidden = {},
  className,
  footerClassName,
  children,
}: {
  fields: ReadonlyArray<ListFilterField>;
  submit: string;
  primary?: boolean;
  /** The form's accessible name. */
  label?: string;
  testId?: string;
  hidden?: Record<string, string>;
  /** The grid: its margin and columns. */
  className: string;
  /** The last row's span in the grid. */
  footerClassName: string;
  children?: ReactNode;
}) {
  return (
    <Form
      method="get"
      role={roleOf(fields)}
      aria-label={label}
      className={`${className} grid gap-3 rounded-2xl border border-slate-200 bg-surface p-4`}
      data-testid={testId}
    >
      {fields.map((field) => (
        <FilterField key={field.id} field={field} className={field.className} wide />
      ))}
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <div className={`flex flex-wrap items-center gap-3 ${footerClassName}`}>
        <SubmitButton className={primary ? "btn-primary" : "btn-secondary"}>{submit}</SubmitButton>
        {children}
      </div>
    </Form>
  );
}

/** Select options from a list of values, each named by `label`. */
export function optionsOf<Value extends string>(values: ReadonlyArray<Value>, label: (value: Value) => string) {
  return values.map((value) => ({ value, label: label(value) }));
}

/** A filter's value from the query string: one of `values`, else `fallback` (by default "", no filter). */
export function pickFilter<Value extends string, Fallback extends Value | "" = "">(
  values: ReadonlyArray<Value>,
  requested: string | null,
  fallback: Fallback = "" as Fallback,
): Value | Fallback {
  return (values as ReadonlyArray<string>).includes(requested ?? "") ? (requested as Value) : fallback;
}

/** The search box's words from the query string (`q`), at most 100 characters. */
export function searchWords(search: URLSearchParams): string {
  return (search.get("q") ?? "").slice(0, 100);
}
