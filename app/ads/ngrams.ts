/**
 * The n-gram analysis of search terms: owns splitting search terms into words and 1-, 2- and
 * 3-word n-grams and summing each n-gram's impressions, clicks, cost, conversions and value over
 * the terms that contain it, with its CPA, conversion rate, ROAS, the campaigns it ran in and the
 * negative-keyword tips' significance flag; then filtering and sorting the table. Pure: no I/O
 * (`ngrams.server.ts` reads the stored rows).
 *
 * - Words are Unicode word segments (`Intl.Segmenter`, granularity "word", `isWordLike`), in NFC,
 *   lower-cased with the report's language (`toLocaleLowerCase`): `Größe` and `größe` are one word,
 *   `trail-running` is two, `men's` one.
 * - A term counts once per n-gram it contains (`tent tent` adds its figures to `tent` once); the
 *   same term text in several campaigns or ad groups is one term (its figures summed).
 * - Stop words (a small subset of the Snowball stop-word lists: articles, conjunctions,
 *   prepositions and pronouns; snowballstem.org/algorithms/<language>/stop.txt) are left out of
 *   1-grams only: `for` alone says nothing, `boots for` and `for women` do. Question words (`how`,
 *   `what`, `wo`…) are kept: they are often exactly the negative keyword wanted.
 * - Wasted: the n-gram's spend is significant without any conversion under `wasteSignificance`
 *   (tip-rules.ts: cost at least the account's cost per conversion, or zero conversions unlikely in
 *   its clicks), against the account's figures over the same period's search-term rows.
 */
import type { ExportLanguage } from "./import/types";
import { STOPWORDS } from "./stopwords";
import { wasteSignificance, type SignificanceBasis } from "./tip-rules";
import type { NgramQuery } from "./ngram-query";

export type NgramLanguage = ExportLanguage;

/** The suite's stop words (`stopwords.ts`), as sets. */
export const STOP_WORDS: Record<NgramLanguage, ReadonlySet<string>> = {
  en: new Set(STOPWORDS.en),
  nl: new Set(STOPWORDS.nl),
  fr: new Set(STOPWORDS.fr),
  es: new Set(STOPWORDS.es),
  de: new Set(STOPWORDS.de),
};

/** Sizes the analysis counts. */
export const NGRAM_LENGTHS = [1, 2, 3] as const;

/** One row of figures: a stored search-term row (or a search term already summed). */
export interface NgramInput {
  campaign: string | null;
  searchTerm: string | null;
  language: NgramLanguage;
  impressions: number;
  clicks: number;
  costCents: number;
  conversions: number;
  conversionValueCents: number;
}

export interface NgramRow {
  ngram: string;
  n: 1 | 2 | 3;
  /** Distinct search terms containing it. */
  terms: number;
  impressions: number;
  clicks: number;
  costCents: number;
  conversions: number;
  conversionValueCents: number;
  cpaCents: number | null;
  /** Conversions / clicks, a fraction. */
  conversionRate: number | null;
  /** Conversion value / cost. */
  roas: number | null;
  /** The campaigns whose terms contain it, sorted. */
  campaigns: string[];
  wasted: "cost" | "clicks" | null;
}

const segmenters = new Map<string, Intl.Segmenter>();

/**
 * Latin letters and digits separated by single spaces: Unicode's word boundaries (UAX #29: no break
 * between letters and digits, WB5 and WB8–WB10; a break at each space) are exactly the spaces, so
 * the words are the text split on them, without the segmenter's cost (most search terms).
 */
const PLAIN = /^[\p{Script=Latin}\p{Nd}]+(?: [\p{Script=Latin}\p{Nd}]+)*$/u;

/** The words of a text: Unicode word segments, NFC, lower-cased in `language`. */
export function tokenize(text: string, language: NgramLanguage): string[] {
  const normal = text.normalize("NFC");
  if (PLAIN.test(normal)) return normal.toLocaleLowerCase(language).split(" ");
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: "word" });
    segmenters.set(language, segmenter);
  }
  const words: string[] = [];
  for (const part of segmenter.segment(normal)) if (part.isWordLike) words.push(part.segment.toLocaleLowerCase(language));
  return words;
}

/** The distinct n-grams of n words of a term's words (1-grams without the language's stop words). */
export function ngramsOf(words: readonly string[], n: 1 | 2 | 3, language: NgramLanguage): string[] {
  const out: string[] = [];
  const stop = STOP_WORDS[language];
  for (let i = 0; i + n <= words.length; i++) {
    const ngram = n === 1 ? words[i]! : n === 2 ? `${words[i]} ${words[i + 1]}` : `${words[i]} ${words[i + 1]} ${words[i + 2]}`;
    if ((n === 1 && stop.has(ngram)) || out.includes(ngram)) continue;
    out.push(ngram);
  }
  return out;
}

interface Acc {
  ngram: string;
  n: 1 | 2 | 3;
  terms: number;
  impressions: number;
  clicks: number;
  costCents: number;
  conversions: number;
  conversionValueCents: number;
  campaigns: Set<string>;
}

interface TermAcc {
  words: string[];
  language: NgramLanguage;
  impressions: number;
  clicks: number;
  costCents: number;
  conversions: number;
  conversionValueCents: number;
  campaigns: Set<string>;
}

/**
 * Every n-gram of 1 to 3 words of the rows' search terms, with its figures and flag, in no order,
 * and how many distinct terms (words) there were.
 * `basis` is the account's figures for the significance rule (null: nothing is flagged).
 */
export function countNgrams(rows: Iterable<NgramInput>, basis: SignificanceBasis | null): { ngrams: NgramRow[]; terms: number } {
  // Terms first: a day-by-day report repeats each term on many rows.
  const terms = new Map<string, TermAcc>();
  const byText = new Map<string, TermAcc | null>();
  for (const row of rows) {
    if (!row.searchTerm) continue;
    const rawKey = `${row.language}|${row.searchTerm}`;
    let term = byText.get(rawKey);
    if (term === undefined) {
      const words = tokenize(row.searchTerm, row.language);
      if (words.length) {
        const key = `${row.language}|${words.join(" ")}`;
        term = terms.get(key) ?? null;
        if (!term) {
          term = {
            words,
            language: row.language,
            impressions: 0,
            clicks: 0,
            costCents: 0,
            conversions: 0,
            conversionValueCents: 0,
            campaigns: new Set(),
          };
          terms.set(key, term);
        }
      } else term = null;
      byText.set(rawKey, term);
    }
    if (!term) continue;
    term.impressions += row.impressions;
    term.clicks += row.clicks;
    term.costCents += row.costCents;
    term.conversions += row.conversions;
    term.conversionValueCents += row.conversionValueCents;
    if (row.campaign) term.campaigns.add(row.campaign);
  }

  const grams = new Map<string, Acc>();
  for (const term of terms.values()) {
    for (const n of NGRAM_LENGTHS) {
      for (const ngram of ngramsOf(term.words, n, term.language)) {
        // The text alone is the key: its words say its n.
        let acc = grams.get(ngram);
        if (!acc) {
          acc = {
            ngram,
            n,
            terms: 0,
            impressions: 0,
            clicks: 0,
            costCents: 0,
            conversions: 0,
            conversionValueCents: 0,
            campaigns: new Set(),
          };
          grams.set(ngram, acc);
        }
        acc.terms += 1;
        acc.impressions += term.impressions;
        acc.clicks += term.clicks;
        acc.costCents += term.costCents;
        acc.conversions += term.conversions;
        acc.conversionValueCents += term.conversionValueCents;
        for (const campaign of term.campaigns) acc.campaigns.add(campaign);
      }
    }
  }

  const out: NgramRow[] = [];
  for (const acc of grams.values()) {
    const conversions = Math.round(acc.conversions * 100) / 100;
    out.push({
      ngram: acc.ngram,
      n: acc.n,
      terms: acc.terms,
      impressions: acc.impressions,
      clicks: acc.clicks,
      costCents: acc.costCents,
      conversions,
      conversionValueCents: acc.conversionValueCents,
      cpaCents: conversions > 0 ? Math.round(acc.costCents / conversions) : null,
      conversionRate: acc.clicks > 0 ? conversions / acc.clicks : null,
      roas: acc.costCents > 0 ? acc.conversionValueCents / acc.costCents : null,
      campaigns: [...acc.campaigns].sort(),
      wasted: basis ? wasteSignificance({ costCents: acc.costCents, clicks: acc.clicks, conversions }, basis) : null,
    });
  }
  return { ngrams: out, terms: terms.size };
}

type Numeric = Exclude<NgramQuery["sort"], "ngram">;
const FIGURE: Record<Numeric, (row: NgramRow) => number | null> = {
  cost: (row) => row.costCents,
  impressions: (row) => row.impressions,
  clicks: (row) => row.clicks,
  conversions: (row) => row.conversions,
  value: (row) => row.conversionValueCents,
  cpa: (row) => row.cpaCents,
  conversionRate: (row) => row.conversionRate,
  roas: (row) => row.roas,
  terms: (row) => row.terms,
};

/** The table: of size `n` (or all), only the wasted ones when asked, sorted (figures highest first and none last; n-grams A–Z). */
export function selectNgrams(rows: readonly NgramRow[], query: Pick<NgramQuery, "n" | "sort" | "wastedOnly">, collator?: Intl.Collator) {
  const text = collator ?? new Intl.Collator("en");
  const chosen = rows.filter((row) => (query.n === "all" || String(row.n) === query.n) && (!query.wastedOnly || row.wasted !== null));
  const byText = (a: NgramRow, b: NgramRow) => text.compare(a.ngram, b.ngram) || a.n - b.n;
  if (query.sort === "ngram") return chosen.sort(byText);
  const figure = FIGURE[query.sort];
  return chosen.sort((a, b) => {
    const x = figure(a);
    const y = figure(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return y - x;
    }
    return b.costCents - a.costCents || byText(a, b);
  });
}
