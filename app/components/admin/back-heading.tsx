/**
 * The top of a back-office page below a list (a new or edited store, article, question, import):
 * the link back to the list, then the page's title (with a badge beside it). `FormPage` is such a page
 * around one form.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function BackHeading({
  to,
  back,
  title,
  titleClassName = "",
  badge,
}: {
  to: string;
  back: string;
  title: ReactNode;
  titleClassName?: string;
  /** Beside the title: the state of what the page shows (a message's, an account's). */
  badge?: ReactNode;
}) {
  return (
    <>
      <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
        ← {back}
      </Link>
      {badge ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 break-words text-3xl font-bold tracking-tight">{title}</h1>
          {badge}
        </div>
      ) : (
        <h1 className={`mt-4 text-3xl font-bold tracking-tight ${titleClassName}`.trim()}>{title}</h1>
      )}
    </>
  );
}

/**
 * A page of one form below a list (new store, new article, new or edited question): the area's own
 * links (`nav`), the back link and title, a line of `intro` or of `facts` (badges, language), the
 * form, then anything more (`children`: a preview).
 */
export function FormPage({
  width,
  nav,
  to,
  back,
  title,
  intro,
  facts,
  form,
  children,
}: {
  /** The page's width class (e.g. "max-w-4xl"). */
  width: string;
  nav?: ReactNode;
  to: string;
  back: string;
  title: ReactNode;
  intro?: string;
  facts?: ReactNode;
  form: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`container-page ${width} py-10`}>
      {nav}
      <BackHeading to={to} back={back} title={title} />
      {intro ? <p className="mt-2 max-w-2xl text-slate-600">{intro}</p> : null}
      {facts ? <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">{facts}</p> : null}
      <div className="mt-6">{form}</div>
      {children}
    </div>
  );
}
