/**
 * Industry benchmarks for search ads: owns the figures the auditor compares a client account with
 * (WordStream/LocaliQ search advertising benchmarks, US medians, Google and Microsoft search; see
 * ../shared/research/ad-formats.md §6). "All industries" is the 2026 (10th) edition; the named
 * industries are the 2024 edition's rows, the latest with per-industry figures in the fact sheet.
 * Ratios are fractions; money is US cents. Pure data, no Node APIs.
 */

export interface Benchmark {
  /** The edition the figures come from (shown beside every comparison). */
  edition: number;
  /** Null where the edition gives no figure for the industry: the auditor then uses "all". */
  ctr: number | null;
  cpcCents: number | null;
  conversionRate: number | null;
}

export const INDUSTRIES = [
  "all",
  "animals-pets",
  "apparel",
  "arts-entertainment",
  "attorneys-legal",
  "automotive-sale",
  "auto-repair",
  "dentists",
  "finance-insurance",
  "furniture",
  "home-improvement",
  "physicians",
  "real-estate",
  "sports-recreation",
  "travel",
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const BENCHMARKS: Record<Industry, Benchmark> = {
  all: { edition: 2026, ctr: 0.0664, cpcCents: 542, conversionRate: 0.0818 },
  "animals-pets": { edition: 2024, ctr: 0.07, cpcCents: 390, conversionRate: 0.1203 },
  apparel: { edition: 2024, ctr: 0.06, cpcCents: 339, conversionRate: 0.0333 },
  "arts-entertainment": { edition: 2024, ctr: 0.1304, cpcCents: 172, conversionRate: 0.0422 },
  "attorneys-legal": { edition: 2024, ctr: 0.053, cpcCents: 894, conversionRate: 0.0564 },
  "automotive-sale": { edition: 2024, ctr: 0.09, cpcCents: 234, conversionRate: 0.0649 },
  "auto-repair": { edition: 2024, ctr: null, cpcCents: null, conversionRate: 0.1296 },
  dentists: { edition: 2024, ctr: 0.0538, cpcCents: 682, conversionRate: null },
  "finance-insurance": { edition: 2024, ctr: null, cpcCents: null, conversionRate: 0.0278 },
  furniture: { edition: 2024, ctr: null, cpcCents: null, conversionRate: 0.0253 },
  "home-improvement": { edition: 2024, ctr: 0.0559, cpcCents: 696, conversionRate: null },
  physicians: { edition: 2024, ctr: null, cpcCents: null, conversionRate: 0.1108 },
  "real-estate": { edition: 2024, ctr: 0.092, cpcCents: 210, conversionRate: 0.0291 },
  "sports-recreation": { edition: 2024, ctr: 0.0966, cpcCents: null, conversionRate: null },
  travel: { edition: 2024, ctr: null, cpcCents: 192, conversionRate: null },
};

/** The industry's figure, or the all-industries one where the industry has none. */
export function benchmarkFor(industry: string): {
  ctr: number;
  cpcCents: number;
  conversionRate: number;
  edition: number;
  fallback: boolean;
} {
  const own = isIndustry(industry) ? BENCHMARKS[industry] : BENCHMARKS.all;
  const all = BENCHMARKS.all;
  return {
    ctr: own.ctr ?? all.ctr!,
    cpcCents: own.cpcCents ?? all.cpcCents!,
    conversionRate: own.conversionRate ?? all.conversionRate!,
    edition: own.edition,
    fallback: own.ctr === null || own.cpcCents === null || own.conversionRate === null,
  };
}

export function isIndustry(value: unknown): value is Industry {
  return typeof value === "string" && (INDUSTRIES as readonly string[]).includes(value);
}
