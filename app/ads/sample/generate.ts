/**
 * Sample ad exports: owns generating the ad exports of one fictional US online shop ("Northwind
 * Outdoor", USD) in the platforms' real layouts (../shared/research/ad-formats.md §1, §2): a Google
 * Ads campaign report by day, a search keyword report and an ad report (last 30 days), a search
 * terms report (the UTF-16LE tab-separated "Excel" download), Google Ads Editor keyword (with shared
 * negative keyword lists, one negative blocking an active keyword) and campaign exports, a Meta Ads Manager ad-set export by day, an Auction insights report by week (a competitor
 * gaining impression share and moving above the shop's ads, a new entrant in the last weeks) and a
 * Keyword Planner download (the keyword generator's measured volumes). The numbers are made up but realistic
 * (weekly seasonality, a slow upward trend, noise; CTR, CPC and conversion rates in the benchmark
 * ranges) and agree between the files: the keywords of a campaign add up to its days in the
 * campaign report, its ads to its keywords, each file's rows to its own totals rows.
 *
 * The data tells a story the auditor and the tips can find: "Generic - Hiking Gear" is limited by
 * budget (30–40% of impressions lost to budget), "Camping - Broad" runs broad keywords on manual CPC
 * without any negative keywords (job-seeker, free and how-to searches spend money there), several
 * keywords spend over $100 without a conversion, competitor keywords have a Quality Score of 4 or
 * less, one ad group's only ad is rated Poor, and about a fifth of the search-term spend is on
 * hidden ("Other search terms") queries.
 *
 * Deterministic (a seeded PRNG, no Math.random): the same options give the same bytes. Pure
 * TypeScript, no Node APIs (TextEncoder only): the demo seed, `npm run ads:sample`, the bench and the
 * tests call it.
 */
import { centsToDecimalString } from "../../utils/money";
import { figureAdder } from "../sums";

export const SAMPLE_ACCOUNT_NAME = "Northwind Outdoor";
export const SAMPLE_CURRENCY = "USD";
const SITE = "https://www.northwindoutdoor.example";

export interface SampleExport {
  filename: string;
  bytes: Uint8Array;
  /** One English line: what the file is (for the script's output and the README). */
  description: string;
}

export interface SampleOptions {
  /** The last day of the data, YYYY-MM-DD. */
  endDay: string;
  /** How many days the day-by-day files and the search terms report cover (default 90). */
  days?: number;
  /** Any number or text; the same seed gives the same bytes (default "northwind"). */
  seed?: number | string;
}

// ---------------------------------------------------------------------------------------------
// Randomness (mulberry32 streams, one per purpose, so one file's numbers do not depend on another's)

interface Random {
  next(): number;
  uniform(min: number, max: number): number;
  normal(): number;
  /** A multiplicative noise factor with mean 1 (log-normal). */
  jitter(sigma: number): number;
  poisson(mean: number): number;
  pick<T>(items: readonly T[]): T;
}

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function random(seed: string, label: string): Random {
  let state = hash32(`${seed}\u0000${label}`);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(Math.max(next(), 1e-12))) * Math.cos(2 * Math.PI * next());
  return {
    next,
    normal,
    uniform: (min, max) => min + (max - min) * next(),
    jitter: (sigma) => Math.exp(sigma * normal() - (sigma * sigma) / 2),
    poisson: (mean) => {
      if (mean <= 0) return 0;
      if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal()));
      const limit = Math.exp(-mean);
      let k = 0;
      let p = next();
      while (p > limit) {
        k++;
        p *= next();
      }
      return k;
    },
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

// ---------------------------------------------------------------------------------------------
// Days

const DAY_MS = 86_400_000;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function dayMs(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const ms = m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`not a day (YYYY-MM-DD): ${day}`);
  return ms;
}
const addDays = (day: string, n: number) => new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10);
const weekday = (day: string) => new Date(dayMs(day)).getUTCDay();
/** `May 1, 2026` (the English Google Ads UI). */
function usDate(day: string): string {
  const d = new Date(dayMs(day));
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
/** `Mar-3-2026` (Meta's export file names). */
function metaFileDate(day: string): string {
  const d = new Date(dayMs(day));
  return `${MONTHS[d.getUTCMonth()]!.slice(0, 3)}-${d.getUTCDate()}-${d.getUTCFullYear()}`;
}

/** Outdoor retail searches peak at weekends (Sunday first). */
const WEEKDAY = [1.12, 0.95, 0.93, 0.95, 0.98, 0.96, 1.14];
/** Growth per day towards the season (about +17% over 90 days). */
const TREND = 0.0018;

// ---------------------------------------------------------------------------------------------
// Values as the platforms write them

const MISSING = " --";
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const pad2 = (n: number) => String(n).padStart(2, "0");
/** `25,881` (Google counts). */
const count = (n: number) => grouped(String(n));
/** `199421.15` (Google and Meta amounts: no thousands separators). */
const money = centsToDecimalString;
/** `4,838.80` (Google conversions, from hundredths). */
const conversions = (hundredths: number) => `${grouped(String(Math.floor(hundredths / 100)))}.${pad2(hundredths % 100)}`;
/** `77.77%`; ` --` without a denominator. */
const percent = (numerator: number, denominator: number, none = MISSING) =>
  denominator > 0 ? `${(Math.round((numerator * 10_000) / denominator) / 100).toFixed(2)}%` : none;
/** Google's average amounts (`0` when there is nothing to divide by). */
const average = (cents: number, per: number) => (per > 0 ? money(Math.round(cents / per)) : "0");
/** Meta's plain decimals: up to 8 places, trailing zeros dropped. */
const decimal = (value: number, places = 8) => value.toFixed(places).replace(/\.?0+$/, "");
/** Google's impression-share cells, with the platform's bounds. */
function share(value: number): string {
  if (value > 0.9) return "> 90%";
  if (value < 0.1) return "< 10%";
  return `${(Math.round(value * 10_000) / 100).toFixed(2)}%`;
}

function cell(value: string, delimiter: string): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
function table(lines: readonly (readonly string[])[], delimiter: string, eol: string): string {
  return lines.map((cells) => cells.map((value) => cell(value, delimiter)).join(delimiter)).join(eol) + eol;
}
const utf8 = (text: string) => new TextEncoder().encode(text);
/** UTF-16LE with the BOM `FF FE` (Google's "Excel .csv" download and Google Ads Editor exports). */
function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 + i * 2] = unit & 0xff;
    bytes[3 + i * 2] = unit >>> 8;
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// The account

type CampaignType = "Search" | "Shopping";

interface CampaignSpec {
  name: string;
  type: CampaignType;
  budgetCents: number;
  bidStrategy: string;
  /** Eligible impressions a day (100% impression share) on the last day of the trend. */
  searches: number;
  /** Mean share of impressions lost to ad rank. */
  lostRank: number;
  ctr: number;
  cpcCents: number;
  /** Conversions per click. */
  cvr: number;
  /** Average order value. */
  aovCents: number;
  /** Paused this many days before the end day (no traffic since). */
  pausedDaysAgo?: number;
  /** Share of the search-term clicks on hidden ("Other search terms") queries. */
  hiddenShare: number;
  networks: string;
  targetingMethod: string;
  startDaysAgo: number;
}

const PRESENCE = "Location of presence";
const PRESENCE_OR_INTEREST = "Location of presence or Area of interest";

const CAMPAIGNS: readonly CampaignSpec[] = [
  {
    name: "Brand",
    type: "Search",
    budgetCents: 12_000,
    bidStrategy: "Target impression share",
    searches: 460,
    lostRank: 0.04,
    ctr: 0.21,
    cpcCents: 82,
    cvr: 0.105,
    aovCents: 9_800,
    hiddenShare: 0.08,
    networks: "Google search;Search Partners",
    targetingMethod: PRESENCE,
    startDaysAgo: 1_460,
  },
  {
    name: "Generic - Hiking Gear",
    type: "Search",
    budgetCents: 15_000,
    bidStrategy: "Maximize Conversions",
    searches: 2_750,
    lostRank: 0.12,
    ctr: 0.055,
    cpcCents: 210,
    cvr: 0.042,
    aovCents: 11_400,
    hiddenShare: 0.22,
    networks: "Google search",
    targetingMethod: PRESENCE,
    startDaysAgo: 1_100,
  },
  {
    name: "Competitors",
    type: "Search",
    budgetCents: 10_000,
    bidStrategy: "Manual CPC",
    searches: 1_700,
    lostRank: 0.55,
    ctr: 0.028,
    cpcCents: 380,
    cvr: 0.018,
    aovCents: 11_500,
    hiddenShare: 0.15,
    networks: "Google search",
    targetingMethod: PRESENCE,
    startDaysAgo: 420,
  },
  {
    name: "Shopping - All Products",
    type: "Shopping",
    budgetCents: 25_000,
    bidStrategy: "Maximize Conversion Value",
    searches: 30_000,
    lostRank: 0.35,
    ctr: 0.011,
    cpcCents: 62,
    cvr: 0.022,
    aovCents: 8_900,
    hiddenShare: 0,
    networks: "Google search;Search Partners",
    targetingMethod: PRESENCE,
    startDaysAgo: 900,
  },
  {
    name: "Camping - Broad",
    type: "Search",
    budgetCents: 11_000,
    bidStrategy: "Manual CPC",
    searches: 5_000,
    lostRank: 0.48,
    ctr: 0.024,
    cpcCents: 135,
    cvr: 0.011,
    aovCents: 12_000,
    hiddenShare: 0.3,
    networks: "Google search;Search Partners;Display Network",
    targetingMethod: PRESENCE_OR_INTEREST,
    startDaysAgo: 240,
  },
  {
    name: "Clearance Sale",
    type: "Search",
    budgetCents: 5_000,
    bidStrategy: "Maximize Clicks",
    searches: 1_800,
    lostRank: 0.2,
    ctr: 0.045,
    cpcCents: 95,
    cvr: 0.03,
    aovCents: 6_500,
    pausedDaysAgo: 35,
    hiddenShare: 0.18,
    networks: "Google search;Search Partners",
    targetingMethod: PRESENCE_OR_INTEREST,
    startDaysAgo: 130,
  },
];

export const SAMPLE_CAMPAIGNS: readonly string[] = CAMPAIGNS.map((campaign) => campaign.name);

type Rating = "A" | "M" | "B";
const RATING_WORD: Record<Rating, string> = { A: "Above average", M: "Average", B: "Below average" };

/** [ad group, keyword as Google writes it (match type in its punctuation), weight, QS parts (expected CTR, ad relevance, landing page), conversion factor (0: never converts), CPC factor, wasted search terms it matches]. */
type KeywordRow = [string, string, number, `${Rating}${Rating}${Rating}`, number, number, string[]?];

const KEYWORDS: Record<string, KeywordRow[]> = {
  Brand: [
    ["Brand", "[northwind outdoor]", 50, "AAA", 1.1, 0.9],
    ["Brand", '"northwind outdoor"', 20, "AAA", 1.0, 1.0],
    ["Brand", "[northwind outdoor store]", 8, "AAA", 1.0, 1.0],
    ["Brand", '"northwind hiking boots"', 6, "AMA", 0.9, 1.2],
    ["Brand", "[northwind outdoor coupon]", 6, "AAM", 1.3, 0.9],
    ["Brand", "northwind outdoor returns", 3, "AMM", 0, 1.0],
  ],
  "Generic - Hiking Gear": [
    [
      "Hiking Boots",
      '"hiking boots"',
      30,
      "MAM",
      1.0,
      1.0,
      ["how to lace hiking boots", "how to waterproof hiking boots", "hiking boots repair near me"],
    ],
    ["Hiking Boots", "[waterproof hiking boots]", 14, "AAM", 1.2, 1.05],
    ["Hiking Boots", '"womens hiking boots"', 16, "MAA", 1.15, 1.0],
    ["Hiking Boots", '"mens hiking boots"', 15, "MAA", 1.1, 1.0],
    ["Hiking Boots", '"best hiking boots"', 12, "MMM", 0, 1.15],
    ["Hiking Boots", "[hiking boots sale]", 8, "AAA", 1.4, 0.9],
    ["Hiking Boots", '"hiking shoes"', 10, "MMA", 0.9, 0.95],
    ["Hiking Boots", '"trail running shoes"', 9, "BMM", 0, 1.1],
    ["Backpacks", "[hiking backpack]", 16, "MAA", 1.0, 1.0],
    ["Backpacks", '"daypack"', 8, "MMM", 0.8, 0.9],
    ["Backpacks", '"ultralight backpack"', 10, "BMB", 0, 1.25],
    ["Backpacks", "[backpacking pack]", 7, "MAM", 1.0, 1.0],
    ["Backpacks", '"hiking backpack 40l"', 5, "AAA", 1.3, 0.95],
    ["Rain Jackets", '"rain jacket"', 14, "MAM", 0.9, 1.0, ["how to wash rain jacket"]],
    ["Rain Jackets", '"womens rain jacket"', 8, "AAA", 1.2, 1.0],
    ["Rain Jackets", '"packable rain jacket"', 6, "AAM", 1.1, 0.95],
    ["Rain Jackets", '"waterproof jacket"', 12, "MMB", 0, 1.1],
    ["Trekking Poles", "[trekking poles]", 6, "AAA", 1.1, 0.8],
    ["Trekking Poles", '"collapsible trekking poles"', 3, "AAA", 1.2, 0.8],
    ["Trekking Poles", '"hiking poles"', 3, "MAM", 0.9, 0.8],
  ],
  Competitors: [
    ["Summit Ridge", "[summit ridge outfitters]", 10, "BMB", 0.8, 1.0],
    ["Summit Ridge", '"summit ridge hiking boots"', 6, "BMM", 1.0, 1.1],
    ["Summit Ridge", '"summit ridge coupon"', 4, "BBM", 0, 0.9],
    ["Trailhead Co", "[trailhead co]", 8, "MMB", 0.9, 1.0],
    ["Trailhead Co", '"trailhead co backpacks"', 5, "MMB", 1.0, 1.0],
    ["Trailhead Co", '"trailhead co jackets"', 4, "BMB", 0.7, 1.0],
    ["Alpenglow Gear", "[alpenglow gear]", 7, "MMB", 1.0, 1.0],
    ["Alpenglow Gear", '"alpenglow tents"', 5, "BBM", 0, 1.1],
    ["Alpenglow Gear", '"alpenglow gear sale"', 3, "MMM", 1.2, 0.9],
    ["Alpenglow Gear", '"alpenglow vs northwind"', 2, "MAM", 1.5, 0.9],
  ],
  "Camping - Broad": [
    ["Tents", "camping tents", 20, "MMM", 1.0, 1.0, ["how to set up a tent", "how to pitch a tent in the rain", "tent camping tips"]],
    ["Tents", "4 person tent", 10, "MAM", 1.2, 0.95],
    ["Tents", "backpacking tent", 10, "MAA", 1.2, 1.05],
    ["Tents", "family camping tent", 6, "MAM", 1.1, 1.0],
    ["Tents", "tent", 14, "BBM", 0, 0.85, ["tent rental near me", "how to fold a tent"]],
    ["Sleeping Bags", "sleeping bag", 14, "MMM", 0.9, 1.0, ["how to wash a sleeping bag"]],
    ["Sleeping Bags", "down sleeping bag", 6, "MAA", 1.2, 1.05],
    ["Sleeping Bags", "cold weather sleeping bag", 6, "MAM", 1.1, 1.0],
    ["Sleeping Bags", "sleeping pad", 6, "MMM", 1.0, 0.95],
    [
      "Camping Gear",
      "camping gear",
      18,
      "MBM",
      0,
      1.0,
      ["camping gear jobs", "outdoor gear store jobs near me", "free camping gear", "camping gear list pdf"],
    ],
    ["Camping Gear", "camping equipment", 10, "MMM", 0.8, 1.0],
    [
      "Camping Gear",
      "camping",
      10,
      "BMB",
      0.3,
      0.9,
      [
        "camping jobs",
        "camp counselor jobs",
        "park ranger jobs",
        "free camping near me",
        "free camping sites",
        "campground host jobs hiring",
      ],
    ],
    [
      "Camping Gear",
      "outdoor gear",
      12,
      "BMM",
      0,
      1.0,
      ["outdoor retail jobs", "outdoor gear company careers", "outdoor industry internship", "outdoor gear store manager salary"],
    ],
    ["Camp Kitchen", "camping stove", 6, "MAM", 1.0, 0.95, ["how to use a camping stove", "camping stove recipes"]],
    ["Camp Kitchen", "camp cookware", 5, "MMA", 1.0, 0.9],
    ["Camp Kitchen", "backpacking stove", 4, "MAA", 1.2, 0.95],
    ["Camp Kitchen", "camping cooler", 5, "MMM", 0.9, 1.0],
    ["Camp Kitchen", "camping chairs", 6, "MMM", 0.9, 0.85],
    ["Camp Kitchen", "hammock", 5, "MMM", 0.4, 0.8],
  ],
  "Clearance Sale": [
    ["Clearance", '"outdoor gear sale"', 20, "MAM", 1.0, 1.0],
    ["Clearance", '"hiking boots clearance"', 12, "AAA", 1.3, 1.0],
    ["Clearance", "[camping gear sale]", 10, "AAM", 1.1, 1.0],
    ["Clearance", '"winter jackets sale"', 10, "MMM", 0.8, 1.0],
    ["Clearance", '"tent sale"', 8, "MAM", 1.0, 1.0],
  ],
};

/** Negative keywords in the Editor export: some campaigns only ("Camping - Broad" and "Competitors" have none). */
const NEGATIVES: Record<string, [string, string, "Negative Broad" | "Negative Phrase" | "Negative Exact"][]> = {
  Brand: [
    ["Brand", "jobs", "Negative Phrase"],
    ["Brand", "careers", "Negative Broad"],
  ],
  "Generic - Hiking Gear": [
    ["Hiking Boots", "used", "Negative Broad"],
    ["Hiking Boots", "hiking boots repair near me", "Negative Exact"],
    ["Backpacks", "rental", "Negative Phrase"],
    ["Rain Jackets", "free", "Negative Broad"],
  ],
  "Clearance Sale": [["Clearance", "free", "Negative Broad"]],
};

/**
 * Shared negative keyword lists (Editor's Shared library, issue #28): [list, keyword, criterion type]
 * and the campaigns each is applied to. "Off-topic" holds the phrase negative "running shoes", which
 * blocks the active keyword "trail running shoes" of Generic - Hiking Gear: the demo's negative
 * conflict (/ads/negatives).
 */
const SHARED_NEGATIVE_LISTS: Array<{
  name: string;
  negatives: [string, "Negative Broad" | "Negative Phrase" | "Negative Exact"][];
  campaigns: string[];
}> = [
  {
    name: "Northwind - Job seekers",
    negatives: [
      ["jobs", "Negative Broad"],
      ["careers", "Negative Broad"],
      ["salary", "Negative Broad"],
    ],
    campaigns: ["Brand", "Generic - Hiking Gear"],
  },
  {
    name: "Northwind - Off-topic",
    negatives: [
      ["running shoes", "Negative Phrase"],
      ["repair", "Negative Broad"],
      ["[cheap hiking boots]", "Negative Exact"],
    ],
    campaigns: ["Generic - Hiking Gear"],
  },
];

type StrengthWord = "Excellent" | "Good" | "Average" | "Poor";

interface AdGroupSpec {
  product: string;
  slug: string;
  paths: [string, string];
  ads: StrengthWord[];
  /** The ads are limited by policy (a competitor's trademark). */
  limited?: boolean;
  brand?: boolean;
}

const AD_GROUPS: Record<string, AdGroupSpec> = {
  "Brand/Brand": { product: "Outdoor Gear", slug: "", paths: ["official", "store"], ads: ["Excellent", "Good"], brand: true },
  "Generic - Hiking Gear/Hiking Boots": {
    product: "Hiking Boots",
    slug: "hiking-boots",
    paths: ["hiking", "boots"],
    ads: ["Excellent", "Good"],
  },
  "Generic - Hiking Gear/Backpacks": { product: "Backpacks", slug: "backpacks", paths: ["hiking", "backpacks"], ads: ["Good", "Average"] },
  "Generic - Hiking Gear/Rain Jackets": { product: "Rain Jackets", slug: "rain-jackets", paths: ["rain", "jackets"], ads: ["Good"] },
  "Generic - Hiking Gear/Trekking Poles": {
    product: "Trekking Poles",
    slug: "trekking-poles",
    paths: ["hiking", "poles"],
    ads: ["Average"],
  },
  "Competitors/Summit Ridge": {
    product: "Hiking Boots",
    slug: "hiking-boots",
    paths: ["hiking", "boots"],
    ads: ["Average"],
    limited: true,
  },
  "Competitors/Trailhead Co": { product: "Backpacks", slug: "backpacks", paths: ["hiking", "backpacks"], ads: ["Average"] },
  "Competitors/Alpenglow Gear": { product: "Tents", slug: "tents", paths: ["camping", "tents"], ads: ["Good"] },
  "Camping - Broad/Tents": { product: "Tents", slug: "tents", paths: ["camping", "tents"], ads: ["Poor"] },
  "Camping - Broad/Sleeping Bags": {
    product: "Sleeping Bags",
    slug: "sleeping-bags",
    paths: ["camping", "sleeping-bags"],
    ads: ["Average", "Good"],
  },
  "Camping - Broad/Camping Gear": { product: "Camping Gear", slug: "camping", paths: ["camping", "gear"], ads: ["Poor", "Average"] },
  "Camping - Broad/Camp Kitchen": { product: "Camp Stoves", slug: "camp-kitchen", paths: ["camping", "kitchen"], ads: ["Good"] },
  "Clearance Sale/Clearance": { product: "Outdoor Gear", slug: "sale", paths: ["sale", "clearance"], ads: ["Good"] },
};

function adGroupSpec(campaign: string, adGroup: string): AdGroupSpec {
  return AD_GROUPS[`${campaign}/${adGroup}`] ?? { product: "Outdoor Gear", slug: "", paths: ["outdoor", "gear"], ads: ["Good"] };
}

// ---------------------------------------------------------------------------------------------
// Metrics

interface Totals {
  impressions: number;
  clicks: number;
  costCents: number;
  /** Conversions in hundredths (Google writes two decimals). */
  conversionsH: number;
  valueCents: number;
}

const zero = (): Totals => ({ impressions: 0, clicks: 0, costCents: 0, conversionsH: 0, valueCents: 0 });
const add = figureAdder<keyof Totals>(["impressions", "clicks", "costCents", "conversionsH", "valueCents"]);
const sum = (rows: readonly Totals[]) => rows.reduce((total, row) => add(total, row), zero());

interface CampaignDay extends Totals {
  day: string;
  campaign: CampaignSpec;
  impressionShare: number;
  lostBudget: number;
  lostRank: number;
}

/** One campaign's days: searches × weekday × trend × noise, capped by the budget (the rest is lost to budget). */
function campaignDays(spec: CampaignSpec, days: readonly string[], seed: string): CampaignDay[] {
  const rng = random(seed, `campaign:${spec.name}`);
  const rows: CampaignDay[] = [];
  days.forEach((day, index) => {
    // Every draw is made every day, so pausing a campaign does not shift the others' numbers.
    const noise = rng.jitter(0.07);
    const ctrNoise = rng.jitter(0.06);
    const cpcNoise = rng.jitter(0.05);
    const cvrNoise = rng.jitter(0.2);
    const aovNoise = rng.jitter(0.1);
    const rankNoise = rng.normal();
    const cap = spec.budgetCents * rng.uniform(0.95, 1.1);
    const smallLoss = rng.uniform(0, 0.04);
    const [r1, r2, r3] = [rng.next(), rng.next(), rng.next()];
    const daysBeforeEnd = days.length - 1 - index;
    if (spec.pausedDaysAgo !== undefined && daysBeforeEnd < spec.pausedDaysAgo) return;

    const weekend = weekday(day) === 0 || weekday(day) === 6;
    const eligible = spec.searches * WEEKDAY[weekday(day)]! * Math.exp(TREND * (index - (days.length - 1))) * noise;
    const lostRank = Math.min(0.95, Math.max(0.005, spec.lostRank + 0.025 * rankNoise));
    const ctr = spec.ctr * ctrNoise * (weekend ? 1.03 : 1);
    const cpc = spec.cpcCents * cpcNoise;
    let impressions = eligible * (1 - lostRank);
    let clicks = impressions * ctr;
    let lostBudget: number;
    if (clicks * cpc > cap) {
      const served = cap / (clicks * cpc);
      impressions *= served;
      clicks *= served;
      lostBudget = (1 - lostRank) * (1 - served);
    } else {
      impressions *= 1 - smallLoss;
      clicks *= 1 - smallLoss;
      lostBudget = (1 - lostRank) * smallLoss;
    }
    const impr = Math.floor(impressions + r1);
    const clk = Math.min(impr, Math.floor(clicks + r2));
    const costCents = Math.round(clk * cpc);
    // Conversions are fractional (data-driven attribution), and none on some low-volume days.
    const expected = clk * spec.cvr * (weekend ? 0.92 : 1.04);
    const conv = expected > 0 && r3 >= Math.exp(-expected) ? (expected * cvrNoise) / (1 - Math.exp(-expected)) : 0;
    const conversionsH = Math.round(conv * 100);
    rows.push({
      day,
      campaign: spec,
      impressions: impr,
      clicks: clk,
      costCents,
      conversionsH,
      valueCents: Math.round((conversionsH / 100) * spec.aovCents * aovNoise),
      impressionShare: 1 - lostRank - lostBudget,
      lostBudget,
      lostRank,
    });
  });
  return rows;
}

/** `total` split into integers in proportion to `weights` (largest remainder; equal weights when all are 0). */
function apportion(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const positive = weights.map((w) => (w > 0 && Number.isFinite(w) ? w : 0));
  const weightSum = positive.reduce((a, b) => a + b, 0);
  const used = weightSum > 0 ? positive : positive.map(() => 1);
  const usedSum = weightSum > 0 ? weightSum : used.length;
  const exact = used.map((w) => (total * w) / usedSum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]!.index]!++;
  return parts;
}

interface AllocationItem {
  /** Share of impressions. */
  weight: number;
  /** Relative CTR, CPC, conversion rate and order value. */
  ctr: number;
  cpc: number;
  cvr: number;
  aov: number;
  /** Google's hidden "Other search terms": no impressions, a fixed share of the clicks. */
  clickShare?: number;
}

/** Splits a total over items so that the parts add up to it exactly, with clicks ≤ impressions on every item that has impressions. */
function allocate(total: Totals, items: readonly AllocationItem[]): Totals[] {
  const hidden = items.map((item) => item.clickShare !== undefined);
  const impressions = apportion(
    total.impressions,
    items.map((item, i) => (hidden[i] ? 0 : item.weight)),
  );
  const fixed = items.map((item) => (item.clickShare !== undefined ? Math.round(total.clicks * item.clickShare) : 0));
  const rest = apportion(
    total.clicks - fixed.reduce((a, b) => a + b, 0),
    items.map((item, i) => (hidden[i] ? 0 : impressions[i]! * item.ctr)),
  );
  const clicks = items.map((_, i) => (hidden[i] ? fixed[i]! : rest[i]!));
  // Clicks never exceed impressions: move the excess where there is room.
  for (let i = 0; i < items.length; i++) {
    if (hidden[i]) continue;
    let excess = clicks[i]! - impressions[i]!;
    while (excess > 0) {
      let best = -1;
      for (let j = 0; j < items.length; j++)
        if (
          !hidden[j] &&
          impressions[j]! - clicks[j]! > 0 &&
          (best < 0 || impressions[j]! - clicks[j]! > impressions[best]! - clicks[best]!)
        )
          best = j;
      if (best < 0) break;
      const moved = Math.min(excess, impressions[best]! - clicks[best]!);
      clicks[best]! += moved;
      clicks[i]! -= moved;
      excess -= moved;
    }
  }
  const cost = apportion(
    total.costCents,
    items.map((item, i) => clicks[i]! * item.cpc),
  );
  const convWeights = items.map((item, i) => clicks[i]! * item.cvr);
  const conversionsH = apportion(total.conversionsH, convWeights.some((w) => w > 0) ? convWeights : clicks);
  const valueWeights = items.map((item, i) => conversionsH[i]! * item.aov);
  const value = apportion(total.valueCents, valueWeights.some((w) => w > 0) ? valueWeights : cost);
  return items.map((_, i) => ({
    impressions: impressions[i]!,
    clicks: clicks[i]!,
    costCents: cost[i]!,
    conversionsH: conversionsH[i]!,
    valueCents: value[i]!,
  }));
}

/** Google's metric cells for a row. */
function googleMetrics(t: Totals) {
  return {
    impr: count(t.impressions),
    clicks: count(t.clicks),
    ctr: percent(t.clicks, t.impressions),
    cpc: average(t.costCents, t.clicks),
    cost: money(t.costCents),
    conv: conversions(t.conversionsH),
    convRate: percent(t.conversionsH, t.clicks * 100, "0.00%"),
    cpa: t.conversionsH > 0 ? money(Math.round((t.costCents * 100) / t.conversionsH)) : "0",
    value: money(t.valueCents),
    roas: t.costCents > 0 ? (Math.round((t.valueCents * 100) / t.costCents) / 100).toFixed(2) : "0.00",
  };
}

/** The keyword and ad reports' performance columns, and a row's cells for them. */
const PERFORMANCE_COLUMNS = ["Currency code", "Impr.", "Clicks", "CTR", "Avg. CPC", "Cost", "Conversions", "Conv. rate", "Cost / conv."];

function performanceCells(t: Totals): string[] {
  const m = googleMetrics(t);
  return [SAMPLE_CURRENCY, m.impr, m.clicks, m.ctr, m.cpc, m.cost, m.conv, m.convRate, m.cpa];
}

// ---------------------------------------------------------------------------------------------
// Keywords and search terms

interface Keyword {
  campaign: CampaignSpec;
  adGroup: string;
  /** As written in Google reports: `[exact]`, `"phrase"`, broad. */
  written: string;
  text: string;
  match: "exact" | "phrase" | "broad";
  weight: number;
  ratings: [Rating, Rating, Rating];
  qualityScore: number;
  cvr: number;
  cpc: number;
  waste: string[];
}

const MATCH_WORD = { exact: "Exact match", phrase: "Phrase match", broad: "Broad match" } as const;

function keywords(): Keyword[] {
  return CAMPAIGNS.flatMap((campaign) =>
    (KEYWORDS[campaign.name] ?? []).map(([adGroup, written, weight, qs, cvr, cpc, waste]) => {
      const match = written.startsWith("[") ? "exact" : written.startsWith('"') ? "phrase" : "broad";
      const ratings = qs.split("") as [Rating, Rating, Rating];
      // Google's Quality Score from its three parts (expected CTR and landing page weigh most).
      const part = { A: 3.5, M: 1.75, B: 0 };
      const score = 1 + part[ratings[0]] + { A: 2, M: 1, B: 0 }[ratings[1]] + part[ratings[2]];
      return {
        campaign,
        adGroup,
        written,
        text: match === "broad" ? written : written.slice(1, -1),
        match,
        weight,
        ratings,
        qualityScore: Math.min(10, Math.max(1, Math.round(score))),
        cvr,
        cpc,
        waste: waste ?? [],
      } satisfies Keyword;
    }),
  );
}

const CTR_BY_RATING: Record<Rating, number> = { A: 1.35, M: 1.0, B: 0.7 };
const PREFIXES = ["best", "cheap", "buy", "lightweight", "discount", "top rated"];
const SUFFIXES = ["sale", "near me", "reviews", "on sale", "online", "deals", "clearance", "for beginners"];
const CLOSE_VARIANTS: Record<string, string> = {
  "northwind outdoor": "north wind outdoor",
  "northwind outdoor store": "northwind outdoors store",
  "northwind outdoor coupon": "northwind outdoor coupons",
  "trailhead co": "trailhead company",
  "summit ridge outfitters": "summit ridge outfitter",
  "alpenglow gear": "alpen glow gear",
  "camping gear sale": "camping gear sales",
};

function closeVariant(text: string): string {
  if (CLOSE_VARIANTS[text]) return CLOSE_VARIANTS[text]!;
  return /[^s]s$/.test(text) ? text.slice(0, -1) : `${text}s`;
}

interface SearchTerm {
  term: string;
  keyword: Keyword;
  matchType: string;
  addedExcluded: "None" | "Added" | "Excluded";
  item: AllocationItem;
}

const EXCLUDED_TERMS = new Set(
  NEGATIVES["Generic - Hiking Gear"]!.filter(([, , type]) => type === "Negative Exact").map(([, text]) => text),
);

function searchTerms(all: readonly Keyword[], seed: string): Map<string, SearchTerm[]> {
  const rng = random(seed, "search-terms");
  const byCampaign = new Map<string, SearchTerm[]>();
  for (const keyword of all) {
    const list = byCampaign.get(keyword.campaign.name) ?? [];
    byCampaign.set(keyword.campaign.name, list);
    const seen = new Set(list.map((term) => term.term));
    const ctr = CTR_BY_RATING[keyword.ratings[0]];
    const push = (term: string, matchType: string, weight: number, cvr: number, addedExcluded: SearchTerm["addedExcluded"] = "None") => {
      if (seen.has(term)) return;
      seen.add(term);
      list.push({
        term,
        keyword,
        matchType,
        addedExcluded,
        item: {
          weight: keyword.weight * weight * rng.jitter(0.25),
          ctr: ctr * rng.jitter(0.15),
          cpc: keyword.cpc * rng.jitter(0.1),
          cvr: cvr * rng.jitter(0.3),
          aov: rng.jitter(0.1),
        },
      });
    };
    const modified = () => (rng.next() < 0.5 ? `${rng.pick(PREFIXES)} ${keyword.text}` : `${keyword.text} ${rng.pick(SUFFIXES)}`);
    if (keyword.match === "exact") {
      push(keyword.text, "Exact match", 0.7, keyword.cvr, "Added");
      push(closeVariant(keyword.text), "Exact match (close variant)", 0.3, keyword.cvr);
    } else {
      push(keyword.text, MATCH_WORD[keyword.match], 0.45, keyword.cvr);
      push(modified(), MATCH_WORD[keyword.match], 0.2, keyword.cvr);
      push(modified(), MATCH_WORD[keyword.match], 0.15, keyword.cvr);
      if (keyword.match === "broad") push(modified(), MATCH_WORD[keyword.match], 0.1, keyword.cvr);
    }
    for (const waste of keyword.waste) push(waste, MATCH_WORD[keyword.match], 0.12, 0, EXCLUDED_TERMS.has(waste) ? "Excluded" : "None");
  }
  return byCampaign;
}

// ---------------------------------------------------------------------------------------------
// Ads

interface Ad {
  campaign: string;
  adGroup: string;
  spec: AdGroupSpec;
  strength: StrengthWord;
  headlines: string[];
  descriptions: string[];
  pinnedFirst: boolean;
}

const STRENGTH_ASSETS: Record<StrengthWord, [number, number, string]> = {
  Excellent: [15, 4, ""],
  Good: [11, 3, "Try including more keywords in your descriptions"],
  Average: [6, 2, "Add more headlines;Add 2 more sitelinks in your ad"],
  Poor: [3, 2, "Add more headlines;Make your headlines more unique;Include popular keywords in your headlines;Add more descriptions"],
};
const STRENGTH_CTR: Record<StrengthWord, number> = { Excellent: 1.12, Good: 1.0, Average: 0.9, Poor: 0.78 };
const STRENGTH_WEIGHT: Record<StrengthWord, number> = { Excellent: 1.3, Good: 1.0, Average: 0.8, Poor: 0.6 };

function adsFor(campaign: string, adGroup: string): Ad[] {
  const spec = adGroupSpec(campaign, adGroup);
  const p = spec.product;
  const lower = p.toLowerCase();
  const pool = [
    `Shop ${p}`,
    `${p} at Northwind`,
    "Free Shipping Over $50",
    "Free 60-Day Returns",
    `Top-Rated ${p}`,
    "Northwind Outdoor",
    `New ${p} In Stock`,
    "Gear Tested on Real Trails",
    "Order Today, Ships Tomorrow",
    "Members Save 10%",
    "Expert Fit Advice, 7 Days",
    `${p} From Top Brands`,
    "Price Match Guarantee",
    "Trusted by 200,000 Hikers",
    `Lightweight ${p}`,
  ];
  if (spec.brand) pool[0] = "Northwind Outdoor Official";
  const descriptions = [
    `Shop ${lower} from brands hikers trust. Free shipping over $50, free returns.`,
    "Every product is tested by our staff on real trails. Expert advice by chat, 7 days a week.",
    `Find the right ${lower} for your next trip. Order by 3 pm, ships the same day.`,
    "Join Northwind Rewards and save 10% on your first order. Price match guarantee.",
  ];
  return spec.ads.map((strength, index) => {
    const [headlineCount, descriptionCount] = STRENGTH_ASSETS[strength];
    const rotated = index === 0 ? pool : [...pool.slice(3), ...pool.slice(0, 3)];
    const headlines = strength === "Poor" ? [p, "Shop Now", "Northwind Outdoor"] : rotated.slice(0, headlineCount);
    return {
      campaign,
      adGroup,
      spec,
      strength,
      headlines,
      descriptions: descriptions.slice(index % 2, (index % 2) + descriptionCount),
      pinnedFirst: Boolean(spec.brand && index === 0),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The files

function dateLine(start: string, end: string): string {
  return `${usDate(start)} - ${usDate(end)}`;
}

function campaignReport(rows: readonly CampaignDay[], start: string, end: string): string {
  const header = [
    "Day",
    "Campaign status",
    "Campaign",
    "Budget",
    "Budget type",
    "Status",
    "Status reasons",
    "Campaign type",
    "Currency code",
    "Impr.",
    "Interactions",
    "Interaction rate",
    "Cost",
    "Clicks",
    "CTR",
    "Avg. CPC",
    "Conv. rate",
    "Conversions",
    "Cost / conv.",
    "Conv. value",
    "Conv. value / cost",
    "Bid strategy type",
    "Search impr. share",
    "Search lost IS (budget)",
    "Search lost IS (rank)",
  ];
  const line = (first: string, attributes: string[], t: Totals, tail: string[]) => {
    const m = googleMetrics(t);
    return [
      first,
      ...attributes,
      SAMPLE_CURRENCY,
      m.impr,
      m.clicks,
      m.ctr,
      m.cost,
      m.clicks,
      m.ctr,
      m.cpc,
      m.convRate,
      m.conv,
      m.cpa,
      m.value,
      m.roas,
      ...tail,
    ];
  };
  const lines: string[][] = [["Campaign report"], [dateLine(start, end)], header];
  for (const row of rows) {
    const c = row.campaign;
    const paused = c.pausedDaysAgo !== undefined;
    const limited = c.name.startsWith("Generic");
    lines.push(
      line(
        row.day,
        [
          paused ? "Paused" : "Enabled",
          c.name,
          money(c.budgetCents),
          "Daily",
          paused ? "Paused" : limited ? "Eligible (Limited)" : "Eligible",
          paused ? "campaign paused" : limited ? "limited by budget" : "",
          c.type,
        ],
        row,
        [c.bidStrategy, share(row.impressionShare), share(row.lostBudget), share(row.lostRank)],
      ),
    );
  }
  const all = sum(rows);
  const none = Array.from({ length: 3 }, () => MISSING);
  lines.push(
    line(
      "Total: Campaigns",
      Array.from({ length: 7 }, () => MISSING),
      all,
      [MISSING, ...none],
    ),
  );
  lines.push(line("Total: Account", ["", "", "", "", "", "", ""], all, ["", "", "", ""]));
  for (const type of ["Search", "Shopping"] as const) {
    const ofType = rows.filter((row) => row.campaign.type === type);
    if (ofType.length) lines.push(line(`Total: ${type}`, ["", "", "", "", "", "", type], sum(ofType), ["", "", "", ""]));
  }
  return table(lines, ",", "\n");
}

interface KeywordResult {
  keyword: Keyword;
  totals: Totals;
}

function keywordReport(results: readonly KeywordResult[], start: string, end: string): string {
  const header = [
    "Keyword status",
    "Keyword",
    "Match type",
    "Campaign",
    "Ad group",
    "Status",
    "Status reasons",
    "Final URL",
    "Max. CPC",
    "Quality Score",
    "Exp. CTR",
    "Ad relevance",
    "Landing page exp.",
    ...PERFORMANCE_COLUMNS,
    "Conv. value",
  ];
  const metrics = (t: Totals) => [...performanceCells(t), googleMetrics(t).value];
  const lines: string[][] = [["Search keyword report"], [dateLine(start, end)], header];
  for (const { keyword: k, totals } of results) {
    const manual = k.campaign.bidStrategy === "Manual CPC";
    const maxCpc = manual ? money(Math.round((k.campaign.cpcCents * k.cpc * 1.35) / 5) * 5) : MISSING;
    const low = k.qualityScore <= 3;
    lines.push([
      "Enabled",
      k.written,
      MATCH_WORD[k.match],
      k.campaign.name,
      k.adGroup,
      low ? "Eligible (Limited)" : "Eligible",
      low ? "rarely shown (low quality score)" : "",
      `${SITE}/${adGroupSpec(k.campaign.name, k.adGroup).slug}`,
      maxCpc,
      String(k.qualityScore),
      RATING_WORD[k.ratings[0]],
      RATING_WORD[k.ratings[1]],
      RATING_WORD[k.ratings[2]],
      ...metrics(totals),
    ]);
  }
  const all = sum(results.map((r) => r.totals));
  lines.push(["", "Total: Your keywords", ...Array.from({ length: 11 }, () => MISSING), ...metrics(all)]);
  lines.push(["", "Total: Account", ...Array.from({ length: 11 }, () => ""), ...metrics(all)]);
  lines.push(["", "Total: Search", ...Array.from({ length: 11 }, () => ""), ...metrics(all)]);
  return table(lines, ",", "\n");
}

interface TermResult {
  term: SearchTerm;
  totals: Totals;
}

function searchTermsReport(visible: readonly TermResult[], hidden: Totals, start: string, end: string): string {
  const header = [
    "Search term",
    "Match type",
    "Added/Excluded",
    "Campaign",
    "Ad group",
    "Keyword",
    "Impr.",
    "Interactions",
    "Clicks",
    "CTR",
    "Currency code",
    "Avg. CPC",
    "Cost",
    "Conversions",
    "Conv. rate",
    "Cost / conv.",
    "Campaign type",
  ];
  const metrics = (t: Totals) => {
    const m = googleMetrics(t);
    return [m.impr, m.clicks, m.clicks, m.ctr, SAMPLE_CURRENCY, m.cpc, m.cost, m.conv, m.convRate, m.cpa];
  };
  const lines: string[][] = [["Search terms report"], [dateLine(start, end)], header];
  for (const { term, totals } of visible) {
    lines.push([
      term.term,
      term.matchType,
      term.addedExcluded,
      term.keyword.campaign.name,
      term.keyword.adGroup,
      term.keyword.written,
      ...metrics(totals),
      term.keyword.campaign.type,
    ]);
  }
  const shown = sum(visible.map((r) => r.totals));
  const account = add({ ...shown }, hidden);
  const attributes = Array.from({ length: 5 }, () => MISSING);
  lines.push(["Total: Search terms", ...attributes, ...metrics(shown), MISSING]);
  lines.push(["Total: Other search terms", ...attributes, ...metrics(hidden), MISSING]);
  lines.push(["Total: Account", ...attributes, ...metrics(account), MISSING]);
  lines.push(["Total: Search", ...attributes, ...metrics(account), "Search"]);
  return table(lines, "\t", "\n");
}

interface AdResult {
  ad: Ad;
  totals: Totals;
}

function adReport(results: readonly AdResult[], start: string, end: string): string {
  const header = ["Ad status", "Final URL"];
  for (let i = 1; i <= 15; i++) header.push(`Headline ${i}`, `Headline ${i} position`);
  for (let i = 1; i <= 4; i++) header.push(`Description ${i}`, `Description ${i} position`);
  header.push(
    "Path 1",
    "Path 2",
    "Campaign",
    "Ad group",
    "Status",
    "Status reasons",
    "Ad strength",
    "Ad strength improvements",
    "Ad type",
    ...PERFORMANCE_COLUMNS,
  );
  const lines: string[][] = [["Ad report"], [dateLine(start, end)], header];
  for (const { ad, totals } of results) {
    const cells = ["Enabled", `${SITE}/${ad.spec.slug}`];
    for (let i = 0; i < 15; i++) cells.push(ad.headlines[i] ?? "", i === 0 && ad.pinnedFirst ? "1" : MISSING);
    for (let i = 0; i < 4; i++) cells.push(ad.descriptions[i] ?? "", MISSING);
    cells.push(
      ad.spec.paths[0],
      ad.spec.paths[1],
      ad.campaign,
      ad.adGroup,
      ad.spec.limited ? "Approved (limited)" : "Eligible",
      ad.spec.limited ? "limited by policy" : "",
      ad.strength,
      STRENGTH_ASSETS[ad.strength][2],
      "Responsive search ad",
      ...performanceCells(totals),
    );
    lines.push(cells);
  }
  return table(lines, ",", "\n");
}

function editorKeywords(all: readonly Keyword[]): string {
  const header = [
    "Campaign",
    "Ad Group",
    "Labels",
    "Keyword",
    "Criterion Type",
    "Max CPC",
    "Max CPM",
    "Max CPV",
    "First page bid",
    "Top of page bid",
    "First position bid",
    "Quality score",
    "Landing page experience",
    "Expected CTR",
    "Ad relevance",
    "Final URL",
    "Final mobile URL",
    "Tracking template",
    "Final URL suffix",
    "Custom parameters",
    "Campaign Status",
    "Ad Group Status",
    "Status",
    "Approval Status",
    "Comment",
  ];
  const lines: string[][] = [header];
  for (const campaign of CAMPAIGNS) {
    const status = campaign.pausedDaysAgo !== undefined ? "Paused" : "Enabled";
    for (const k of all.filter((keyword) => keyword.campaign === campaign)) {
      const cpc = campaign.cpcCents * k.cpc;
      const manual = campaign.bidStrategy === "Manual CPC";
      lines.push([
        campaign.name,
        k.adGroup,
        "",
        k.text,
        { exact: "Exact", phrase: "Phrase", broad: "Broad" }[k.match],
        manual ? money(Math.round((cpc * 1.35) / 5) * 5) : "",
        "",
        "",
        money(Math.round(cpc * 0.55)),
        money(Math.round(cpc * 1.3)),
        "",
        String(k.qualityScore),
        RATING_WORD[k.ratings[2]],
        RATING_WORD[k.ratings[0]],
        RATING_WORD[k.ratings[1]],
        "",
        "",
        "",
        "",
        "",
        status,
        "Enabled",
        "Enabled",
        "Approved",
        "",
      ]);
    }
    for (const [adGroup, text, type] of NEGATIVES[campaign.name] ?? []) {
      lines.push([
        campaign.name,
        adGroup,
        "",
        text,
        type,
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        status,
        "Enabled",
        "Enabled",
        "",
        "",
      ]);
    }
  }
  // The Shared library's negative keyword lists: a `Shared set name` column, the lists' keywords
  // (no campaign) and the campaigns each list is applied to (no keyword).
  const width = header.length;
  const blank = () => Array.from({ length: width }, () => "");
  const at = (name: string) => header.indexOf(name);
  header.push("Shared set name");
  for (const line of lines.slice(1)) line.push("");
  for (const list of SHARED_NEGATIVE_LISTS) {
    for (const [text, type] of list.negatives) {
      const cells = blank();
      cells[at("Keyword")] = text.replace(/^\[(.*)\]$/, "$1");
      cells[at("Criterion Type")] = type;
      cells[at("Status")] = "Enabled";
      lines.push([...cells, list.name]);
    }
    for (const campaign of list.campaigns) {
      const cells = blank();
      cells[at("Campaign")] = campaign;
      cells[at("Campaign Status")] = "Enabled";
      lines.push([...cells, list.name]);
    }
  }
  return table(lines, "\t", "\r\n");
}

function editorCampaigns(endDay: string): string {
  const header = [
    "Campaign",
    "Labels",
    "Campaign Type",
    "Networks",
    "Budget",
    "Budget type",
    "Standard conversion goals",
    "Languages",
    "Bid Strategy Type",
    "Target CPA",
    "Target ROAS",
    "Desktop Bid Modifier",
    "Mobile Bid Modifier",
    "Tablet Bid Modifier",
    "Start Date",
    "End Date",
    "Broad match keywords",
    "Ad Schedule",
    "Ad rotation",
    "Targeting method",
    "Exclusion method",
    "Campaign Status",
  ];
  const lines: string[][] = [header];
  for (const c of CAMPAIGNS) {
    lines.push([
      c.name,
      "",
      c.type,
      c.networks,
      money(c.budgetCents),
      "Daily",
      "Purchases (Website)",
      "en",
      c.bidStrategy,
      "",
      "",
      "",
      "",
      "",
      addDays(endDay, -c.startDaysAgo),
      "",
      "Off",
      "[]",
      "Optimize: Prefer best performing ads",
      c.targetingMethod,
      PRESENCE,
      c.pausedDaysAgo !== undefined ? "Paused" : "Enabled",
    ]);
  }
  return table(lines, "\t", "\r\n");
}

interface MetaAdSet {
  campaign: string;
  adSet: string;
  spendCents: number;
  /** Daily budget; null when the campaign's budget is used (Advantage campaign budget). */
  budgetCents: number | null;
  cpmCents: number;
  ctr: number;
  cvr: number;
  aovCents: number;
  /** Daily frequency at the start and at the end (retargeting audiences tire). */
  frequency: [number, number];
}

const META_AD_SETS: readonly MetaAdSet[] = [
  {
    campaign: "Prospecting - Outdoor Enthusiasts",
    adSet: "Lookalike 1% - Purchasers",
    spendCents: 5_500,
    budgetCents: null,
    cpmCents: 1_350,
    ctr: 0.0115,
    cvr: 0.021,
    aovCents: 9_800,
    frequency: [1.06, 1.12],
  },
  {
    campaign: "Prospecting - Outdoor Enthusiasts",
    adSet: "Interests - Hiking & Camping",
    spendCents: 3_800,
    budgetCents: null,
    cpmCents: 1_180,
    ctr: 0.0085,
    cvr: 0.011,
    aovCents: 9_200,
    frequency: [1.08, 1.18],
  },
  {
    campaign: "Retargeting - Site Visitors",
    adSet: "Website Visitors 30d",
    spendCents: 2_900,
    budgetCents: 3_000,
    cpmCents: 2_400,
    ctr: 0.018,
    cvr: 0.055,
    aovCents: 10_500,
    frequency: [1.6, 2.4],
  },
  {
    campaign: "Retargeting - Site Visitors",
    adSet: "Add to Cart 14d",
    spendCents: 1_450,
    budgetCents: 1_500,
    cpmCents: 3_100,
    ctr: 0.024,
    cvr: 0.09,
    aovCents: 11_200,
    frequency: [2.2, 3.4],
  },
];

export const SAMPLE_META_CAMPAIGNS: readonly string[] = [...new Set(META_AD_SETS.map((set) => set.campaign))];

function metaAdSets(days: readonly string[], seed: string): string {
  const header = [
    "Reporting starts",
    "Reporting ends",
    "Campaign name",
    "Ad set name",
    "Ad set delivery",
    "Attribution setting",
    "Results",
    "Result indicator",
    "Cost per results",
    "Reach",
    "Frequency",
    "Impressions",
    `Amount spent (${SAMPLE_CURRENCY})`,
    `CPM (cost per 1,000 impressions) (${SAMPLE_CURRENCY})`,
    "Link clicks",
    `CPC (cost per link click) (${SAMPLE_CURRENCY})`,
    "CTR (link click-through rate)",
    "Clicks (all)",
    "CTR (all)",
    "Purchases",
    "Purchases conversion value",
    `Cost per purchase (${SAMPLE_CURRENCY})`,
    "Purchase ROAS (return on ad spend)",
    "Ad set budget",
    "Ad set budget type",
  ];
  const lines: string[][] = [header];
  const streams = META_AD_SETS.map((set) => random(seed, `meta:${set.adSet}`));
  days.forEach((day, index) => {
    const progress = days.length > 1 ? index / (days.length - 1) : 1;
    META_AD_SETS.forEach((set, s) => {
      const rng = streams[s]!;
      const trend = Math.exp(TREND * 0.7 * (index - (days.length - 1)));
      let spend = set.spendCents * WEEKDAY[weekday(day)]! * trend * rng.jitter(0.08);
      if (set.budgetCents !== null) spend = Math.min(spend, set.budgetCents * rng.uniform(1.0, 1.15));
      const spendCents = Math.round(spend);
      const impressions = Math.max(1, Math.round((spendCents / (set.cpmCents * rng.jitter(0.07))) * 1000));
      const frequency = (set.frequency[0] + (set.frequency[1] - set.frequency[0]) * progress) * rng.jitter(0.05);
      const reach = Math.max(1, Math.min(impressions, Math.round(impressions / Math.max(1, frequency))));
      const linkClicks = Math.min(impressions, rng.poisson(impressions * set.ctr * rng.jitter(0.08)));
      const clicksAll = linkClicks + Math.round(linkClicks * rng.uniform(0.5, 1.0));
      const purchases = rng.poisson(linkClicks * set.cvr);
      const valueCents = Math.round(purchases * set.aovCents * rng.jitter(0.15));
      lines.push([
        day,
        day,
        set.campaign,
        set.adSet,
        "active",
        "7-day click or 1-day view",
        purchases > 0 ? String(purchases) : "",
        purchases > 0 ? "actions:offsite_conversion.fb_pixel_purchase" : "",
        purchases > 0 ? decimal(spendCents / 100 / purchases) : "",
        String(reach),
        decimal(impressions / reach),
        String(impressions),
        money(spendCents),
        decimal((spendCents / 100 / impressions) * 1000),
        String(linkClicks),
        linkClicks > 0 ? decimal(spendCents / 100 / linkClicks) : "",
        decimal((linkClicks / impressions) * 100),
        String(clicksAll),
        decimal((clicksAll / impressions) * 100),
        String(purchases),
        money(valueCents),
        purchases > 0 ? decimal(spendCents / 100 / purchases) : "",
        spendCents > 0 ? decimal(valueCents / spendCents, 6) : "0",
        set.budgetCents === null ? "Using campaign budget" : money(set.budgetCents),
        set.budgetCents === null ? "" : "Daily",
      ]);
    });
  });
  return table(lines, ",", "\n");
}

// ---------------------------------------------------------------------------------------------

/** The sample exports of "Northwind Outdoor" for `days` days up to `endDay` (campaign report first: it sets the client account's currency). */
export function generateSampleExports(options: SampleOptions): SampleExport[] {
  const days = options.days ?? 90;
  if (!Number.isInteger(days) || days < 1 || days > 1_000) throw new RangeError(`days must be a whole number from 1 to 1000, got ${days}`);
  const seed = String(options.seed ?? "northwind");
  const end = options.endDay;
  const start = addDays(end, -(days - 1));
  const dayList = Array.from({ length: days }, (_, i) => addDays(start, i));
  const window = Math.min(30, days);
  const windowStart = addDays(end, -(window - 1));

  // Campaign days, by day then campaign.
  const perCampaign = CAMPAIGNS.map((spec) => campaignDays(spec, dayList, seed));
  const campaignRows = perCampaign
    .flat()
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : CAMPAIGNS.indexOf(a.campaign) - CAMPAIGNS.indexOf(b.campaign)));

  // Keywords (last 30 days): each search campaign's days split over its keywords.
  const allKeywords = keywords();
  const keywordRng = random(seed, "keywords");
  const keywordResults: KeywordResult[] = [];
  for (const [c, spec] of CAMPAIGNS.entries()) {
    const own = allKeywords.filter((k) => k.campaign === spec);
    const jitters = own.map(() => keywordRng.jitter(0.15));
    const total = sum(perCampaign[c]!.filter((row) => row.day >= windowStart));
    if (!own.length || total.impressions === 0) continue;
    const parts = allocate(
      total,
      own.map((k, i) => ({ weight: k.weight * jitters[i]!, ctr: CTR_BY_RATING[k.ratings[0]], cpc: k.cpc, cvr: k.cvr, aov: 1 })),
    );
    own.forEach((keyword, i) => keywordResults.push({ keyword, totals: parts[i]! }));
  }

  // Ads (last 30 days): each ad group's keywords split over its ads.
  const adResults: AdResult[] = [];
  const adGroups = [...new Set(keywordResults.map((r) => `${r.keyword.campaign.name}\u0000${r.keyword.adGroup}`))];
  for (const key of adGroups) {
    const [campaign, adGroup] = key.split("\u0000") as [string, string];
    const total = sum(
      keywordResults.filter((r) => r.keyword.campaign.name === campaign && r.keyword.adGroup === adGroup).map((r) => r.totals),
    );
    const ads = adsFor(campaign, adGroup);
    const parts = allocate(
      total,
      ads.map((ad) => ({
        weight: STRENGTH_WEIGHT[ad.strength],
        ctr: STRENGTH_CTR[ad.strength],
        cpc: 1,
        cvr: ad.strength === "Poor" ? 0.8 : 1,
        aov: 1,
      })),
    );
    ads.forEach((ad, i) => adResults.push({ ad, totals: parts[i]! }));
  }

  // Search terms (whole period): each search campaign's days split over its terms and its hidden terms.
  const terms = searchTerms(allKeywords, seed);
  const termResults: TermResult[] = [];
  const hidden = zero();
  for (const [c, spec] of CAMPAIGNS.entries()) {
    const own = terms.get(spec.name) ?? [];
    const total = sum(perCampaign[c]!);
    if (!own.length || total.impressions === 0) continue;
    const parts = allocate(total, [...own.map((t) => t.item), { weight: 0, ctr: 1, cpc: 1, cvr: 1, aov: 1, clickShare: spec.hiddenShare }]);
    add(hidden, parts.at(-1)!);
    own.forEach((term, i) => {
      const totals = parts[i]!;
      // Google lists only terms with impressions (clicks ≤ impressions, so nothing else is left out).
      if (totals.impressions > 0) termResults.push({ term, totals });
    });
  }
  termResults.sort((a, b) => b.totals.impressions - a.totals.impressions || (a.term.term < b.term.term ? -1 : 1));

  const exported = addDays(end, 1);
  return [
    {
      filename: "Campaign report.csv",
      bytes: utf8(campaignReport(campaignRows, start, end)),
      description: `Google Ads campaign report by day (UTF-8 CSV), ${CAMPAIGNS.length} campaigns, ${start} to ${end}, with totals rows`,
    },
    {
      filename: "Search keyword report.csv",
      bytes: utf8(keywordReport(keywordResults, windowStart, end)),
      description: `Google Ads search keyword report (UTF-8 CSV), ${keywordResults.length} keywords with Quality Score, ${windowStart} to ${end}`,
    },
    {
      filename: "Search terms report.csv",
      bytes: utf16le(searchTermsReport(termResults, hidden, start, end)),
      description: `Google Ads search terms report, "Excel .csv" download (UTF-16LE, tab-separated), ${termResults.length} terms and the hidden "Other search terms", ${start} to ${end}`,
    },
    {
      filename: "Ad report.csv",
      bytes: utf8(adReport(adResults, windowStart, end)),
      description: `Google Ads ad report (UTF-8 CSV), ${adResults.length} responsive search ads with ad strength, ${windowStart} to ${end}`,
    },
    {
      filename: `${SAMPLE_ACCOUNT_NAME}+Current view+${exported}- Keywords.csv`,
      bytes: utf16le(editorKeywords(allKeywords)),
      description: "Google Ads Editor keywords export (UTF-16LE, tab-separated, CRLF), keywords and negative keywords",
    },
    {
      filename: `${SAMPLE_ACCOUNT_NAME}+Current view+${exported}- Campaigns.csv`,
      bytes: utf16le(editorCampaigns(end)),
      description:
        "Google Ads Editor campaigns export (UTF-16LE, tab-separated, CRLF): networks, budgets, bid strategies, location targeting",
    },
    {
      filename: `${SAMPLE_ACCOUNT_NAME.replace(/ /g, "-")}-Ad-sets-${metaFileDate(start)}-${metaFileDate(end)}.csv`,
      bytes: utf8(metaAdSets(dayList, seed)),
      description: `Meta Ads Manager ad-set export by day (CSV), ${META_AD_SETS.length} ad sets in ${SAMPLE_META_CAMPAIGNS.length} campaigns, ${start} to ${end}`,
    },
    {
      filename: "Auction insights report.csv",
      bytes: utf8(auctionInsights(start, end, seed)),
      description: `Google Ads Auction insights by week (UTF-8 CSV), ${AUCTION_COMPETITORS.length} competitors and the account, ${start} to ${end}: one gaining share, one new entrant`,
    },
    {
      filename: `Keyword Stats ${exported} at 09_14_52.csv`,
      bytes: utf16le(keywordPlanner(end, exported)),
      description: `Google Keyword Planner ideas (UTF-16LE, tab-separated), ${PLANNER_IDEAS.length} keywords with monthly searches (exact and bucketed), competition and bids, the 12 months before ${end}`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Auction insights and Keyword Planner (the competitors page and the keyword generator's metrics)

interface AuctionCompetitor {
  domain: string;
  /** Impression share in the first and the last week (straight line between, with noise). */
  share: [number, number];
  overlap: number;
  positionAbove: [number, number];
  topOfPage: number;
  absTop: number;
  outranking: number;
  /** The week it first shows (0 = from the start). */
  fromWeek?: number;
}

const AUCTION_COMPETITORS: readonly AuctionCompetitor[] = [
  {
    domain: "trailgear.example",
    share: [0.36, 0.35],
    overlap: 0.52,
    positionAbove: [0.44, 0.46],
    topOfPage: 0.71,
    absTop: 0.3,
    outranking: 0.34,
  },
  // Gaining: +13 points of impression share, and above the client's ads in most shared auctions by the end.
  {
    domain: "peakoutfitters.example",
    share: [0.18, 0.31],
    overlap: 0.38,
    positionAbove: [0.36, 0.57],
    topOfPage: 0.66,
    absTop: 0.24,
    outranking: 0.38,
  },
  {
    domain: "summitsupply.example",
    share: [0.08, 0.07],
    overlap: 0.11,
    positionAbove: [0.22, 0.2],
    topOfPage: 0.41,
    absTop: 0.09,
    outranking: 0.46,
  },
  // A new entrant in the last four weeks.
  {
    domain: "basecampdirect.example",
    share: [0.14, 0.16],
    overlap: 0.21,
    positionAbove: [0.33, 0.38],
    topOfPage: 0.55,
    absTop: 0.14,
    outranking: 0.41,
    fromWeek: -4,
  },
];

/** Rates as Google writes them in Auction insights (`45.20%`, `< 10%`, `> 90%`). */
const rate = share;

function auctionInsights(start: string, end: string, seed: string): string {
  const rng = random(seed, "auction-insights");
  const weeks: string[] = [];
  // Whole weeks, Monday to Sunday, inside the period.
  let monday = addDays(start, (8 - weekday(start)) % 7);
  while (addDays(monday, 6) <= end) {
    weeks.push(monday);
    monday = addDays(monday, 7);
  }
  const header = [
    "Week",
    "Display URL domain",
    "Impr. share",
    "Overlap rate",
    "Position above rate",
    "Top of page rate",
    "Abs. Top of page rate",
    "Outranking share",
  ];
  const lines: string[][] = [["Auction insights report"], [dateLine(start, end)], header];
  const along = ([from, to]: [number, number], i: number) => from + ((to - from) * i) / Math.max(1, weeks.length - 1);
  weeks.forEach((week, i) => {
    const you = 0.46 - 0.05 * (i / Math.max(1, weeks.length - 1));
    lines.push([
      week,
      "You",
      rate(you * rng.jitter(0.03)),
      MISSING.trim(),
      MISSING.trim(),
      rate(0.62 * rng.jitter(0.03)),
      rate(0.22 * rng.jitter(0.05)),
      MISSING.trim(),
    ]);
    for (const competitor of AUCTION_COMPETITORS) {
      const from = competitor.fromWeek === undefined ? 0 : weeks.length + competitor.fromWeek;
      if (i < from) continue;
      const k = competitor.fromWeek === undefined ? i : ((i - from) / Math.max(1, weeks.length - 1 - from)) * (weeks.length - 1);
      lines.push([
        week,
        competitor.domain,
        rate(along(competitor.share, k) * rng.jitter(0.04)),
        rate(competitor.overlap * rng.jitter(0.05)),
        rate(along(competitor.positionAbove, k) * rng.jitter(0.02)),
        rate(competitor.topOfPage * rng.jitter(0.04)),
        rate(competitor.absTop * rng.jitter(0.06)),
        rate(competitor.outranking * rng.jitter(0.05)),
      ]);
    }
  });
  return table(lines, ",", "\n");
}

type Competition = "Low" | "Medium" | "High";
/** Keyword ideas: text, monthly searches (a number, or a bucket's bounds), competition, index, bids in cents. */
const PLANNER_IDEAS: readonly [string, number | [number, number], Competition, number, number, number][] = [
  ["hiking boots", 49_500, "High", 88, 64, 212],
  ["waterproof hiking boots", 12_100, "High", 91, 71, 240],
  ["womens hiking boots", 22_200, "High", 86, 58, 198],
  ["mens hiking boots", 18_100, "High", 84, 55, 190],
  ["best hiking boots", 14_800, "Medium", 63, 49, 176],
  ["hiking boots sale", [1_000, 10_000], "High", 95, 42, 150],
  ["hiking shoes", 33_100, "High", 82, 52, 181],
  ["hiking backpack", 18_100, "High", 80, 61, 205],
  ["ultralight backpack", 8_100, "Medium", 58, 72, 233],
  ["daypack", 9_900, "Medium", 47, 38, 129],
  ["buy hiking backpack", [100, 1_000], "High", 92, 66, 221],
  ["camping tent", 40_500, "High", 90, 47, 168],
  ["4 person tent", 14_800, "High", 85, 44, 152],
  ["backpacking tent", 12_100, "High", 83, 69, 236],
  ["cheap camping tent", [1_000, 10_000], "High", 97, 31, 110],
  ["sleeping bag", 60_500, "High", 79, 41, 147],
  ["best sleeping bag", [10_000, 100_000], "Medium", 61, 46, 160],
  ["camping gear", 27_100, "High", 77, 53, 184],
  ["camping gear near me", [1_000, 10_000], "Medium", 52, 60, 199],
  ["trekking poles", 12_100, "Medium", 66, 35, 122],
  ["trail running shoes", 40_500, "High", 87, 57, 193],
  ["hiking boots vs trail runners", [100, 1_000], "Low", 18, 22, 84],
  ["how to choose hiking boots", [1_000, 10_000], "Low", 9, 18, 71],
  ["waterproof hiking boots women", 6_600, "High", 89, 66, 221],
  ["waterproof hiking boots men", 5_400, "High", 88, 63, 214],
  ["lightweight hiking boots", 8_100, "High", 81, 54, 187],
  ["lightweight hiking boots women", 2_400, "Medium", 72, 51, 176],
  ["leather hiking boots", 4_400, "Medium", 69, 48, 169],
  ["leather hiking boots men", 1_900, "Medium", 64, 45, 158],
  ["wide hiking boots", 2_900, "Medium", 57, 41, 146],
  ["hiking boots for wide feet", 3_600, "Medium", 55, 43, 151],
  ["kids hiking boots", 5_400, "Medium", 62, 33, 118],
  ["hiking boots near me", [1_000, 10_000], "Medium", 51, 57, 192],
  ["hiking boots clearance", [100, 1_000], "High", 93, 36, 129],
  ["are hiking boots worth it", [100, 1_000], "Low", 7, 14, 52],
  ["hiking boot laces", 1_600, "Low", 24, 19, 66],
  ["ultralight tent", 6_600, "Medium", 71, 63, 219],
  ["northwind outdoor", 2_900, "Low", 12, 15, 48],
];

const shortMonth = (day: string) => `${MONTHS[new Date(dayMs(day)).getUTCMonth()]!.slice(0, 3)} ${day.slice(0, 4)}`;
/** `1K`, `10K`, `1M`: Keyword Planner's bucket bounds. */
const bucketBound = (value: number) =>
  value >= 1_000_000 ? `${value / 1_000_000}M` : value >= 1_000 ? `${value / 1_000}K` : String(value);

function keywordPlanner(end: string, exported: string): string {
  // The 12 whole months before the end day's month.
  const firstOfEndMonth = `${end.slice(0, 7)}-01`;
  const months: string[] = [];
  for (let m = 12; m >= 1; m--) {
    const d = new Date(dayMs(firstOfEndMonth));
    d.setUTCMonth(d.getUTCMonth() - m);
    months.push(d.toISOString().slice(0, 10));
  }
  const lastDay = addDays(firstOfEndMonth, -1);
  const header = [
    "Keyword",
    "Currency",
    "Segmentation",
    "Avg. monthly searches",
    "Three month change",
    "YoY change",
    "Competition",
    "Competition (indexed value)",
    "Top of page bid (low range)",
    "Top of page bid (high range)",
    "Ad impression share",
    "Organic impression share",
    "Organic average position",
    "In account?",
    "In plan?",
    ...months.map((month) => `Searches: ${shortMonth(month)}`),
  ];
  const lines: string[][] = [[`Keyword Stats ${exported} at 09_14_52`], [dateLine(months[0]!, lastDay)], header];
  const inAccount = new Set(keywords().map((keyword) => keyword.text));
  for (const [text, searches, competition, index, low, high] of PLANNER_IDEAS) {
    const exact = typeof searches === "number";
    const volume = exact ? count(searches) : `${bucketBound(searches[0])} \u2013 ${bucketBound(searches[1])}`;
    const monthly = exact
      ? months.map((_, i) => String(Math.round(searches * (0.85 + 0.3 * Math.sin((i / 12) * 2 * Math.PI + 1)))))
      : months.map(() => String(searches[1]));
    lines.push([
      text,
      SAMPLE_CURRENCY,
      "",
      volume,
      // The latest month against three months before, as Keyword Planner writes it (`-18%`).
      exact ? `${Math.round((Number(monthly[11]) / Number(monthly[8]) - 1) * 100)}%` : "0%",
      exact ? "10%" : "∞",
      competition,
      String(index),
      money(low),
      money(high),
      "",
      "",
      "",
      inAccount.has(text) ? "Y" : "N",
      "N",
      ...monthly,
    ]);
  }
  return table(lines, "\t", "\n");
}
