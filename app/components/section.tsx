/**
 * A headed section of a page (the ad suite, the shared report, the back office): `<section>` named by its `<h2>`
 * (`id` ties them), the title's classes and the gap above it as the page wants them.
 */
import type { ReactNode } from "react";

/** The frames a section can have: a card, or the dashed box of an empty state. */
const BOXES = {
  card: "rounded-2xl border border-slate-200 bg-surface p-5",
  dashed: "rounded-2xl border border-dashed border-slate-300 bg-surface p-6",
};

export function Section({
  id,
  title,
  box,
  className = box ? "" : "mt-8",
  titleClassName = box ? "text-lg font-bold" : "text-xl font-semibold",
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  /** A frame around the section (its title then smaller). */
  box?: keyof typeof BOXES;
  /** The gap above it and any other classes (`mt-8` by default, nothing in a box). */
  className?: string;
  titleClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={box ? `${BOXES[box]} ${className}`.trim() : className} data-testid={testId}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The line a section shows when it has nothing to list. */
export function NoneLine({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid={testId}>
      {children}
    </p>
  );
}
