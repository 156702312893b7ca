/**
 * A headed section of a page (the ad suite, the shared report, the back office): `<section>` named by its `<h2>`
 * (`id` ties them), the title's classes and the gap above it as the page wants them.
 */
import type { ReactNode } from "react";

export function Section({
  id,
  title,
  className = "mt-8",
  titleClassName = "text-xl font-semibold",
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className} data-testid={testId}>
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
