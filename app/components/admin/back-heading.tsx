/**
 * The top of a back-office page below a list (a new or edited store, article, question, import):
 * the link back to the list, then the page's title.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function BackHeading({
  to,
  back,
  title,
  titleClassName = "",
}: {
  to: string;
  back: string;
  title: ReactNode;
  titleClassName?: string;
}) {
  return (
    <>
      <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
        ← {back}
      </Link>
      <h1 className={`mt-4 text-3xl font-bold tracking-tight ${titleClassName}`.trim()}>{title}</h1>
    </>
  );
}
