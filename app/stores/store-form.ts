/**
 * The admin's store form: owns what the fields of `/admin/stores/new` and `/admin/stores/:slug`
 * accept and how their text becomes a `StoreInput` (percentages to basis points and amounts to cents,
 * read in the page's locale by the one parser in utils/money; texts per locale). One zod schema, run
 * by Conform in the browser and again in the action; every
 * rule reports on its own field, all at once, with a translation key. Shared: no database here.
 */
import { z } from "zod";
import { STORE_NETWORKS, STORE_RATE_KINDS, type Store, type StoreNetwork, type StoreRateKind } from "~/db/schema";
import { LOCALES } from "~/i18n/config";
import { numberFormat } from "~/utils/intl";
import { formatAmountInput, parseAmount, parseLocaleDecimal } from "~/utils/money";
import { STORE_CATEGORIES, isStoreCategory, type StoreCategory } from "./categories";
import { MAX_CATEGORY_RATES, parseCategoryRates, type CategoryRate } from "./rates";

export const STORE_STATUSES = ["active", "paused"] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** Slugs the back office's own paths use. */
const RESERVED_SLUGS = new Set(["new"]);
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const LIMITS = { name: 80, slug: 60, url: 2000, advertiserId: 100, description: 600, terms: 4000, categoryName: 60 } as const;

/** What a store is made of, validated and in storage units. */
export interface StoreInput {
  name: string;
  slug: string;
  category: StoreCategory;
  /** The store's own website (the `affiliate_url` column). */
  websiteUrl: string;
  network: StoreNetwork;
  advertiserId: string | null;
  trackingUrl: string | null;
  rateKind: StoreRateKind;
  /** What the network pays (members get 90% of each, app/wallet/fee.ts): the base percentage (0 for fixed-rate stores). */
  cashbackRateBps: number;
  rateFixedCents: number | null;
  newCustomerRateBps: number | null;
  categoryRates: CategoryRate[];
  /** The most commission the store pays on one order; null: no cap. */
  capCents: number | null;
  /** Days the store usually takes to confirm; null: the platform default. */
  confirmationDays: number | null;
  /** Locale → text; English always there. */
  description: Record<string, string>;
  terms: Record<string, string>;
}

const ERR = (key: string) => `admin:stores.errors.${key}`;

/** A percentage with at most two decimals as the page's locale writes it ("4.5" in en, "4,5" in de), in basis points (null if not one). */
export function percentToBps(text: string, locale: string): number | null {
  const parsed = parseLocaleDecimal(text, locale, 2);
  return parsed.ok && parsed.value <= 10_000 ? parsed.value : null;
}

/** Dollars typed in the page's locale, in cents (null if not an amount): the one amount parser. */
export function amountToCents(text: string, locale: string): number | null {
  const parsed = parseAmount(text, locale);
  return parsed.ok ? parsed.cents : null;
}

/** Basis points as the form writes them back in the page's locale: 450 → "4.5" (en), "4,5" (de). */
export function bpsToPercentText(bps: number, locale: string): string {
  return numberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 }).format(bps / 100);
}

export function centsToAmountText(cents: number, locale: string): string {
  return formatAmountInput(cents, locale);
}

/** A link the back office accepts: https, or http on this machine (local testing); never anything else. */
export function checkLink(text: string): "ok" | "invalid" | "insecure" {
  if (/\s/.test(text)) return "invalid";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "invalid";
  }
  if (!url.hostname) return "invalid";
  if (url.protocol === "https:") return "ok";
  if (url.protocol === "http:") return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) ? "ok" : "insecure";
  return "invalid";
}

const text = z.string().optional();
const perLocale = z
  .object(Object.fromEntries(LOCALES.map((locale) => [locale, text])) as Record<(typeof LOCALES)[number], typeof text>)
  .optional();

/** The form as posted (Conform leaves blank fields out). */
const RawStoreForm = z.object({
  name: text,
  slug: text,
  category: text,
  websiteUrl: text,
  network: text,
  advertiserId: text,
  trackingUrl: text,
  rateKind: text,
  ratePercent: text,
  rateFixed: text,
  newCustomerPercent: text,
  categoryRates: z
    .array(z.object({ percent: text, name: perLocale }).optional())
    .max(MAX_CATEGORY_RATES + 10)
    .optional(),
  cap: text,
  confirmationDays: text,
  description: perLocale,
  terms: perLocale,
  status: text,
});

/** The input, or null after reporting every problem on its field. */
function buildInput(
  raw: z.infer<typeof RawStoreForm>,
  ctx: z.RefinementCtx,
  options: { withStatus: boolean; locale: string },
): (StoreInput & { status: StoreStatus }) | null {
  const { locale } = options;
  let failed = false;
  const fail = (path: Array<string | number>, key: string) => {
    failed = true;
    ctx.addIssue({ code: "custom", path, message: ERR(key) });
  };
  const trimmed = (value: string | undefined) => value?.trim() ?? "";

  const name = trimmed(raw.name);
  if (!name) fail(["name"], "nameRequired");
  else if (name.length > LIMITS.name) fail(["name"], "tooLong");

  const slug = trimmed(raw.slug).toLowerCase();
  if (!slug || slug.length < 2 || slug.length > LIMITS.slug || !SLUG_PATTERN.test(slug)) fail(["slug"], "slugInvalid");
  else if (RESERVED_SLUGS.has(slug)) fail(["slug"], "slugReserved");

  const category = trimmed(raw.category);
  if (!isStoreCategory(category)) fail(["category"], "categoryInvalid");

  const websiteUrl = trimmed(raw.websiteUrl);
  if (!websiteUrl) fail(["websiteUrl"], "websiteRequired");
  else if (websiteUrl.length > LIMITS.url) fail(["websiteUrl"], "tooLong");
  else if (checkLink(websiteUrl) !== "ok") fail(["websiteUrl"], checkLink(websiteUrl) === "insecure" ? "linkInsecure" : "linkInvalid");

  const network = trimmed(raw.network) as StoreNetwork;
  if (!(STORE_NETWORKS as readonly string[]).includes(network)) fail(["network"], "networkInvalid");

  const advertiserId = trimmed(raw.advertiserId);
  if (advertiserId && !/^[\w.:-]{1,100}$/.test(advertiserId)) fail(["advertiserId"], "advertiserInvalid");

  // The tracking link: the sandbox network's is its merchant page on this server, so it needs none.
  const trackingUrl = trimmed(raw.trackingUrl);
  if (!trackingUrl) {
    if (network !== "sandbox") fail(["trackingUrl"], "trackingRequired");
  } else if (trackingUrl.length > LIMITS.url) fail(["trackingUrl"], "tooLong");
  else if (checkLink(trackingUrl) !== "ok") fail(["trackingUrl"], checkLink(trackingUrl) === "insecure" ? "linkInsecure" : "linkInvalid");
  else if (network !== "sandbox" && !trackingUrl.includes("{clickId}")) fail(["trackingUrl"], "trackingClickId");

  const rateKind = (trimmed(raw.rateKind) || "percent") as StoreRateKind;
  if (!(STORE_RATE_KINDS as readonly string[]).includes(rateKind)) fail(["rateKind"], "rateKindInvalid");
  const percent = rateKind === "percent";

  let cashbackRateBps = 0;
  let rateFixedCents: number | null = null;
  if (percent) {
    const bps = percentToBps(trimmed(raw.ratePercent), locale);
    if (bps === null || bps === 0) fail(["ratePercent"], "rateInvalid");
    else cashbackRateBps = bps;
  } else if (rateKind === "fixed") {
    const cents = amountToCents(trimmed(raw.rateFixed), locale);
    if (cents === null || cents === 0 || cents > 1_000_000) fail(["rateFixed"], "fixedInvalid");
    else rateFixedCents = cents;
  }

  let newCustomerRateBps: number | null = null;
  const newCustomer = trimmed(raw.newCustomerPercent);
  if (newCustomer) {
    const bps = percentToBps(newCustomer, locale);
    if (!percent) fail(["newCustomerPercent"], "percentOnly");
    else if (bps === null || bps === 0) fail(["newCustomerPercent"], "rateInvalid");
    else newCustomerRateBps = bps;
  }

  const categoryRates: CategoryRate[] = [];
  (raw.categoryRates ?? []).forEach((row, index) => {
    const names: Record<string, string> = Object.fromEntries(
      LOCALES.map((locale) => [locale, trimmed(row?.name?.[locale])] as const).filter(([, value]) => value !== ""),
    );
    const rowPercent = trimmed(row?.percent);
    if (!rowPercent && Object.keys(names).length === 0) return; // a blank row
    if (!percent) {
      fail(["categoryRates", index, "percent"], "percentOnly");
      return;
    }
    const bps = percentToBps(rowPercent, locale);
    if (bps === null || bps === 0) fail(["categoryRates", index, "percent"], "rateInvalid");
    if (!names.en) fail(["categoryRates", index, "name", "en"], "categoryNameRequired");
    for (const [locale, value] of Object.entries(names))
      if (value.length > LIMITS.categoryName) fail(["categoryRates", index, "name", locale], "tooLong");
    if (bps !== null && bps > 0 && names.en) categoryRates.push({ name: names, rateBps: bps });
  });
  if (categoryRates.length > MAX_CATEGORY_RATES) fail(["categoryRates"], "tooManyCategories");

  let capCents: number | null = null;
  const cap = trimmed(raw.cap);
  if (cap) {
    const cents = amountToCents(cap, locale);
    if (cents === null || cents === 0 || cents > 1_000_000) fail(["cap"], "capInvalid");
    else capCents = cents;
  }

  let confirmationDays: number | null = null;
  const days = trimmed(raw.confirmationDays);
  if (days) {
    const value = /^\d{1,3}$/.test(days) ? Number(days) : NaN;
    if (!(value >= 1 && value <= 365)) fail(["confirmationDays"], "daysInvalid");
    else confirmationDays = value;
  }

  const texts = (field: "description" | "terms", max: number, requiredKey: string) => {
    const values: Record<string, string> = {};
    for (const locale of LOCALES) {
      const value = trimmed(raw[field]?.[locale]);
      if (value.length > max) fail([field, locale], "tooLong");
      else if (value) values[locale] = value;
    }
    if (!values.en) fail([field, "en"], requiredKey);
    return values;
  };
  const description = texts("description", LIMITS.description, "descriptionRequired");
  const terms = texts("terms", LIMITS.terms, "termsRequired");

  const status = (trimmed(raw.status) || "active") as StoreStatus;
  if (options.withStatus && !(STORE_STATUSES as readonly string[]).includes(status)) fail(["status"], "statusInvalid");

  if (failed) return null;
  return {
    name,
    slug,
    category: category as StoreCategory,
    websiteUrl,
    network,
    advertiserId: advertiserId || null,
    trackingUrl: trackingUrl || null,
    rateKind,
    cashbackRateBps,
    rateFixedCents,
    newCustomerRateBps,
    categoryRates,
    capCents,
    confirmationDays,
    description,
    terms,
    status,
  };
}

/** The new-store form on a page in `locale`: the store's fields and whether it starts active or paused (`status`). */
export function newStoreSchema(locale: string) {
  return RawStoreForm.transform((raw, ctx) => buildInput(raw, ctx, { withStatus: true, locale }) ?? z.NEVER);
}
/** The edit form on a page in `locale`: the store's fields (pausing and resuming are buttons of their own). */
export function editStoreSchema(locale: string) {
  return RawStoreForm.transform((raw, ctx): StoreInput => {
    const input = buildInput(raw, ctx, { withStatus: false, locale });
    if (!input) return z.NEVER;
    const { status: _status, ...rest } = input;
    return rest;
  });
}

export interface StoreFormValues {
  name: string;
  slug: string;
  category: string;
  websiteUrl: string;
  network: string;
  advertiserId: string;
  trackingUrl: string;
  rateKind: string;
  ratePercent: string;
  rateFixed: string;
  newCustomerPercent: string;
  categoryRates: Array<{ percent: string; name: Record<string, string> }>;
  cap: string;
  confirmationDays: string;
  description: Record<string, string>;
  terms: Record<string, string>;
  status: string;
}

function byLocale(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    }
  } catch {
    // plain text: English
  }
  return { en: json };
}

/** Blank rows after the store's own category rates, so one can be added without JavaScript. */
export const BLANK_CATEGORY_ROWS = 2;

function withBlankRows(rows: StoreFormValues["categoryRates"]): StoreFormValues["categoryRates"] {
  const blanks = Math.max(0, Math.min(BLANK_CATEGORY_ROWS, MAX_CATEGORY_RATES - rows.length));
  return [...rows, ...Array.from({ length: blanks }, () => ({ percent: "", name: {} }))];
}

/** An empty form for a new store. */
export function blankStoreForm(): StoreFormValues {
  return {
    name: "",
    slug: "",
    category: STORE_CATEGORIES[0],
    websiteUrl: "",
    network: "awin",
    advertiserId: "",
    trackingUrl: "",
    rateKind: "percent",
    ratePercent: "",
    rateFixed: "",
    newCustomerPercent: "",
    categoryRates: withBlankRows([]),
    cap: "",
    confirmationDays: "",
    description: {},
    terms: {},
    status: "active",
  };
}

/** A store as its edit form shows it on a page in `locale`. */
export function storeFormValues(store: Store, locale: string): StoreFormValues {
  const fixed = store.rateKind === "fixed";
  return {
    name: store.name,
    slug: store.slug,
    category: store.category,
    websiteUrl: store.affiliateUrl,
    network: store.network,
    advertiserId: store.advertiserId ?? "",
    trackingUrl: store.trackingUrl ?? "",
    rateKind: store.rateKind,
    ratePercent: fixed ? "" : bpsToPercentText(store.cashbackRateBps, locale),
    rateFixed: store.rateFixedCents !== null ? centsToAmountText(store.rateFixedCents, locale) : "",
    newCustomerPercent: store.newCustomerRateBps !== null ? bpsToPercentText(store.newCustomerRateBps, locale) : "",
    categoryRates: withBlankRows(
      parseCategoryRates(store.categoryRates).map((rule) => ({
        percent: bpsToPercentText(rule.rateBps, locale),
        name: typeof rule.name === "string" ? { en: rule.name } : rule.name,
      })),
    ),
    cap: store.capCents !== null ? centsToAmountText(store.capCents, locale) : "",
    confirmationDays: store.confirmationDays !== null ? String(store.confirmationDays) : "",
    description: byLocale(store.description),
    terms: byLocale(store.terms),
    status: store.active ? "active" : "paused",
  };
}
