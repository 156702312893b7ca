/**
 * The building blocks of the public pages (home, about, pricing, contact, webshops, blog, FAQ):
 * a page's centred header, a section's heading, a grid of cards, the note under a search and the
 * empty state. The texts come from the pages; these only lay them out, one way everywhere.
 */
import { Link } from "@remix-run/react";
import { NotFoundScreen } from "~/utils/error-screen";
import { Icon, type IconName } from "~/components/icon";
import { SearchForm } from "~/components/search-form";
import { useTranslation } from "~/i18n/react";

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

/**
 * The header of a searchable list (the blog, the FAQ): title, lead, the search box, and under it
 * how many results the query found with a link that clears it. The texts are the namespace's
 * `title`, `subtitle` and `search.*` keys.
 */
export function SearchPageHeader({
  ns,
  searchId,
  query,
  count,
  clearTo,
}: {
  ns: "blog" | "faq";
  searchId: string;
  query: string;
  count: number;
  clearTo: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <PageHeader title={t("title")} subtitle={t("subtitle")}>
      <SearchForm
        id={searchId}
        label={t("search.label")}
        placeholder={t("search.placeholder")}
        submit={t("search.submit")}
        defaultValue={query}
      />
      {query ? <SearchNote text={t("search.results", { count, query })} clearTo={clearTo} clearLabel={t("search.clear")} /> : null}
    </PageHeader>
  );
}

/** A full-width grey band holding a section of a marketing page. */
export function BandSection({ labelledBy, children }: { labelledBy: string; children: React.ReactNode }) {
  return (
    <section className="bg-slate-50 py-16" aria-labelledby={labelledBy}>
      <div className="container-page">{children}</div>
    </section>
  );
}

/** A marketing page's opening: an optional eyebrow, the h1 and its lead, then the calls to action. */
export function Hero({
  id,
  eyebrow,
  title,
  text,
  tall = false,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  text: string;
  tall?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-surface" aria-labelledby={id}>
      <div className={`container-page py-20 text-center${tall ? " sm:py-28" : ""}`}>
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
        <h1 id={id} className={`mx-auto ${eyebrow ? "mt-3 " : ""}max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl`}>
          {title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{text}</p>
        {children}
      </div>
    </section>
  );
}
