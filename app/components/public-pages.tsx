/**
 * The building blocks of the public list and detail pages (pricing, contact, webshops, blog, FAQ,
 * an article, a store): a page's centred header, the search header and the note under a search,
 * the empty state, the detail page's column and its not-found answer.
 */
import { Link } from "@remix-run/react";
import { NotFoundScreen } from "~/utils/error-screen";
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
