/**
 * The top of a back-office page: its title (with a `badge` beside it, such as a count of new
 * messages), the line that says what the page is for and, where the page has one, the link to its
 * main action (a new store, a new article) at the right.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FlashNotice } from "~/components/flash-notice";

export function PageHeading({
  title,
  intro,
  badge,
  action,
}: {
  title: string;
  intro?: string;
  badge?: ReactNode;
  /** The page's own action; `secondary` when it is not the page's main one. */
  action?: { to: string; label: string; secondary?: boolean };
}) {
  const heading = (
    <>
      <h1 className={`${badge ? "flex flex-wrap items-center gap-3 " : ""}text-3xl font-bold tracking-tight`}>
        {title}
        {badge}
      </h1>
      {intro ? <p className="mt-2 max-w-2xl text-slate-600">{intro}</p> : null}
    </>
  );
  if (!action) return heading;
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">{heading}</div>
      <Link to={action.to} className={action.secondary ? "btn-secondary" : "btn-primary"}>
        {action.label}
      </Link>
    </div>
  );
}

/**
 * A back-office page: its heading (`PageHeading`'s title, intro, badge and action), the area's own
 * links below it (`nav`, such as the content area's), the flash `notice` after a redirect (already
 * translated), then the page itself.
 */
export function AdminPage({
  nav,
  notice,
  children,
  ...heading
}: Parameters<typeof PageHeading>[0] & { nav?: ReactNode; notice?: string | null; children: ReactNode }) {
  return (
    <div className="container-page py-10">
      <PageHeading {...heading} />
      {nav ? <div className="mt-6">{nav}</div> : null}
      <FlashNotice>{notice}</FlashNotice>
      {children}
    </div>
  );
}

/**
 * A narrow back-office page around one card (two-factor set-up, recovery codes): the title, what
 * the page is for, a `notice` above the card, then the card, named by the title.
 */
export function CardPage({ title, intro, notice, children }: { title: string; intro: string; notice?: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-slate-700">{intro}</p>
      {notice ? <div className="mt-4">{notice}</div> : null}
      <section className="mt-6 rounded-2xl border border-slate-200 bg-surface p-6" aria-label={title}>
        {children}
      </section>
    </div>
  );
}
