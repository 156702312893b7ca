/** The account page's frame: a titled section, one holding a table (and its date and money columns), and a list of facts. */
import { DataTable, type DataTableColumn } from "~/components/data-table";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

export function Section({
  title,
  id,
  children,
  className = "",
}: {
  title: string;
  id: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-2xl border border-slate-200 bg-surface p-5 ${className}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Facts({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,12rem)_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A section holding one table (captioned with the section's title) and what goes below it
 * (`children`: paging, a form for all rows), or the line that says there is nothing to list.
 */
export function TableSection<Row>({
  title,
  id,
  empty,
  testId,
  rows,
  rowKey,
  columns,
  pagination,
  children,
}: {
  title: string;
  id: string;
  empty: string;
  testId?: string;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row) => string;
  columns: ReadonlyArray<DataTableColumn<Row>>;
  pagination?: { page: number; pageCount: number; param: string };
  children?: React.ReactNode;
}) {
  return (
    <Section title={title} id={id}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          <DataTable caption={title} testId={testId} rows={rows} rowKey={rowKey} columns={columns} pagination={pagination} />
          {children}
        </>
      )}
    </Section>
  );
}

/** The date and money columns of a table of `Row`s, in the page's `locale`. */
export function columnsFor<Row>(locale: string) {
  return {
    /** Days (`withTime`: moments), on one line from the `md` width. */
    date(key: string, header: string, date: (row: Row) => string, withTime = false): DataTableColumn<Row> {
      const format = withTime ? formatDateTime : formatDate;
      return { key, header, className: "md:whitespace-nowrap", cell: (row) => format(date(row), locale) };
    },
    /** Amounts, on one line; a dash where a row has none. */
    money(key: string, header: string, cents: (row: Row) => number | null): DataTableColumn<Row> {
      return {
        key,
        header,
        className: "whitespace-nowrap tabular-nums",
        cell: (row) => {
          const amount = cents(row);
          return amount === null ? "—" : formatMoney(amount, locale);
        },
      };
    },
  };
}
