/**
 * Stores: owns the `stores` table, the partner webshops of the directory: listing active stores
 * (search by name, filter by category, paginated) and reading one by slug, with its description
 * in the visitor's locale and the rate it shows (`headlineRate`). Every rate and amount a view
 * carries is the member's: 90% of what the store's network pays (app/wallet/fee.ts). The back
 * office's side of the table (creating, editing, pausing, logos) is `admin.server.ts`.
 */
import { sql } from "kysely";
import { memberRateOf } from "~/wallet/fee";
import type { Db, DbOrTx } from "~/db/db.server";
import { likePattern } from "~/db/like";
import type { Store } from "~/db/schema";
import { DEFAULT_LOCALE } from "~/i18n/config";
import type { Page } from "~/db/paginate.server";
import type { StoreCategory } from "./categories";
import { categoryRateName, headlineRate, parseCategoryRates, type HeadlineRate } from "./rates";
import { paginate } from "~/db/paginate.server";

export interface StoreView {
  slug: string;
  name: string;
  logo: string | null;
  category: string;
  /** The member's base rate: 90% of the network's. */
  cashbackRateBps: number;
  description: string;
  /** What the pages show as the rate (see `headlineRate`). */
  headline: HeadlineRate;
}

/**
 * One store's page: its view, the rules behind the headline (the member's rates), the network's
 * base rate they are 90% of, and its cashback terms in the visitor's locale: exclusions, the
 * usual confirmation time (null: the platform's), the most cashback on one order (null: no cap).
 */
export interface StoreDetailView extends StoreView {
  rateKind: Store["rateKind"];
  rateFixedCents: number | null;
  newCustomerRateBps: number | null;
  categoryRates: Array<{ name: string; rateBps: number }>;
  /** What the network pays: the base percentage, or the fixed amount. */
  networkRate: { kind: "percent"; rateBps: number } | { kind: "fixed"; amountCents: number };
  terms: string | null;
  confirmationDays: number | null;
  capCents: number | null;
}

export const STORES_PAGE_SIZE = 12;

function describe(store: Pick<Store, "description">, locale: string): string {
  return localized(store.description, locale);
}

/** A JSON object of locale → text in `locale`, else in English; text that is not JSON as it is. */
function localized(json: string, locale: string): string {
  try {
    const byLocale = JSON.parse(json) as Record<string, string>;
    return byLocale[locale] || byLocale[DEFAULT_LOCALE] || "";
  } catch {
    return json;
  }
}

function toView(store: Store, locale: string, feeBps?: number): StoreView {
  return {
    slug: store.slug,
    name: store.name,
    logo: store.logo,
    category: store.category,
    cashbackRateBps: memberRateOf(store.cashbackRateBps, feeBps),
    description: describe(store, locale),
    headline: headlineRate(store, feeBps),
  };
}

export async function listStores(
  db: Db,
  options: { locale: string; query?: string; category?: StoreCategory; page?: number; pageSize?: number },
): Promise<Page<StoreView>> {
  const pageSize = options.pageSize ?? STORES_PAGE_SIZE;
  let base = db.selectFrom("stores").where("active", "=", 1);
  if (options.query?.trim()) base = base.where(sql`lower(name)`, "like", sql`${likePattern(options.query)} escape '\\'`);
  if (options.category) base = base.where("category", "=", options.category);

  const found = await paginate(base, (query) => query.selectAll().orderBy("cashbackRateBps", "desc").orderBy("name"), {
    page: options.page,
    pageSize,
  });
  return {
    ...found,
    items: found.items.map((row) => toView(row, options.locale)),
  };
}

/**
 * One store with its rates as the member gets them: at the default success fee (10%), or at
 * `feeBps`, a signed-in member's loyalty level's fee ("your rate").
 */
export async function getStoreBySlug(db: Db, slug: string, locale: string, feeBps?: number): Promise<StoreDetailView | undefined> {
  const row = await db.selectFrom("stores").selectAll().where("slug", "=", slug).where("active", "=", 1).executeTakeFirst();
  if (!row) return undefined;
  const percent = row.rateKind !== "fixed";
  const member = (value: number | null) => (value === null ? null : memberRateOf(value, feeBps));
  return {
    ...toView(row, locale, feeBps),
    rateKind: row.rateKind,
    rateFixedCents: member(row.rateFixedCents),
    newCustomerRateBps: percent ? member(row.newCustomerRateBps) : null,
    categoryRates: percent
      ? parseCategoryRates(row.categoryRates).map((rule) => ({
          name: categoryRateName(rule.name, locale),
          rateBps: memberRateOf(rule.rateBps, feeBps),
        }))
      : [],
    networkRate:
      !percent && row.rateFixedCents !== null
        ? { kind: "fixed", amountCents: row.rateFixedCents }
        : { kind: "percent", rateBps: row.cashbackRateBps },
    terms: row.terms ? localized(row.terms, locale) || null : null,
    confirmationDays: row.confirmationDays,
    capCents: member(row.capCents),
  };
}

export async function countStoresByCategory(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("stores")
    .select(["category", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("active", "=", 1)
    .groupBy("category")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.category, Number(row.count)]));
}

export interface DirectoryFacts {
  stores: number;
  categories: number;
  /** The best member's rate (90% of the best network rate). */
  bestRateBps: number;
  /** A few stores with the best rates (the member's), for the home page's partner marks. */
  featured: Array<{ slug: string; name: string; logo: string | null; cashbackRateBps: number }>;
}

/** What the home page says about the directory, counted from the database (never a made-up claim). */
export async function directoryFacts(db: Db, featuredCount = 6): Promise<DirectoryFacts> {
  const [totals, featured] = await Promise.all([
    db
      .selectFrom("stores")
      .where("active", "=", 1)
      .select((eb) => [
        eb.fn.countAll<number | string>().as("stores"),
        eb.fn.count<number | string>("category").distinct().as("categories"),
        eb.fn.max<number | string | null>("cashbackRateBps").as("best"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("stores")
      .where("active", "=", 1)
      .select(["slug", "name", "logo", "cashbackRateBps"])
      .orderBy("cashbackRateBps", "desc")
      .orderBy("name")
      .limit(featuredCount)
      .execute(),
  ]);
  return {
    stores: Number(totals.stores),
    categories: Number(totals.categories),
    bestRateBps: memberRateOf(Number(totals.best ?? 0)),
    featured: featured.map((store) => ({ ...store, cashbackRateBps: memberRateOf(store.cashbackRateBps) })),
  };
}

/**
 * A store the sandbox network carries, by slug (its merchant page and the commission it reports),
 * or undefined when there is none or the store belongs to another network.
 */
export async function getSandboxStore(db: DbOrTx, slug: string) {
  const store = await db
    .selectFrom("stores")
    .select(["slug", "name", "logo", "network", "cashbackRateBps", "rateKind", "rateFixedCents", "capCents"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return store && store.network === "sandbox" ? store : undefined;
}
