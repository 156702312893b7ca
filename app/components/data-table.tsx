/**
 * The one table of the app's lists: a semantic `<table>` on wide screens and, below the `md`
 * breakpoint, the same rows as cards (each cell a "label: value" line, the primary cell the card's
 * title). One markup for both (the `.data-table` rules in app/tailwind.css), so links, buttons,
 * checkboxes and test ids exist once, and no JavaScript is needed.
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
import type { ReactNode } from "react";

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
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowProps,
  testId,
  caption,
  empty,
  dense = false,
  className = "",
  tableClassName = "",
  scrollLabel,
}: {
  columns: ReadonlyArray<DataTableColumn<Row> | false | null | undefined>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row, index: number) => string;
  /** Attributes of a row's `<tr>` (a test id, a class). */
  rowProps?: (row: Row) => { className?: string; id?: string } & { [data: `data-${string}`]: string | undefined };
  testId?: string;
  /** A caption for screen readers (the page's heading often says it already). */
  caption?: string;
  /** Shown in one row across the table when there are no rows. */
  empty?: ReactNode;
  /** Smaller type and padding, for long logs. */
  dense?: boolean;
  /** Classes of the frame around the table (e.g. a top margin). */
  className?: string;
  /** Classes of the `<table>` (e.g. `md:min-w-[56rem]` for a wide log that scrolls sideways). */
  tableClassName?: string;
  /**
   * For a table wider than the screen (`tableClassName` with a minimum width): the name of the
   * frame, which then scrolls sideways and can be focused to scroll it with the keyboard.
   */
  scrollLabel?: string;
}) {
  const shown = columns.filter((column): column is DataTableColumn<Row> => Boolean(column));
  const labelOf = (column: DataTableColumn<Row>) => column.label ?? (typeof column.header === "string" ? column.header : "");
  return (
    <div className={`data-table-frame ${className}`} {...(scrollLabel ? { tabIndex: 0, role: "region", "aria-label": scrollLabel } : {})}>
      <table className={`data-table ${dense ? "data-table-dense" : ""} ${tableClassName}`} data-testid={testId}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.key} scope="col" className={column.headerClassName}>
                {column.header}
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
            const { className: rowClassName, ...attributes } = rowProps?.(row) ?? {};
            return (
              <tr key={rowKey(row, index)} className={rowClassName} {...attributes}>
                {shown.map((column) => {
                  const label = column.primary ? undefined : labelOf(column) || undefined;
                  const common = {
                    className: column.className,
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
}
