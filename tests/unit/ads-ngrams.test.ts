/**
 * The n-gram counting (app/ads/ngrams.ts) and its query (app/ads/ngram-query.ts): words on Unicode
 * word boundaries lower-cased per language, stop words left out of 1-grams only, a term counted
 * once per n-gram, the significance flag being the tips' own rule, sorting and filtering; and, as
 * properties, that the figures add up (over 1-grams, the terms' figures times their distinct words
 * when no stop word is dropped; an n-gram never more than all terms; the terms count of 1-grams).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ngramQueryFromSearch } from "~/ads/ngram-query";
import { countNgrams, ngramsOf, selectNgrams, tokenize, type NgramInput } from "~/ads/ngrams";
import { significanceBasis, wasteSignificance } from "~/ads/tip-rules";

const row = (searchTerm: string, figures: Partial<NgramInput> = {}): NgramInput => ({
  campaign: "Camp",
  searchTerm,
  language: "en",
  impressions: 100,
  clicks: 10,
  costCents: 1000,
  conversions: 0,
  conversionValueCents: 0,
  ...figures,
});

describe("words", () => {
  it("splits on Unicode word boundaries and lower-cases in the report's language", () => {
    expect(tokenize("Trail-Running SHOES 40L", "en")).toEqual(["trail", "running", "shoes", "40l"]);
    expect(tokenize("¿Dónde comprar BOTAS?", "es")).toEqual(["dónde", "comprar", "botas"]);
    expect(tokenize("Wanderschuhe GRÖSSE 44", "de")).toEqual(["wanderschuhe", "grösse", "44"]);
    // NFD input reads as its NFC form: one word, the same as the composed spelling.
    expect(tokenize("randonne\u0301e", "fr")).toEqual(tokenize("randonnée", "fr"));
    expect(tokenize(" -- ", "en")).toEqual([]);
  });

  it("leaves stop words out of 1-grams only, and counts an n-gram once per term", () => {
    const words = tokenize("boots for women for winter", "en");
    expect(ngramsOf(words, 1, "en")).toEqual(["boots", "women", "winter"]);
    expect(ngramsOf(words, 2, "en")).toEqual(["boots for", "for women", "women for", "for winter"]);
    expect(ngramsOf(tokenize("tent tent", "en"), 1, "en")).toEqual(["tent"]);
    // Each language its own list: `de` is a Dutch, French and Spanish stop word, not an English one.
    expect(ngramsOf(tokenize("schoenen van de winkel", "nl"), 1, "nl")).toEqual(["schoenen", "winkel"]);
    expect(ngramsOf(tokenize("chaussures de randonnée pour femme", "fr"), 1, "fr")).toEqual(["chaussures", "randonnée", "femme"]);
    expect(ngramsOf(tokenize("botas de montaña para mujer", "es"), 1, "es")).toEqual(["botas", "montaña", "mujer"]);
    expect(ngramsOf(tokenize("wanderschuhe für die damen", "de"), 1, "de")).toEqual(["wanderschuhe", "damen"]);
    expect(ngramsOf(tokenize("de", "en"), 1, "en")).toEqual(["de"]);
  });
});

describe("counting", () => {
  it("sums the terms containing each n-gram, with CPA, conversion rate, ROAS and campaigns", () => {
    const { ngrams, terms } = countNgrams(
      [
        row("camping jobs", { campaign: "B", costCents: 900, clicks: 9 }),
        row("park ranger jobs", { campaign: "A", costCents: 600, clicks: 6 }),
        row("camping tent", { conversions: 2, conversionValueCents: 12_000, costCents: 3000, clicks: 30 }),
        // The same term on another day (a day-by-day report) and in capitals: one term.
        row("Camping Tent", { conversions: 1, conversionValueCents: 6000, costCents: 1000, clicks: 10 }),
      ],
      null,
    );
    expect(terms).toBe(3);
    const jobs = ngrams.find((g) => g.ngram === "jobs")!;
    expect(jobs).toMatchObject({ n: 1, terms: 2, clicks: 15, costCents: 1500, conversions: 0, cpaCents: null, campaigns: ["A", "B"] });
    expect(jobs.roas).toBe(0);
    const tent = ngrams.find((g) => g.ngram === "camping tent")!;
    expect(tent).toMatchObject({ n: 2, terms: 1, costCents: 4000, conversions: 3, conversionValueCents: 18_000, cpaCents: 1333 });
    expect(tent.conversionRate).toBeCloseTo(0.075);
    expect(tent.roas).toBeCloseTo(4.5);
    expect(ngrams.find((g) => g.ngram === "park ranger jobs")).toMatchObject({ n: 3, terms: 1 });
    expect(ngrams.find((g) => g.ngram === "camping")).toMatchObject({ terms: 2, costCents: 4900 });
  });

  it("flags wasted spend with exactly the negative-keyword tips' rule", () => {
    const rows = [
      row("buy boots", { costCents: 10_000, clicks: 100, conversions: 5 }),
      row("boots jobs", { costCents: 3000, clicks: 4 }),
      row("boots repair", { costCents: 300, clicks: 200 }),
      row("boots images", { costCents: 100, clicks: 2 }),
    ];
    const basis = significanceBasis(rows)!;
    // 5 conversions for $134 over 306 clicks: CPA $26.80, a 1.6% conversion rate.
    expect(basis.cpa).toBeCloseTo(2680);
    const { ngrams } = countNgrams(rows, basis);
    const flag = (text: string) => ngrams.find((g) => g.ngram === text)!.wasted;
    expect(flag("jobs")).toBe("cost"); // $30 ≥ the CPA
    expect(flag("repair")).toBe("clicks"); // $3, but (1 − 5/306)^200 ≈ 3.7% < 5%
    expect(flag("images")).toBeNull(); // $1, 2 clicks: neither
    expect(flag("buy")).toBeNull(); // converted
    for (const g of ngrams) expect(g.wasted).toBe(wasteSignificance(g, basis));
  });

  it("filters by size and wasted spend, sorts figures highest first with none last", () => {
    const { ngrams } = countNgrams(
      [row("a b", { costCents: 500, conversions: 1 }), row("c d", { costCents: 900 }), row("e", { costCents: 100, conversions: 2 })],
      null,
    );
    const q = (sort: Parameters<typeof selectNgrams>[1]["sort"], n: "1" | "2" | "3" | "all" = "1") =>
      selectNgrams(ngrams, { n, sort, wastedOnly: false }).map((g) => g.ngram);
    expect(q("cost")).toEqual(["c", "d", "b", "e"]);
    expect(q("cpa")).toEqual(["b", "e", "c", "d"]);
    expect(q("ngram")).toEqual(["b", "c", "d", "e"]);
    expect(q("cost", "2")).toEqual(["c d", "a b"]);
    expect(q("cost", "all")[0]).toBe("c");
    expect(selectNgrams(ngrams, { n: "all", sort: "cost", wastedOnly: true })).toEqual([]);
  });

  it("reads the query with defaults for anything unknown", () => {
    expect(ngramQueryFromSearch(new URLSearchParams("period=2026-05-01..2026-05-31&n=2&sort=roas&wasted=1&campaign=Brand"))).toEqual({
      period: "2026-05-01..2026-05-31",
      campaign: "Brand",
      n: "2",
      sort: "roas",
      wastedOnly: true,
    });
    expect(ngramQueryFromSearch(new URLSearchParams("period=yesterday&n=7&sort=drop"))).toEqual({
      period: null,
      campaign: null,
      n: "all",
      sort: "cost",
      wastedOnly: false,
    });
  });
});

describe("properties", () => {
  it("plain Latin text split on its spaces gives exactly the segmenter's words", () => {
    const segmenter = new Intl.Segmenter("de", { granularity: "word" });
    const latinWord = fc.stringMatching(/^[a-zA-Z0-9äöüßÄÖÜéèçñÑ]{1,8}$/);
    fc.assert(
      fc.property(fc.array(latinWord, { minLength: 1, maxLength: 6 }), (words) => {
        const text = words.join(" ");
        const segmented = [...segmenter.segment(text)]
          .filter((part) => part.isWordLike)
          .map((part) => part.segment.toLocaleLowerCase("de"));
        expect(tokenize(text, "de")).toEqual(segmented);
      }),
    );
  });

  // Words that are no stop word in English, so nothing is dropped from 1-grams.
  const word = fc.constantFrom("tent", "boots", "camping", "jobs", "free", "hiking", "near", "cheap", "40l", "größe", "montaña");
  const input = fc.record({
    words: fc.array(word, { minLength: 1, maxLength: 5 }),
    campaign: fc.constantFrom("A", "B", "C"),
    impressions: fc.nat(10_000),
    clicks: fc.nat(500),
    costCents: fc.nat(100_000),
    conversions: fc.nat(20),
    conversionValueCents: fc.nat(500_000),
  });
  const rowsOf = (list: Array<{ words: string[] } & Omit<NgramInput, "searchTerm" | "language">>) =>
    list.map(({ words, ...figures }) => ({ ...figures, searchTerm: words.join(" "), language: "en" as const }));

  it("over 1-grams, each term's figures count once per distinct word", () => {
    fc.assert(
      fc.property(fc.array(input, { maxLength: 30 }), (list) => {
        const rows = rowsOf(list);
        const { ngrams } = countNgrams(rows, null);
        const ones = ngrams.filter((g) => g.n === 1);
        for (const key of ["impressions", "clicks", "costCents", "conversionValueCents"] as const) {
          const expected = rows.reduce((sum, r) => sum + r[key] * new Set(r.searchTerm.split(" ")).size, 0);
          expect(ones.reduce((sum, g) => sum + g[key], 0)).toBe(expected);
        }
      }),
    );
  });

  it("one-word terms: the 1-grams add up to the terms exactly, and an n-gram never exceeds all terms", () => {
    fc.assert(
      fc.property(fc.array(input, { maxLength: 30 }), (list) => {
        const single = rowsOf(list.map((item) => ({ ...item, words: item.words.slice(0, 1) })));
        const { ngrams, terms } = countNgrams(single, null);
        expect(ngrams.every((g) => g.n === 1)).toBe(true);
        expect(ngrams.reduce((sum, g) => sum + g.costCents, 0)).toBe(single.reduce((sum, r) => sum + r.costCents, 0));
        expect(ngrams.reduce((sum, g) => sum + g.terms, 0)).toBe(terms);
        const all = rowsOf(list);
        const total = all.reduce((sum, r) => sum + r.costCents, 0);
        const counted = countNgrams(all, null);
        for (const g of counted.ngrams) {
          expect(g.costCents).toBeLessThanOrEqual(total);
          expect(g.terms).toBeLessThanOrEqual(counted.terms);
        }
      }),
    );
  });
});
