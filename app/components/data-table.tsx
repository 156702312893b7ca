/**
 * The one table of the app's lists: a semantic `<table>` on wide screens and, below the `md`
 * breakpoint, the same rows as cards (each cell a "label: value" line, the primary cell the card's
 * title). One markup for both (the `.data-table` rules in app/tailwind.css), so links, buttons,
 * checkboxes and test ids exist once, and no JavaScript is needed. Around the table, all optional:
 * the filters' summary line above it (`summary`: the count and a "clear filters" link), an empty
 * state (`empty`, a row across the table, or `emptyState`, a box in its place), sortable headings
 * (a column's `sort`) and the previous/next links below it (`pagination`).
 *
 *   <DataTable
 *     testId="users-table"
 *     rows={users}
 *     rowKey={(user) => user.id}
 *     columns={[
 *       { key: "name", header: t("users.columns.name"), primary: true, cell: (user) => <Link …>{user.name}</Link> },
 *       { key: "email", header: t("users.columns.email"), cell: (user) => user.email, className: "break-all" },
 *     ]}
 *   />
 */
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Pagination } from "~/components/pagination";

export interface DataTableColumn<Row> {
  key: string;
  /** The column's heading (and, when it is a string, the label of the value on a phone's card). */
  header: ReactNode;
  /** The label on a phone's card when `header` is not plain text; "" for none. */
  label?: string;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells (e.g. `whitespace-nowrap`, `text-right tabular-nums`). */
  className?: string;
  /** Classes of the column's heading. */
  headerClassName?: string;
  /** The card's title on a phone: shown without its label, across the card. */
  primary?: boolean;
  /** A row heading (`<th scope="row">`) rather than a cell. */
  rowHeader?: boolean;
  /** A column of figures: right-aligned from the `md` width (heading too), tabular digits. */
  numeric?: boolean;
  /**
   * A sortable column: its heading links to `href` (the list sorted by it, or the other way round
   * when it is the sort already); `direction` is set on the column the list is sorted by.
   */
  sort?: { href: string; direction?: "asc" | "desc" | null };
}

/** The least width of a table that scrolls sideways (`scroll`), from the `md` width. */
const MIN_WIDTHS = { "44rem": "md:min-w-[44rem]", "56rem": "md:min-w-[56rem]", "70rem": "md:min-w-[70rem]" };

/** The classes of a figure's cell (`numeric`). */
const NUMERIC = "tabular-nums md:whitespace-nowrap md:text-right";

/** The line above a filtered list: how many match, and a link that clears the filters. */
export interface DataTableSummary {
  count: ReactNode;
  /** The words of the link to the list without its filters (this page without its query string), while a filter is set. */
  clear?: string | null;
}

function SortHeading({ sort, children }: { sort: NonNullable<DataTableColumn<unknown>["sort"]>; children: ReactNode }) {
  return (
    <Link to={sort.href} preventScrollReset className="font-semibold text-brand-700 underline-offset-2 hover:underline">
      {children}
      {sort.direction ? <span aria-hidden="true">{sort.direction === "asc" ? " \u25B2" : " \u25BC"}</span> : null}
    </Link>
  );
}

function SummaryLine({ summary }: { summary: DataTableSummary }) {
  const { pathname } = useLocation();
  return (
    <p className="mt-4 text-sm text-slate-600" role="status">
      {summary.count}
      {summary.clear ? (
        <>
          {" "}
          <Link to={pathname} className="font-medium text-brand-700 underline">
            {summary.clear}
          </Link>
        </>
      ) : null}
    </p>
  );
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowProps,
  rowTestId,
  testId,
  caption,
  captionVisible = false,
  empty,
  emptyState,
  summary,
  pagination,
  dense = false,
  className = "",
  scroll = false,
  scrollLabel,
}: {
  columns: ReadonlyArray<DataTableColumn<Row> | false | null | undefined>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row, index: number) => string;
  /** Attributes of a row's `<tr>` (a test id, a class). */
  rowProps?: (row: Row) => { className?: string; id?: string } & { [data: `data-${string}`]: string | undefined };
  testId?: string;
  /** The test id of every row (`data-testid` of each `<tr>`), when `rowProps` gives none. */
  rowTestId?: string;
  /** A caption for screen readers (the page's heading often says it already). */
  caption?: string;
  /** Show the caption above the table (a small title) rather than to screen readers only. */
  captionVisible?: boolean;
  /** Shown in one row across the table when there are no rows. */
  empty?: ReactNode;
  /** Shown in a dashed box instead of the table when there are no rows. */
  emptyState?: ReactNode;
  /** The filters' summary line above the table. */
  summary?: DataTableSummary;
  /** Previous/next links below the table (`param`: the page's query parameter, `page` by default). */
  pagination?: { page: number; pageCount: number; param?: string };
  /** Smaller type and padding, for long logs. */
  dense?: boolean;
  /** Classes of the frame around the table (e.g. a top margin). */
  className?: string;
  /**
   * For a table wider than the screen (a long log): its frame scrolls sideways and can be focused
   * to scroll it with the keyboard, named by `scrollLabel` (else the caption); a width is the
   * table's least width from the `md` breakpoint.
   */
  scroll?: boolean | keyof typeof MIN_WIDTHS;
  /** The scrolling frame's name where it is not the caption (a caption with a hint); implies `scroll`. */
  scrollLabel?: string;
}) {
  const shown = columns.filter((column): column is DataTableColumn<Row> => Boolean(column));
  const labelOf = (column: DataTableColumn<Row>) => column.label ?? (typeof column.header === "string" ? column.header : "");
  const frameLabel = scrollLabel ?? (scroll ? caption : undefined);
  const minWidth = typeof scroll === "string" ? MIN_WIDTHS[scroll] : "";
  const table =
    rows.length === 0 && emptyState ? (
      <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">{emptyState}</p>
    ) : (
      <div className={`data-table-frame ${className}`} {...(frameLabel ? { tabIndex: 0, role: "region", "aria-label": frameLabel } : {})}>
        <table className={`data-table ${dense ? "data-table-dense" : ""} ${minWidth}`} data-testid={testId}>
          {caption ? <caption className={captionVisible ? "mb-2 text-left font-medium" : "sr-only"}>{caption}</caption> : null}
          <thead>
            <tr>
              {shown.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric ? `text-right ${column.headerClassName ?? ""}`.trim() : column.headerClassName}
                  aria-sort={column.sort?.direction ? (column.sort.direction === "asc" ? "ascending" : "descending") : undefined}
                >
                  {column.sort ? <SortHeading sort={column.sort}>{column.header}</SortHeading> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && empty ? (
              <tr className="data-table-empty">
                <td colSpan={shown.length}>{empty}</td>
              </tr>
            ) : null}
            {rows.map((row, index) => {
              const { className: rowClassName, ...attributes } = rowProps?.(row) ?? { className: undefined, "data-testid": rowTestId };
              return (
                <tr key={rowKey(row, index)} className={rowClassName} {...attributes}>
                  {shown.map((column) => {
                    const label = column.primary ? undefined : labelOf(column) || undefined;
                    const common = {
                      className: column.numeric ? `${NUMERIC} ${column.className ?? ""}`.trim() : column.className,
                      "data-label": label,
                      "data-primary": column.primary ? "" : undefined,
                    };
                    return column.rowHeader ? (
                      <th key={column.key} scope="row" {...common}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} {...common}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  if (!summary && !pagination) return table;
  return (
    <>
      {summary ? <SummaryLine summary={summary} /> : null}
      {table}
      {pagination ? <Pagination page={pagination.page} pageCount={pagination.pageCount} param={pagination.param} /> : null}
    </>
  );
}
