/**
 * The blocks the signed-in pages share: a white panel with its h2, the figure cards at the top of
 * a page (dashboard, cashback, partner, transactions) and a select with its label.
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

export type Stat = { key: string; label: string; value: string; hint?: string; testId?: string };

/** Figure cards in a definition list: each a label, a large value and an optional hint line. */
export function StatCards({
  stats,
  className = "mt-6 grid gap-4 sm:grid-cols-3",
  cardClassName = "rounded-2xl border border-slate-200 bg-surface p-5",
  valueClassName = "mt-1 text-2xl font-bold tabular-nums",
  valueTestId,
  label,
  testId,
}: {
  stats: Stat[];
  className?: string;
  cardClassName?: string;
  valueClassName?: string;
  valueTestId?: string;
  label?: string;
  testId?: string;
}) {
  return (
    <dl className={className} aria-label={label} data-testid={testId}>
      {stats.map((stat) => (
        <div key={stat.key} className={cardClassName} data-testid={stat.testId}>
          <dt className="text-sm text-slate-600">{stat.label}</dt>
          <dd className={valueClassName} data-testid={valueTestId}>
            {stat.value}
          </dd>
          {stat.hint ? <dd className="mt-1 text-xs text-slate-600">{stat.hint}</dd> : null}
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
