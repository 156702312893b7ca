/**
 * The keyword generator (expansion classes, normalization, de-duplication, negatives, the cap,
 * landing-page words, theme grouping by Snowball stems in each language) and the Google Keyword
 * Planner import (UTF-16LE with BOM, TAB, two leading lines, segmentation rows, volume buckets).
 */
import { describe, expect, it } from "vitest";
import { GeneratorSchema, KEYWORD_LIMITS, splitLines, type KeywordLanguage } from "~/ads/keywords/form";
import {
  detectLanguage,
  generateKeywords,
  landingWords,
  normalizeKeyword,
  plannerIdeasFor,
  themeStems,
  type GenerateResult,
} from "~/ads/keywords/generate";
import { plannerCompetition, plannerVolume } from "~/ads/import/normalize";
import { parseAdsExport } from "~/ads/import/read.server";
import { adFixture, utf16le } from "../support/ad-exports";

const all = (result: GenerateResult) => result.themes.flatMap((theme) => theme.keywords);
const keywords = (result: GenerateResult) => all(result).map((item) => item.keyword);
const themeOf = (result: GenerateResult, keyword: string) =>
  result.themes.find((theme) => theme.keywords.some((item) => item.keyword === keyword))?.name;

describe("normalizeKeyword", () => {
  it("lower-cases, composes (NFC), strips punctuation and collapses spaces", () => {
    expect(normalizeKeyword("  Running   SHOES!! ")).toBe("running shoes");
    expect(normalizeKeyword("Cafe\u0301 crème, 24/7?")).toBe("café crème 24 7");
    expect(normalizeKeyword("Cafe\u0301")).toBe("café".normalize("NFC"));
    expect(normalizeKeyword("\"[e-bike]\" -- l'eau 'quoted'")).toBe("e-bike l'eau quoted");
    expect(normalizeKeyword("+trail +shoes")).toBe("trail shoes");
    expect(normalizeKeyword("…")).toBe("");
  });
});

describe("generateKeywords", () => {
  const result = generateKeywords({ seeds: "Running Shoes\nrunning  shoes\n", language: "en" });

  it("keeps the seed, its permutations and every modifier class, de-duplicated and normalized", () => {
    const list = keywords(result);
    expect(list[0]).toBe("running shoes");
    expect(new Set(list).size).toBe(list.length);
    expect(list.filter((k) => k === "running shoes")).toHaveLength(1);
    const kindOf = (keyword: string) => all(result).find((item) => item.keyword === keyword)?.kind;
    const kinds: [string, string][] = [
      ["running shoes", "seed"],
      ["shoes running", "permutation"],
      ["buy running shoes", "transactional"],
      ["running shoes near me", "transactional"],
      ["cheap running shoes", "transactional"],
      ["best running shoes", "commercial"],
      ["best running shoes for beginners", "commercial"],
      ["running shoes reviews", "commercial"],
      ["how to choose running shoes", "question"],
      ["where to buy running shoes", "question"],
      ["which running shoes to buy", "question"],
      ["running shoes for women", "preposition"],
      ["running shoes with free shipping", "preposition"],
    ];
    for (const [keyword, kind] of kinds) expect(kindOf(keyword), keyword).toBe(kind);
    expect(list.every((k) => k === normalizeKeyword(k))).toBe(true);
  });

  it("writes whole searches: no bare question word before the seed, no dangling preposition after it", () => {
    const bare = /^(how|what|where|which|why|when|who|can|is) running shoes$|running shoes (for|with|without|near|like|to|vs)$/;
    expect(keywords(result).filter((k) => bare.test(k))).toEqual([]);
  });

  it("adds the alphabet variants only when asked for", () => {
    expect(all(result).filter((item) => item.kind === "alphabet")).toHaveLength(0);
    const withLetters = generateKeywords({ seeds: "running shoes", language: "en", alphabet: true });
    const letters = all(withLetters).filter((item) => item.kind === "alphabet");
    expect(letters.map((item) => item.keyword)).toEqual("abcdefghijklmnopqrstuvwxyz".split("").map((letter) => `running shoes ${letter}`));
  });

  it("is deterministic: the same input gives the same list in the same order", () => {
    const again = generateKeywords({ seeds: "running shoes", language: "en" });
    expect(keywords(again)).toEqual(keywords(result));
    expect(result.total).toBe(keywords(result).length);
    // 1 seed + 1 permutation + 10 transactional + 7 commercial + 4 questions + 5 prepositional phrases.
    expect(result.total).toBe(28);
  });

  it("groups a seed's expansions into its theme (modifiers and single letters carry no theme)", () => {
    expect(result.themes).toHaveLength(1);
    expect(result.themes[0]).toMatchObject({ name: "running shoes", stems: "run shoe" });
  });

  it("permutes every order of a multi-word seed (up to four words)", () => {
    const three = generateKeywords({ seeds: "red running shoes", language: "en" });
    const permutations = all(three)
      .filter((item) => item.kind === "permutation")
      .map((item) => item.keyword);
    expect(permutations.sort()).toEqual([
      "red shoes running",
      "running red shoes",
      "running shoes red",
      "shoes red running",
      "shoes running red",
    ]);
    const five = generateKeywords({ seeds: "a b c d e", language: "en" });
    expect(all(five).filter((item) => item.kind === "permutation")).toHaveLength(0);
  });

  it("removes keywords with a negative word or phrase (whole words only) and counts them", () => {
    const negated = generateKeywords({ seeds: "running shoes", language: "en", negatives: "Cheap\nfree shipping\nrev" });
    const list = keywords(negated);
    expect(list).not.toContain("cheap running shoes");
    expect(list).not.toContain("running shoes free shipping");
    expect(list).not.toContain("running shoes with free shipping");
    expect(list).toContain("running shoes near me"); // "free" alone is not "free shipping"
    expect(list).toContain("running shoes reviews"); // "rev" is not a whole word of it
    expect(negated.removedByNegatives).toBe(3);
    expect(negated.total).toBe(28 - 3);
    const seedNegated = generateKeywords({ seeds: "free running shoes\nrunning shoes", language: "en", negatives: "free" });
    expect(keywords(seedNegated).some((k) => k.split(" ").includes("free"))).toBe(false);
  });

  it("caps the list, cutting the alphabet variants before the seeds", () => {
    const seeds = Array.from({ length: KEYWORD_LIMITS.seeds }, (_, i) => `product${i} shoes`).join("\n");
    const capped = generateKeywords({ seeds, language: "en" });
    expect(capped.total).toBe(KEYWORD_LIMITS.keywords);
    expect(capped.truncated).toBe(true);
    const list = all(capped);
    expect(list.filter((item) => item.kind === "seed")).toHaveLength(KEYWORD_LIMITS.seeds);
    expect(list.filter((item) => item.kind === "alphabet")).toHaveLength(0);
    // Each seed is its own theme ("product0 shoes" and "product1 shoes" share no full stem set).
    expect(capped.themes).toHaveLength(KEYWORD_LIMITS.seeds);
  });

  it("uses the landing page's frequent content words as modifiers, without stopwords, seeds or negatives", () => {
    const text =
      "Our cushioned running shoes are built for the marathon. Marathon runners love the cushioning. Free returns on all shoes, free returns!";
    // "cushioned" and "cushioning" are one stem (twice); a tie between forms goes to the first alphabetically.
    // "free" is a modifier's word ("free shipping"): it carries no theme of its own.
    expect(landingWords(text, "en", ["running shoes"])).toEqual(["cushioned", "marathon", "returns"]);
    const withPage = generateKeywords({ seeds: "running shoes", landingPage: text, language: "en", negatives: "free" });
    expect(withPage.landingWords).toEqual(["cushioned", "marathon", "returns"]);
    const landing = all(withPage)
      .filter((item) => item.kind === "landing")
      .map((item) => item.keyword);
    expect(landing).toEqual(["running shoes cushioned", "running shoes marathon", "running shoes returns"]);
    // A landing word only one keyword has stays in the seed's ad group; one two keywords share is a group of its own.
    expect(themeOf(withPage, "running shoes marathon")).toBe("running shoes");
    expect(themeOf(withPage, "best running shoes")).toBe("running shoes");
    const twoSeeds = generateKeywords({ seeds: "running shoes\ntrail shoes", landingPage: text, language: "en" });
    expect(themeOf(twoSeeds, "running shoes marathon")).toBe("trail shoes marathon");
    expect(themeOf(twoSeeds, "trail shoes marathon")).toBe("trail shoes marathon");
  });

  it("groups by Snowball stems in each language", () => {
    const cases: Array<[KeywordLanguage, string, string]> = [
      ["en", "running shoes", "run shoe"],
      ["nl", "hardloopschoenen", "hardloopschoen"],
      ["fr", "chaussures de course", "chaussure course"],
      ["es", "zapatillas baratas", "zapatilla barata"],
      ["de", "Laufschuhe Wandern", "Laufschuh wandern"],
    ];
    for (const [language, a, b] of cases) {
      expect(themeStems(a, language), `${language}: ${a}`).toBe(themeStems(b, language));
      const grouped = generateKeywords({ seeds: `${a}\n${b}`, language });
      expect(
        grouped.themes.map((theme) => theme.name),
        language,
      ).toEqual([normalizeKeyword(a)]);
      expect(grouped.themes[0]!.keywords.filter((item) => item.kind === "seed").map((item) => item.keyword)).toEqual([
        normalizeKeyword(a),
        normalizeKeyword(b),
      ]);
    }
    // Different products stay apart.
    expect(themeStems("trail shoes", "en")).not.toBe(themeStems("running shoes", "en"));
    expect(themeStems("trail-running shoes", "en")).toBe("run shoe trail");
  });

  it("uses each language's modifiers", () => {
    const kinds = (language: "nl" | "fr" | "es" | "de", seed: string) => keywords(generateKeywords({ seeds: seed, language }));
    expect(kinds("nl", "fiets")).toEqual(expect.arrayContaining(["fiets kopen", "beste fiets", "waar fiets kopen", "fiets voor kinderen"]));
    expect(kinds("fr", "vélo")).toEqual(
      expect.arrayContaining(["acheter vélo", "vélo pas cher", "vélo avis", "comment choisir vélo", "vélo pour enfant"]),
    );
    expect(kinds("es", "bicicleta")).toEqual(
      expect.arrayContaining(["comprar bicicleta", "bicicleta opiniones", "dónde comprar bicicleta", "bicicleta para niños"]),
    );
    expect(kinds("de", "fahrrad")).toEqual(
      expect.arrayContaining(["fahrrad kaufen", "fahrrad günstig", "fahrrad test", "wo fahrrad kaufen", "fahrrad für kinder"]),
    );
  });
});

describe("the generator with Keyword Planner ideas, detected languages and n-gram ad groups", () => {
  const ideas = [
    { keyword: "Trail Running Shoes", searchVolume: 5000 },
    { keyword: "waterproof running shoes", searchVolume: 1300 },
    { keyword: "running shoe sale", searchVolume: 50 },
    { keyword: "trail running shoes women", searchVolume: 500 },
    { keyword: "waterproof running shoes men", searchVolume: null },
    { keyword: "hiking boots", searchVolume: 90_000 },
    { keyword: "shoes", searchVolume: 100_000 },
  ];

  it("offers the Planner ideas that contain a seed, most searched first, before the modifiers", () => {
    expect(plannerIdeasFor(ideas, ["running shoes"], "en").map((idea) => idea.keyword)).toEqual([
      "trail running shoes",
      "waterproof running shoes",
      "trail running shoes women",
      // "shoe" is "shoes" to the stemmer; a volume Google did not give comes last.
      "running shoe sale",
      "waterproof running shoes men",
    ]);
    const r = generateKeywords({ seeds: "running shoes", language: "en", ideas });
    const kindOf = (keyword: string) => all(r).find((item) => item.keyword === keyword)?.kind;
    expect(kindOf("trail running shoes")).toBe("planner");
    expect(kindOf("running shoe sale")).toBe("planner");
    expect(kindOf("hiking boots")).toBeUndefined();
    expect(kindOf("shoes")).toBeUndefined();
    expect(r).toMatchObject({ plannerMatches: 5, plannerIdeas: 7 });
  });

  it("matches Planner ideas whatever their case and accents, and every word of the seed in any order", () => {
    const spanish = [
      { keyword: "Zapatillas cerca de mi", searchVolume: 10 },
      { keyword: "tienda de zapatillas cerca de mí", searchVolume: 20 },
      { keyword: "zapatillas de mujer", searchVolume: 30 },
    ];
    expect(plannerIdeasFor(spanish, ["cerca de mí"], "es").map((idea) => idea.keyword)).toEqual([
      "tienda de zapatillas cerca de mí",
      "zapatillas cerca de mi",
    ]);
    expect(plannerIdeasFor([{ keyword: "shoes for running", searchVolume: 1 }], ["running shoes"], "en")).toHaveLength(1);
    expect(plannerIdeasFor([{ keyword: "running socks", searchVolume: 1 }], ["running shoes"], "en")).toHaveLength(0);
  });

  it("groups keywords into ad groups by the n-grams they share, the rest with their seed", () => {
    const r = generateKeywords({ seeds: "running shoes", language: "en", ideas });
    expect(themeOf(r, "trail running shoes")).toBe("trail running shoes");
    expect(themeOf(r, "trail running shoes women")).toBe("trail running shoes");
    expect(themeOf(r, "waterproof running shoes men")).toBe("waterproof running shoes");
    expect(themeOf(r, "running shoe sale")).toBe("running shoes");
    expect(themeOf(r, "buy running shoes")).toBe("running shoes");
    expect(r.themes.map((theme) => theme.name)).toEqual(["running shoes", "trail running shoes", "waterproof running shoes"]);
  });

  it("detects the seeds' language from their stop and modifier words, else falls back", () => {
    expect(detectLanguage(["zapatillas para correr"])).toBe("es");
    expect(detectLanguage(["hardloopschoenen voor dames"])).toBe("nl");
    expect(detectLanguage(["laufschuhe für damen"])).toBe("de");
    expect(detectLanguage(["chaussures pour homme"])).toBe("fr");
    expect(detectLanguage(["running shoes for women"])).toBe("en");
    // No telling word: the client account's language decides.
    expect(detectLanguage(["nike pegasus"])).toBeNull();
    const auto = generateKeywords({ seeds: "zapatillas para correr", language: "auto", fallbackLanguage: "en" });
    expect(auto).toMatchObject({ language: "es", detected: true });
    expect(keywords(auto)).toContain("dónde comprar zapatillas para correr");
    const fallback = generateKeywords({ seeds: "nike pegasus", language: "auto", fallbackLanguage: "de" });
    expect(fallback).toMatchObject({ language: "de", detected: false });
    expect(keywords(fallback)).toContain("nike pegasus kaufen");
  });
});

describe("the generator's form", () => {
  it("splits lines and checks the seeds", () => {
    expect(splitLines(" a \n\nb,c\r\na")).toEqual(["a", "b", "c"]);
    expect(GeneratorSchema.safeParse({ seeds: "running shoes", language: "en" }).success).toBe(true);
    expect(GeneratorSchema.safeParse({ seeds: " \n ", language: "en" }).success).toBe(false);
    expect(GeneratorSchema.safeParse({ seeds: "x".repeat(81), language: "en" }).success).toBe(false);
    expect(GeneratorSchema.safeParse({ seeds: "shoes", language: "it" }).success).toBe(false);
    expect(GeneratorSchema.parse({ seeds: "shoes" })).toMatchObject({ language: "auto", alphabet: false });
    expect(GeneratorSchema.parse({ seeds: "shoes", language: "es", alphabet: "on" })).toMatchObject({ language: "es", alphabet: true });
    expect(GeneratorSchema.safeParse({ seeds: Array.from({ length: 51 }, (_, i) => `s${i}`).join("\n"), language: "en" }).success).toBe(
      false,
    );
  });
});

describe("Google Keyword Planner exports", () => {
  const fixture = adFixture("keyword-planner.csv");
  /** A Keyword Planner download (UTF-16LE) exported on 2026-06-09: its date line, header and rows after the title line. */
  const plannerDownload = (lines: string[]) => parseAdsExport(utf16le(["Keyword Stats 2026-06-09 at 21_25_18", ...lines].join("\n")));

  it("reads the UTF-16LE file: kind, currency, period, keywords (segmentation rows skipped), no metrics", async () => {
    expect([...fixture.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const r = await parseAdsExport(fixture);
    expect(r).toMatchObject({
      platform: "google",
      kind: "keyword-planner",
      currency: "USD",
      granularity: "period",
      title: "Keyword Stats 2026-06-09 at 21_25_18",
    });
    expect(r.period).toEqual({ start: "2025-05-01", end: "2026-04-30" });
    expect(r.warnings).toEqual([]);
    expect(r.rows.map((row) => [row.line, row.keyword, row.matchType])).toEqual([
      [5, "running shoes", null],
      [6, "buy running shoes", null],
      [7, "trail running shoes", null],
      [8, "best running shoes", null],
      [9, "running shoes review", null],
    ]);
    expect(r.rows.every((row) => Object.values(row.metrics).every((value) => value === null))).toBe(true);
    expect(r.computedTotals).toMatchObject({ impressions: null, clicks: null, costCents: null });
  });

  it("keeps volumes (exact or bucket with bounds), competition and bids as estimates", async () => {
    const r = await parseAdsExport(fixture);
    const extras = r.rows.map((row) => {
      const x = row.extras;
      return [
        x.searchVolume,
        x.volumeLow,
        x.volumeHigh,
        x.volumeEstimated,
        x.competition,
        x.competitionIndex,
        x.bidLowCents,
        x.bidHighCents,
      ];
    });
    expect(extras).toEqual([
      [1300, null, null, true, "high", 87, 62, 215],
      [5000, 1000, 10000, true, "medium", 55, 110, 340],
      [500, 100, 1000, true, "low", 21, 40, 105],
      [50000, 10000, 100000, true, "high", 90, null, null],
      [50, 10, 100, true, null, null, null, null],
    ]);
  });

  it("keeps the trend (three-month and year-on-year change) as fractions; `∞` and empty cells as none", async () => {
    const r = await parseAdsExport(fixture);
    expect(r.rows.map((row) => [row.keyword, row.extras.threeMonthChange, row.extras.yoyChange])).toEqual([
      ["running shoes", -0.18, 0],
      // Its YoY cell is `∞` (no searches a year before).
      ["buy running shoes", 0, null],
      ["trail running shoes", -0.1, 0.2],
      ["best running shoes", null, null],
      ["running shoes review", null, null],
    ]);
  });

  it("maps buckets to the fact sheet's values and refuses unreadable ones", () => {
    expect(plannerVolume("10 – 100", ".")).toEqual({ searchVolume: 50, volumeLow: 10, volumeHigh: 100 });
    expect(plannerVolume("100 – 1K", ".")).toEqual({ searchVolume: 500, volumeLow: 100, volumeHigh: 1000 });
    expect(plannerVolume("1K – 10K", ".")).toEqual({ searchVolume: 5000, volumeLow: 1000, volumeHigh: 10000 });
    expect(plannerVolume("10K – 100K", ".")).toEqual({ searchVolume: 50000, volumeLow: 10000, volumeHigh: 100000 });
    expect(plannerVolume("100K - 1M", ".")).toEqual({ searchVolume: 500000, volumeLow: 100000, volumeHigh: 1000000 });
    expect(plannerVolume("1,300", ".")).toEqual({ searchVolume: 1300, volumeLow: null, volumeHigh: null });
    expect(plannerVolume("1.300", ",")).toEqual({ searchVolume: 1300, volumeLow: null, volumeHigh: null });
    expect(plannerVolume("", ".")).toBeNull();
    expect(plannerVolume(" --", ".")).toBeNull();
    expect(plannerVolume("lots", ".")).toBeUndefined();
    expect(plannerVolume("10K – 1K", ".")).toBeUndefined();
    expect(plannerCompetition("Medium")).toBe("medium");
    expect(plannerCompetition("Hoch")).toBe("high");
    expect(plannerCompetition("")).toBeNull();
    expect(plannerCompetition("Sometimes")).toBeUndefined();
  });

  it("reads a German and a Dutch export (localized headers, decimal commas, localized buckets)", async () => {
    // Both: euros, the twelve months to April 2026, nothing to warn about.
    const eurosOverTheYear = { kind: "keyword-planner", currency: "EUR", warnings: [], period: { start: "2025-05-01", end: "2026-04-30" } };
    const de = await plannerDownload([
      "1. Mai 2025 - 30. April 2026",
      "Keyword\tWährung\tSegmentierung\tDurchschnittl. Suchanfragen pro Monat\tWettbewerb\tWettbewerb (indexierter Wert)\tGebot für oberen Seitenbereich (niedriger Bereich)\tGebot für oberen Seitenbereich (hoher Bereich)",
      "laufschuhe\tEUR\t\t1 Tsd. – 10 Tsd.\tHoch\t81\t0,62\t2,15",
      "laufschuhe kaufen\tEUR\t\t1.300\tMittel\t55\t1,10\t3,40",
    ]);
    expect(de).toMatchObject(eurosOverTheYear);
    expect(
      de.rows.map((row) => [
        row.keyword,
        row.extras.searchVolume,
        row.extras.volumeLow,
        row.extras.volumeHigh,
        row.extras.competition,
        row.extras.bidLowCents,
        row.extras.bidHighCents,
      ]),
    ).toEqual([
      ["laufschuhe", 5000, 1000, 10000, "high", 62, 215],
      ["laufschuhe kaufen", 1300, null, null, "medium", 110, 340],
    ]);

    const nl = await plannerDownload([
      "1 mei 2025 - 30 april 2026",
      "Zoekwoord\tValuta\tSegmentatie\tGem. aantal zoekopdrachten per maand\tConcurrentie\tConcurrentie (geïndexeerde waarde)\tBod voor bovenaan pagina (lage bandbreedte)\tBod voor bovenaan pagina (hoge bandbreedte)",
      "hardloopschoenen\tEUR\t\t10.000 – 100.000\tLaag\t12\t0,40\t1,05",
    ]);
    expect(nl).toMatchObject(eurosOverTheYear);
    expect(nl.rows[0]!.keyword).toBe("hardloopschoenen");
    expect(nl.rows[0]!.extras).toMatchObject({
      searchVolume: 50000,
      volumeLow: 10000,
      volumeHigh: 100000,
      competition: "low",
      bidLowCents: 40,
      bidHighCents: 105,
    });
    expect(plannerVolume("1 Mio. – 10 Mio.", ",")).toEqual({ searchVolume: 5_000_000, volumeLow: 1_000_000, volumeHigh: 10_000_000 });
    expect(plannerVolume("100 k – 1 M", ",")).toEqual({ searchVolume: 500_000, volumeLow: 100_000, volumeHigh: 1_000_000 });
  });

  it("warns about an unreadable volume or competition instead of inventing one", async () => {
    const r = await plannerDownload([
      "May 1, 2025 - April 30, 2026",
      "Keyword\tCurrency\tSegmentation\tAvg. monthly searches\tCompetition\tCompetition (indexed value)\tTop of page bid (low range)\tTop of page bid (high range)",
      "shoes\tEUR\t\tmany\tHuge\t50\t1,10\t2,20",
    ]);
    expect(r.kind).toBe("keyword-planner");
    expect(r.currency).toBe("EUR");
    expect(r.warnings.map((w) => [w.code, w.line, w.column])).toEqual([
      ["ads.import.badValue", 4, "Avg. monthly searches"],
      ["ads.import.badValue", 4, "Competition"],
    ]);
    expect(r.rows[0]!.extras).toMatchObject({
      searchVolume: null,
      volumeEstimated: null,
      competition: null,
      competitionIndex: 50,
      bidLowCents: 110,
      bidHighCents: 220,
    });
  });
});
