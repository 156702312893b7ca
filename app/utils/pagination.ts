/** Page numbers from a query string: a positive integer, else 1. */
export function pageFromSearch(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1;
}

/** One page of a list, as `paginate` (db/paginate.server.ts) reads it and the pages show it. */
export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}
