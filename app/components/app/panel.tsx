/**
 * The blocks the signed-in pages share: a white panel with its h2 (and one holding a list), the figure cards at the top of
 * a page (dashboard, cashback, partner, transactions), label/value lines, a select with its label
 * and what an empty list says.
 */
import { Section } from "~/components/section";

/** A member page's card section: the one `Section` (components/section.tsx) in its card frame. */
export function Panel({ id, title, testId, children }: { id: string; title: string; testId?: string; children: React.ReactNode }) {
  return (
    <Section id={id} title={title} box="card" className="mt-6 sm:p-6" titleClassName="text-lg font-semibold" testId={testId}>
      {children}
    </Section>
  );
}

/** A panel holding a list (rows divided by lines), or the line it shows when there is nothing to list. */
export function PanelList<T>({
  id,
  title,
  items,
  empty,
  testId,
  children,
}: {
  id: string;
  title: string;
  items: T[];
  empty: string;
  testId: string;
  /** One `<li>` (with its key) per item. */
  children: (item: T) => React.ReactNode;
}) {
  return (
    <Panel id={id} title={title}>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" data-testid={testId}>
          {items.map((item) => children(item))}
        </ul>
      )}
    </Panel>
  );
}

export type Stat = { key: string; label: string; value: string; hint?: string; testId?: string };

/** Figure cards in a definition list: each a label, a large value and an optional hint line. */
export function StatCards({
  stats,
  className = "mt-6 grid gap-4 sm:grid-cols-3",
  cardClassName = "rounded-2xl border border-slate-200 bg-surface p-5",
  labelClassName = "text-sm text-slate-600",
  valueClassName = "mt-1 text-2xl font-bold tabular-nums",
  valueTestId,
  label,
  testId,
}: {
  stats: Stat[];
  className?: string;
  cardClassName?: string;
  labelClassName?: string;
  valueClassName?: string;
  valueTestId?: string;
  label?: string;
  testId?: string;
}) {
  return (
    <dl className={className} aria-label={label} data-testid={testId}>
      {stats.map((stat) => (
        <div key={stat.key} className={cardClassName} data-testid={stat.testId}>
          <dt className={labelClassName}>{stat.label}</dt>
          <dd className={valueClassName} data-testid={valueTestId}>
            {stat.value}
          </dd>
          {stat.hint ? <dd className="mt-1 text-xs text-slate-600">{stat.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

export type Fact = { key: string; label: string; value: React.ReactNode; testId?: string };

/**
 * Label and value lines in a bordered definition list, the label left and the value right (a
 * transaction's details, a withdrawal to confirm); `className` places and frames the list.
 */
export function FactRows({
  facts,
  className,
  valueClassName,
  testId,
}: {
  facts: Fact[];
  className: string;
  valueClassName: string;
  testId?: string;
}) {
  return (
    <dl className={`divide-y divide-slate-100 border border-slate-200 ${className}`} data-testid={testId}>
      {facts.map((fact) => (
        <div key={fact.key} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid={fact.testId}>
          <dt className="text-slate-600">{fact.label}</dt>
          <dd className={valueClassName}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A select with its visible label above it (GET filters, a settings form); `all` adds the empty "any" option first. */
export function LabelledSelect({
  label,
  name,
  defaultValue,
  options,
  all,
  className,
}: {
  label: string;
  name: string;
  defaultValue: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  all?: string;
  className: string;
}) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium">{label}</span>
      <select name={name} defaultValue={defaultValue} className={className}>
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What an empty list says inside its box: a bold line, a line of help, then a way on (clear the filters, go shopping). */
export function EmptyListText({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <>
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      {children}
    </>
  );
}
