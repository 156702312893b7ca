/**
 * A section of small charts (the pacing per campaign, the competitors' impression share): the
 * charts two to a row from the `md` width, each in a card under its name (`ChartCard`), then the
 * section's note below them.
 */
import type { ReactNode } from "react";
import { Section } from "~/components/section";

export function ChartSection({ id, title, note, children }: { id: string; title: string; note: string; children: ReactNode }) {
  return (
    <Section id={id} title={title} titleClassName="text-lg font-bold">
      <div className="mt-3 grid gap-4 md:grid-cols-2">{children}</div>
      <p className="mt-2 max-w-3xl text-xs text-slate-600">{note}</p>
    </Section>
  );
}

export function ChartCard({
  name,
  nameClassName = "",
  testId,
  children,
}: {
  name: string;
  nameClassName?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-surface p-4" data-testid={testId}>
      <h3 className={`${nameClassName} font-semibold`.trim()}>{name}</h3>
      {children}
    </div>
  );
}
