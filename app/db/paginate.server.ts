/**
 * The one way to page a Kysely query: `base` is the query's tables and filters (no selection yet);
 * it is counted once, the page asked for is clamped to the pages there are, and `select` adds the
 * columns and the order to read that page's rows. SQLite counts as a number, PostgreSQL as a
 * string (bigint): the count is read here, once.
 */
import type { SelectQueryBuilder } from "kysely";
import type { Page } from "~/utils/pagination";

export type { Page };

/**
 * The one pagination arithmetic: from the number of rows, the page asked for (clamped to 1 … the
 * last page; an empty list has one empty page) and the rows it skips. Queries use `paginate`
 * (below); a module that counts with other figures in one query uses this.
 */
export function pageWindow(total: number, page: number | undefined, pageSize: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const clamped = Math.min(Math.max(1, page ?? 1), pageCount);
  return { page: clamped, pageCount, offset: (clamped - 1) * pageSize };
}

/** A count as either database returns it (SQLite: number; PostgreSQL: bigint as a string). */
export function countOf(value: number | string | bigint | null | undefined): number {
  return Number(value ?? 0);
}

/** A query's tables and filters, nothing selected yet (Kysely's own type for it). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's "no selection"
type Unselected<DB, TB extends keyof DB> = SelectQueryBuilder<DB, TB, {}>;

/** The page's rows as read, or each turned by `map` into what the caller shows. */
export async function paginate<DB, TB extends keyof DB, O>(
  base: Unselected<DB, TB>,
  select: (query: Unselected<DB, TB>) => SelectQueryBuilder<DB, TB, O>,
  options: { page?: number; pageSize: number },
): Promise<Page<O>>;
export async function paginate<DB, TB extends keyof DB, O, T>(
  base: Unselected<DB, TB>,
  select: (query: Unselected<DB, TB>) => SelectQueryBuilder<DB, TB, O>,
  options: { page?: number; pageSize: number },
  map: (row: O) => T,
): Promise<Page<T>>;
export async function paginate<DB, TB extends keyof DB, O, T>(
  base: Unselected<DB, TB>,
  select: (query: Unselected<DB, TB>) => SelectQueryBuilder<DB, TB, O>,
  options: { page?: number; pageSize: number },
  map?: (row: O) => T,
): Promise<Page<O | T>> {
  const counted = await base.select((eb) => eb.fn.countAll<number | string | bigint>().as("count")).executeTakeFirstOrThrow();
  const total = countOf((counted as { count: number | string | bigint }).count);
  const { page, pageCount, offset } = pageWindow(total, options.page, options.pageSize);
  const rows = (await select(base).limit(options.pageSize).offset(offset).execute()) as O[];
  return { items: map ? rows.map(map) : rows, page, pageCount, total };
}
