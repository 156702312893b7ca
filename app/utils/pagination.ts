/** Page numbers from a query string: a positive integer, else 1. */
export function pageFromSearch(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/**
 * The one pagination arithmetic: from the number of rows, the page asked for (clamped to 1 … the
 * last page; an empty list has one empty page) and the rows it skips. Queries use `paginate`
 * (db/paginate.server.ts); a module that counts with other figures in one query uses this.
 */
export function pageWindow(total: number, page: number | undefined, pageSize: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const clamped = Math.min(Math.max(1, page ?? 1), pageCount);
  return { page: clamped, pageCount, offset: (clamped - 1) * pageSize };
}
