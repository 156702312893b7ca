/**
 * The page cache's store: owns the documents of public pages kept for signed-out visitors, in
 * memory (least recently used first out, PAGE_CACHE_MAX_BYTES in all), and their invalidation. What
 * is kept under which key, and serving it, is the app shell's (app/page-cache.server.ts).
 *
 * - A change to what public pages show (stores, the blog, the FAQ, settings) calls
 *   `publicContentChanged(tx)` in its unit of work: once that commits, every stored page is dropped
 *   and the generation moves on, so a render that read the old content while the change was being
 *   made is not stored either (`storePage` refuses a page begun in an older generation).
 * - Every page also expires after PAGE_CACHE_TTL_SECONDS (default 60; 0 keeps nothing). That
 *   bounds what no invalidation reaches: another process's changes, and the time a page shows.
 */
import { LRUCache } from "lru-cache";
import { env } from "~/config/env.server";
import { whenCommitted } from "~/db/unit-of-work.server";

/** A stored document: its bytes as sent (and gzipped once), its validator and its headers. */
export interface CachedPage {
  body: Buffer;
  gzip: Buffer;
  /** A weak validator: the same for both encodings of one document. */
  etag: string;
  /** Every header of the 200 answer but the length, the encoding and the date (Set-Cookie may repeat). */
  headers: Array<[string, string]>;
}

/** All the stored pages together hold at most this many bytes. */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** A document larger than this is never stored (it would push out many others). */
const LARGEST_PAGE = 1024 * 1024;

export interface PageStore {
  get(key: string): CachedPage | undefined;
  /** Keeps `page` unless content changed since `generation` was read (then the page may be stale). */
  set(key: string, page: CachedPage, generation: number): boolean;
  generation(): number;
  /** Drops every page; a render begun before this is not stored. */
  clear(): void;
  readonly size: number;
}

export function createPageStore(options: { ttlMs: number; maxBytes?: number; now?: () => number }): PageStore {
  let generation = 0;
  const cache =
    options.ttlMs > 0
      ? new LRUCache<string, CachedPage>({
          maxSize: options.maxBytes ?? PAGE_CACHE_MAX_BYTES,
          maxEntrySize: LARGEST_PAGE * 2,
          sizeCalculation: (page) => page.body.byteLength + page.gzip.byteLength + 1024,
          ttl: options.ttlMs,
          ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
        })
      : null;
  return {
    get: (key) => cache?.get(key),
    set(key, page, at) {
      if (!cache || at !== generation || page.body.byteLength > LARGEST_PAGE) return false;
      cache.set(key, page);
      return true;
    },
    generation: () => generation,
    clear() {
      generation++;
      cache?.clear();
    },
    get size() {
      return cache?.size ?? 0;
    },
  };
}

let store: PageStore | undefined;

/** This process's page store (made from the configuration on first use). */
export function pageStore(): PageStore {
  return (store ??= createPageStore({ ttlMs: env().pageCacheTtlSeconds * 1000 }));
}

/**
 * For every module that changes what public pages show: once `tx` commits (at once without a unit
 * of work), every stored page is dropped.
 */
export function publicContentChanged(tx: unknown): void {
  whenCommitted(tx, dropStoredPages);
}

function dropStoredPages() {
  pageStore().clear();
}
