/**
 * Previous/next page links that keep the rest of the query string (GET, works without JS). `param`
 * names the page's query parameter (`page`), for a page with more than one paged list.
 */
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

export function Pagination({ page, pageCount, param = "page" }: { page: number; pageCount: number; param?: string }) {
  const { t } = useTranslation("common");
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete(param);
    else params.set(param, String(target));
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}`;
  };
  return (
    <nav className="mt-10 flex items-center justify-center gap-3" aria-label={t("pagination.label")}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="btn-secondary" rel="prev">
          {t("pagination.previous")}
        </Link>
      ) : null}
      <span className="text-sm text-slate-600">{t("pagination.status", { page, pageCount })}</span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="btn-secondary" rel="next">
          {t("pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}
