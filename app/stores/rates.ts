/**
 * Store rates: owns how a store's rate rules (a percentage of the sale or a fixed amount; a
 * different rate for new customers; category rates) read, and the one headline the public pages
 * show for them ("up to 8%" when some rule pays more than the base rate, "$5.00" for a fixed
 * amount). A store's rates are what its network pays; the member's rate, the one the pages show,
 * is 90% of it (the success fee, app/wallet/fee.ts). Shared by the server and the browser.
 */
import { memberRateOf } from "~/wallet/fee";
import type { StoreRateKind } from "~/db/schema";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { formatMoney, formatRate } from "~/utils/money";

/** A category that earns its own rate. `name` is one text for every locale, or locale → text. */
export interface CategoryRate {
  name: string | Record<string, string>;
  rateBps: number;
}

/** The most category rates a store can have (the admin form shows a row for each, plus blanks). */
export const MAX_CATEGORY_RATES = 12;

/** The columns a rate is made of (a `stores` row has them all; `categoryRates` as stored, JSON). */
export interface RatedStore {
  rateKind: StoreRateKind;
  cashbackRateBps: number;
  rateFixedCents: number | null;
  newCustomerRateBps: number | null;
  categoryRates: string | CategoryRate[] | null;
}

export type HeadlineRate = { kind: "percent"; rateBps: number; upTo: boolean } | { kind: "fixed"; amountCents: number };

const isBps = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 10_000;

/** The stored JSON as a list; anything that is not a well-formed rule is left out (never an error on a public page). */
export function parseCategoryRates(value: string | CategoryRate[] | null | undefined): CategoryRate[] {
  if (!value) return [];
  let list: unknown;
  if (Array.isArray(value)) list = value;
  else {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): CategoryRate[] => {
    if (!item || typeof item !== "object") return [];
    const { name, rateBps } = item as { name?: unknown; rateBps?: unknown };
    if (!isBps(rateBps)) return [];
    if (typeof name === "string" && name.trim()) return [{ name: name.trim(), rateBps }];
    if (name && typeof name === "object" && !Array.isArray(name)) {
      const texts = Object.fromEntries(
        Object.entries(name).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].trim() !== ""),
      );
      return Object.keys(texts).length ? [{ name: texts, rateBps }] : [];
    }
    return [];
  });
}

/** A category's name in `locale`, else in English, else in whichever language it has. */
export function categoryRateName(name: CategoryRate["name"], locale: string): string {
  if (typeof name === "string") return name;
  return name[locale] ?? name[DEFAULT_LOCALE] ?? Object.values(name)[0] ?? "";
}

/**
 * The network's side of a store's rate: a fixed-rate store's amount; otherwise the best
 * percentage any rule pays, marked "up to" when that is more than the base rate.
 */
export function networkHeadlineRate(store: RatedStore): HeadlineRate {
  if (store.rateKind === "fixed" && store.rateFixedCents !== null && store.rateFixedCents > 0) {
    return { kind: "fixed", amountCents: store.rateFixedCents };
  }
  const base = store.cashbackRateBps;
  const best = Math.max(base, store.newCustomerRateBps ?? 0, ...parseCategoryRates(store.categoryRates).map((rule) => rule.rateBps));
  return { kind: "percent", rateBps: best, upTo: best > base };
}

/**
 * What the pages show as a store's rate: the member's, the network's less the success fee (90% at
 * the default 10%; a signed-in member's loyalty level lowers the fee, `feeBps`). See `networkHeadlineRate`.
 */
export function headlineRate(store: RatedStore, feeBps?: number): HeadlineRate {
  const network = networkHeadlineRate(store);
  return network.kind === "fixed"
    ? { kind: "fixed", amountCents: memberRateOf(network.amountCents, feeBps) }
    : { ...network, rateBps: memberRateOf(network.rateBps, feeBps) };
}

/** A translation function (react-i18next's `t`, or the server's fixed one). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The headline as text, through the `webshops` keys: "5% cashback", "up to 8% cashback", "$5.00 cashback". */
export function headlineText(t: Translate, headline: HeadlineRate, locale: string): string {
  if (headline.kind === "fixed") return t("webshops:rateFixed", { amount: formatMoney(headline.amountCents, locale) });
  const rate = formatRate(headline.rateBps, locale);
  return headline.upTo ? t("webshops:rateUpTo", { rate }) : t("webshops:rate", { rate });
}
