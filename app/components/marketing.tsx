/**
 * The building blocks of the public pages (home, about, pricing, contact, webshops, blog, FAQ):
 * a page's centred header, a section's heading, a grid of cards, the note under a search and the
 * empty state. The texts come from the pages; these only lay them out, one way everywhere.
 */
import { Link } from "@remix-run/react";
import { NotFoundScreen } from "~/components/error-screen";
import { Icon, type IconName } from "~/components/icon";

/** A public page's centred title and lead (and what follows them, e.g. a search form). */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle: string; children?: React.ReactNode }) {
  return (
    <header className="mx-auto max-w-2xl text-center">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{subtitle}</p>
      {children}
    </header>
  );
}

/** A section's h2 (the target of its `aria-labelledby`) and an optional lead line. */
export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <>
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      {subtitle ? <p className="mt-3 text-slate-600">{subtitle}</p> : null}
    </>
  );
}

export type Card = { key: string; title: string; text: string; icon?: IconName };

/** A list of cards, each an optional icon, an h3 and a short text. */
export function CardGrid({
  cards,
  className,
  cardClassName = "rounded-2xl bg-surface p-6 shadow-sm",
  titleClassName = "font-semibold",
  iconClassName = "h-8 w-8 text-brand-700",
}: {
  cards: Card[];
  className: string;
  cardClassName?: string;
  titleClassName?: string;
  iconClassName?: string;
}) {
  return (
    <ul className={className}>
      {cards.map((card) => (
        <li key={card.key} className={cardClassName}>
          {card.icon ? <Icon name={card.icon} className={iconClassName} /> : null}
          <h3 className={titleClassName}>{card.title}</h3>
          <p className="mt-2 text-sm text-slate-600">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** "3 results for …  Clear search" under a search form, when there is a query. */
export function SearchNote({ text, clearTo, clearLabel }: { text: string; clearTo: string; clearLabel: string }) {
  return (
    <p className="mt-3 text-sm text-slate-600" role="status">
      {text}{" "}
      <Link to={clearTo} className="font-medium text-brand-700 underline">
        {clearLabel}
      </Link>
    </p>
  );
}

/** Nothing to list: a dashed box with a heading and a line of help. */
export function EmptyState({ title, text, className = "", testId }: { title: string; text: string; className?: string; testId?: string }) {
  return (
    <div className={`${className} rounded-2xl border border-dashed border-slate-300 p-10 text-center`.trim()} data-testid={testId}>
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-slate-600">{text}</p>
    </div>
  );
}

/** A detail page's answer when its loader found nothing (an unknown article or store). */
export function NotFoundPage() {
  return (
    <div className="container-page">
      <NotFoundScreen />
    </div>
  );
}

/** A detail page (an article, a store): the narrow article column opening with a back link to its list. */
export function DetailPage({ backTo, backLabel, children }: { backTo: string; backLabel: string; children: React.ReactNode }) {
  return (
    <article className="container-page max-w-3xl py-16">
      <Link to={backTo} className="text-sm font-medium text-brand-700 hover:underline">
        ← {backLabel}
      </Link>
      {children}
    </article>
  );
}
