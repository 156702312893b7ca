/**
 * The keyword generator: owns turning seed keywords (and optionally a landing page's text and the
 * client account's Keyword Planner ideas) into keyword candidates, offline and deterministically
 * (the fact sheet's section 7): the seeds, the Planner ideas that contain a seed (most searched
 * first), their word permutations, modifier classes per language written as whole searches
 * (transactional, commercial, questions, audiences), the landing page's frequent content words
 * combined with each seed, and, when asked, alphabet variants (seed + a–z). The language is the
 * form's, or detected from the seeds, else the caller's fallback. Every keyword is normalized (NFC,
 * lower case, punctuation stripped, single spaces), de-duplicated, filtered by the negative words
 * and capped; then grouped into ad groups by the n-grams of Snowball stems they share
 * (`snowball-stemmers`), the rest with their seed, so "running shoes" and "run shoe" share one.
 * Generated keywords have no figures: `keywords.server.ts` (`keywordFigures`) attaches them from
 * imports. Pure: no I/O.
 */
import { newStemmer, type Stemmer } from "snowball-stemmers";
import { STOPWORDS } from "../stopwords";
import { KEYWORD_LANGUAGES, KEYWORD_LIMITS, splitLines, type ExpansionKind, type KeywordLanguage } from "./form";

/** `{}` is the seed. */
interface Modifiers {
  transactional: string[];
  commercial: string[];
  question: string[];
  /** Whole prepositional phrases: who or how (`{} for beginners`), never a dangling `{} for`. */
  preposition: string[];
}

/**
 * Modifier classes (practitioner convention, fact sheet section 7; the non-English ones are the
 * usual search wording in each language, chosen by hand). Every template reads as a search people
 * type when `{}` is a product or service as a noun phrase, singular or plural: no article, no
 * adjective that must agree with the seed's gender or number (`dónde comprar {}`, `{} für damen`).
 */
const MODIFIERS: Record<KeywordLanguage, Modifiers> = {
  en: {
    transactional: [
      "buy {}",
      "{} price",
      "cheap {}",
      "{} deals",
      "{} discount",
      "order {} online",
      "{} near me",
      "{} sale",
      "{} free shipping",
      "{} same day delivery",
    ],
    commercial: ["best {}", "top {}", "{} reviews", "{} comparison", "{} brands", "best {} for the money", "best {} for beginners"],
    question: ["how to choose {}", "where to buy {}", "which {} to buy", "which {} to choose"],
    preposition: ["{} for men", "{} for women", "{} for kids", "{} for beginners", "{} with free shipping"],
  },
  nl: {
    transactional: [
      "{} kopen",
      "{} prijs",
      "goedkope {}",
      "{} aanbieding",
      "{} korting",
      "{} online bestellen",
      "{} in de buurt",
      "{} uitverkoop",
      "{} gratis verzending",
    ],
    commercial: ["beste {}", "top {}", "{} review", "{} ervaringen", "{} vergelijken", "{} merken"],
    question: ["waar {} kopen", "welke {} kopen", "hoe kies je {}", "{} waar op letten"],
    preposition: ["{} voor heren", "{} voor dames", "{} voor kinderen", "{} voor beginners", "{} met gratis verzending"],
  },
  fr: {
    transactional: [
      "acheter {}",
      "{} prix",
      "{} pas cher",
      "{} promo",
      "{} soldes",
      "commander {} en ligne",
      "{} près de chez moi",
      "{} livraison gratuite",
    ],
    commercial: ["top {}", "{} avis", "{} comparatif", "{} marques", "{} rapport qualité prix"],
    question: ["où acheter {}", "comment choisir {}", "comment bien choisir {}", "{} lequel choisir"],
    preposition: ["{} pour homme", "{} pour femme", "{} pour enfant", "{} pour débutant", "{} avec livraison gratuite"],
  },
  es: {
    transactional: [
      "comprar {}",
      "{} precio",
      "{} oferta",
      "{} descuento",
      "{} cerca de mí",
      "{} online",
      "comprar {} online",
      "{} envío gratis",
    ],
    commercial: ["top {}", "{} opiniones", "{} comparativa", "{} marcas", "{} calidad precio"],
    question: ["dónde comprar {}", "cómo elegir {}", "qué {} comprar", "qué {} elegir"],
    preposition: ["{} para hombre", "{} para mujer", "{} para niños", "{} para principiantes", "{} con envío gratis"],
  },
  de: {
    transactional: [
      "{} kaufen",
      "{} preis",
      "{} günstig",
      "{} angebot",
      "{} rabatt",
      "{} online bestellen",
      "{} in der nähe",
      "{} kostenloser versand",
    ],
    commercial: ["top {}", "{} test", "{} testsieger", "{} vergleich", "{} erfahrungen", "{} marken"],
    question: ["wo {} kaufen", "welche {} kaufen", "{} worauf achten", "{} kaufberatung"],
    preposition: ["{} für herren", "{} für damen", "{} für kinder", "{} für anfänger", "{} mit kostenlosem versand"],
  },
};

const STEMMER_LANGUAGE: Record<KeywordLanguage, string> = { en: "english", nl: "dutch", fr: "french", es: "spanish", de: "german" };
const ALPHABET = "abcdefghijklmnopqrstuvwxyz".split("");
/** Landing-page words combined with the seeds: the most frequent content words seen at least twice. */
const LANDING_WORDS = 8;
/** Seeds of at most this many words are permuted (4! = 24 orders). */
const PERMUTED_WORDS = 4;

export interface GeneratedKeyword {
  keyword: string;
  kind: ExpansionKind;
}

export interface KeywordTheme {
  /** The ad group's name: its seed, else the shortest keyword that has its n-gram. */
  name: string;
  /** The sorted stems the group's keywords share (`run shoe`, or the n-gram's `run shoe trail`). */
  stems: string;
  keywords: GeneratedKeyword[];
}

/** A Keyword Planner idea of the client account: its text and average monthly searches (null: unknown). */
export interface PlannerIdea {
  keyword: string;
  searchVolume: number | null;
}

export interface GenerateInput {
  seeds: string;
  landingPage?: string;
  /** `auto`: detected from the seeds, else `fallbackLanguage`. */
  language: KeywordLanguage | "auto";
  negatives?: string;
  /** Add the seed + a–z variants (off unless asked for). */
  alphabet?: boolean;
  /** The client account's imported Keyword Planner ideas (any order). */
  ideas?: readonly PlannerIdea[];
  /** The language when `auto` finds none in the seeds: the client account's, else the page's. */
  fallbackLanguage?: KeywordLanguage;
}

export interface GenerateResult {
  themes: KeywordTheme[];
  /** Keywords kept (after negatives and the cap). */
  total: number;
  /** The language the modifiers and stems were taken from, and whether it was detected from the seeds. */
  language: KeywordLanguage;
  detected: boolean;
  /** Keyword Planner ideas containing a seed (kept or not), of `plannerIdeas` imported. */
  plannerMatches: number;
  plannerIdeas: number;
  /** More candidates than the cap were made: the alphabet variants and the last classes were cut. */
  truncated: boolean;
  /** Candidates dropped because they contain a negative word or phrase. */
  removedByNegatives: number;
  /** The landing page's frequent content words used as modifiers. */
  landingWords: string[];
}

/** A keyword as compared and exported: NFC, lower case, punctuation stripped (`e-bike`, `l'eau` keep theirs), single spaces. */
export function normalizeKeyword(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'-]+/gu, " ")
    .replace(/(^|\s)['-]+|['-]+(?=\s|$)/gu, " ")
    .replace(/['-]{2,}/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const words = (keyword: string) => keyword.split(" ").filter(Boolean);

const stemmers = new Map<KeywordLanguage, Stemmer>();
function stemmerFor(language: KeywordLanguage): Stemmer {
  let stemmer = stemmers.get(language);
  if (!stemmer) {
    stemmer = newStemmer(STEMMER_LANGUAGE[language]);
    stemmers.set(language, stemmer);
  }
  return stemmer;
}

/** Stems already computed, per language (a Snowball stem takes ~0.1 ms; keywords repeat their words). */
const stemCache = new Map<KeywordLanguage, Map<string, string>>();
const STEM_CACHE_WORDS = 50_000;

/** A word's Snowball stem in the language. */
export function stemWord(word: string, language: KeywordLanguage): string {
  let cache = stemCache.get(language);
  if (!cache) {
    cache = new Map();
    stemCache.set(language, cache);
  }
  let stem = cache.get(word);
  if (stem === undefined) {
    if (cache.size >= STEM_CACHE_WORDS) cache.clear();
    stem = stemmerFor(language).stem(word);
    cache.set(word, stem);
  }
  return stem;
}

/** The words that carry no theme in a language: stopwords and the modifiers' own words. */
function neutralWords(language: KeywordLanguage): Set<string> {
  const m = MODIFIERS[language];
  const set = new Set(STOPWORDS[language].map(normalizeKeyword));
  for (const template of [...m.transactional, ...m.commercial, ...m.question, ...m.preposition]) {
    for (const word of words(normalizeKeyword(template.replace("{}", " ")))) set.add(word);
  }
  return set;
}

/** The theme key of a keyword: the sorted, distinct stems of its content words (no single letters, no neutral words). */
export function themeStems(keyword: string, language: KeywordLanguage, neutral: Set<string> = neutralWords(language)): string {
  const stems = new Set<string>();
  for (const word of words(normalizeKeyword(keyword))) {
    if (word.length < 2 || neutral.has(word)) continue;
    // `trail-running` shares `run` with `running`.
    for (const part of word.split(/['-]/)) if (part.length >= 2 && !neutral.has(part)) stems.add(stemWord(part, language));
  }
  return [...stems].sort().join(" ");
}

/** Every order of a seed's words (seeds of up to four words), the seed's own order first. */
function permutations(list: string[]): string[][] {
  if (list.length <= 1) return [list];
  const out: string[][] = [];
  list.forEach((word, index) => {
    for (const rest of permutations([...list.slice(0, index), ...list.slice(index + 1)])) out.push([word, ...rest]);
  });
  return out;
}

/** The landing page's most frequent content words (at least three letters, seen twice or more), by stem, most frequent first. */
export function landingWords(text: string, language: KeywordLanguage, seeds: string[]): string[] {
  const neutral = neutralWords(language);
  const seedStems = new Set(seeds.flatMap((seed) => words(seed).map((word) => stemWord(word, language))));
  const counts = new Map<string, { count: number; first: number; forms: Map<string, number> }>();
  let position = 0;
  for (const word of words(normalizeKeyword(text))) {
    position++;
    if (word.length < 3 || neutral.has(word) || /^\d/.test(word)) continue;
    const stem = stemWord(word, language);
    if (seedStems.has(stem)) continue;
    const entry = counts.get(stem) ?? { count: 0, first: position, forms: new Map<string, number>() };
    entry.count++;
    entry.forms.set(word, (entry.forms.get(word) ?? 0) + 1);
    counts.set(stem, entry);
  }
  return [...counts.values()]
    .filter((entry) => entry.count >= 2)
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, LANDING_WORDS)
    .map((entry) => [...entry.forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0]);
}

/** Whether a keyword contains a negative (a word or a phrase, as whole words). */
function hasNegative(keyword: string, negatives: string[][]): boolean {
  const list = words(keyword);
  return negatives.some((negative) => {
    for (let i = 0; i + negative.length <= list.length; i++) {
      if (negative.every((word, j) => list[i + j] === word)) return true;
    }
    return false;
  });
}

/** A word as compared across spellings: lower case without accents (`Mí` → `mi`). */
export function foldWord(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** Letters only some of the languages write (a hint when the seeds hold no stop or modifier word). */
const LETTERS: Record<KeywordLanguage, RegExp> = {
  en: /(?!)/,
  nl: /ij/,
  fr: /[çœèêëàâîôû]/,
  es: /[ñ¿¡áíóú]/,
  de: /[äöüß]/,
};

/**
 * The seeds' language: the one whose stop words and modifier words the seeds use most (each word
 * counted once, accents ignored), a language's own letters breaking ties; null when nothing tells.
 */
export function detectLanguage(seeds: readonly string[]): KeywordLanguage | null {
  const seedWords = new Set(seeds.flatMap((seed) => words(normalizeKeyword(seed)).map(foldWord)));
  const text = seeds.join(" ").toLowerCase();
  let best: KeywordLanguage | null = null;
  let bestScore = 0;
  for (const language of KEYWORD_LANGUAGES) {
    const known = new Set([...neutralWords(language)].map(foldWord));
    let score = 0;
    for (const word of seedWords) if (known.has(word)) score += 2;
    if (LETTERS[language].test(text)) score += 1;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}

/** The seed's words as folded stems: an idea contains the seed when it has every one of them. */
const foldedStems = (text: string, language: KeywordLanguage) =>
  words(normalizeKeyword(text)).map((word) => stemWord(foldWord(word), language));

/**
 * The Keyword Planner ideas that contain a seed (every word of it, in any order, case, accents and
 * inflection aside: `cerca de mí` is in `zapatillas cerca de mi`), most searched first (unknown
 * volumes last, then alphabetically).
 */
export function plannerIdeasFor(ideas: readonly PlannerIdea[], seeds: readonly string[], language: KeywordLanguage): PlannerIdea[] {
  const seedStems = seeds.map((seed) => foldedStems(seed, language)).filter((stems) => stems.length > 0);
  const seen = new Set<string>();
  const matched: PlannerIdea[] = [];
  for (const idea of ideas) {
    const keyword = normalizeKeyword(idea.keyword);
    if (!keyword || seen.has(keyword)) continue;
    seen.add(keyword);
    const stems = new Set(foldedStems(keyword, language));
    if (seedStems.some((seed) => seed.every((stem) => stems.has(stem)))) matched.push({ keyword, searchVolume: idea.searchVolume });
  }
  return matched.sort((a, b) => (b.searchVolume ?? -1) - (a.searchVolume ?? -1) || a.keyword.localeCompare(b.keyword));
}

/** Ad groups at most (the rest stay in their seed's group). */
const MAX_NGRAM_GROUPS = 20;

/**
 * Ad groups by shared n-grams: the content n-grams (one or two words, stemmed; none of a seed's own
 * stems alone, which every keyword shares) are counted over the keywords; the n-gram shared by the
 * most keywords not yet grouped (at least two; the longer on a tie, then the first seen) becomes an
 * ad group, again and again. What no shared n-gram holds stays with its seed (the group named after
 * the seed), else in a group of its own.
 */
function groupByNgrams(items: GeneratedKeyword[], seeds: string[], language: KeywordLanguage, neutral: Set<string>): KeywordTheme[] {
  const seedStemSets = seeds.map((seed) => new Set(themeStems(seed, language, neutral).split(" ").filter(Boolean)));
  const allSeedStems = new Set(seedStemSets.flatMap((set) => [...set]));
  const grams = items.map((item) => {
    const content = words(item.keyword)
      .filter((word) => word.length >= 2 && !neutral.has(word))
      .map((word) => stemWord(word, language));
    const out = new Set<string>();
    content.forEach((stem, i) => {
      if (!allSeedStems.has(stem)) out.add(stem);
      const next = content[i + 1];
      if (next && !(allSeedStems.has(stem) && allSeedStems.has(next))) out.add(`${stem} ${next}`);
    });
    return out;
  });
  const groupOf = new Array<number>(items.length).fill(-1);
  const themes: KeywordTheme[] = [];
  while (themes.length < MAX_NGRAM_GROUPS) {
    const counts = new Map<string, { count: number; first: number }>();
    grams.forEach((set, index) => {
      if (groupOf[index] !== -1) return;
      for (const gram of set) {
        const entry = counts.get(gram) ?? { count: 0, first: index };
        entry.count++;
        counts.set(gram, entry);
      }
    });
    let best: [string, { count: number; first: number }] | null = null;
    for (const entry of counts) {
      const [gram, { count, first }] = entry;
      if (count < 2) continue;
      if (
        !best ||
        count > best[1].count ||
        (count === best[1].count && gram.split(" ").length > best[0].split(" ").length) ||
        (count === best[1].count && gram.split(" ").length === best[0].split(" ").length && first < best[1].first)
      )
        best = entry;
    }
    if (!best) break;
    const theme: KeywordTheme = { name: "", stems: best[0], keywords: [] };
    grams.forEach((set, index) => {
      if (groupOf[index] === -1 && set.has(best[0])) {
        groupOf[index] = themes.length;
        theme.keywords.push(items[index]!);
      }
    });
    themes.push(theme);
  }
  // The rest: with the first seed whose stems it has, else alone.
  const bySeed = new Map<number, KeywordTheme>();
  const rest: KeywordTheme[] = [];
  items.forEach((item, index) => {
    if (groupOf[index] !== -1) return;
    const stems = new Set(themeStems(item.keyword, language, neutral).split(" ").filter(Boolean));
    const seedIndex = seedStemSets.findIndex((set) => set.size > 0 && [...set].every((stem) => stems.has(stem)));
    if (seedIndex === -1) {
      rest.push({ name: item.keyword, stems: [...stems].sort().join(" "), keywords: [item] });
      return;
    }
    const theme = bySeed.get(seedIndex) ?? { name: seeds[seedIndex]!, stems: [...seedStemSets[seedIndex]!].sort().join(" "), keywords: [] };
    theme.keywords.push(item);
    bySeed.set(seedIndex, theme);
  });
  for (const theme of themes) {
    theme.name = theme.keywords.reduce(
      (best, item) => (item.keyword.length < best.length ? item.keyword : best),
      theme.keywords[0]!.keyword,
    );
  }
  return [...[...bySeed.entries()].sort((a, b) => a[0] - b[0]).map(([, theme]) => theme), ...themes, ...rest];
}

export function generateKeywords(input: GenerateInput): GenerateResult {
  const rawSeeds = [...new Set(splitLines(input.seeds).map(normalizeKeyword).filter(Boolean))].slice(0, KEYWORD_LIMITS.seeds);
  const detectedLanguage = input.language === "auto" ? detectLanguage(rawSeeds) : null;
  const language: KeywordLanguage = input.language !== "auto" ? input.language : (detectedLanguage ?? input.fallbackLanguage ?? "en");
  const m = MODIFIERS[language];
  const neutral = neutralWords(language);
  const seeds = rawSeeds;
  const negatives = splitLines(input.negatives)
    .map((negative) => words(normalizeKeyword(negative)))
    .filter((negative) => negative.length > 0);
  const landing = input.landingPage ? landingWords(input.landingPage, language, seeds).filter((word) => !hasNegative(word, negatives)) : [];
  const ideas = plannerIdeasFor(input.ideas ?? [], seeds, language);

  const kept: GeneratedKeyword[] = [];
  const seen = new Set<string>();
  let removedByNegatives = 0;
  let truncated = false;
  const add = (raw: string, kind: ExpansionKind) => {
    const keyword = normalizeKeyword(raw);
    if (!keyword || seen.has(keyword)) return;
    seen.add(keyword);
    if (keyword.length > KEYWORD_LIMITS.keywordChars || words(keyword).length > KEYWORD_LIMITS.keywordWords) return;
    if (hasNegative(keyword, negatives)) {
      removedByNegatives++;
      return;
    }
    if (kept.length >= KEYWORD_LIMITS.keywords) {
      truncated = true;
      return;
    }
    kept.push({ keyword, kind });
  };
  const apply = (templates: string[], kind: ExpansionKind) => {
    for (const template of templates) for (const seed of seeds) add(template.replace("{}", seed), kind);
  };

  // Class by class over all seeds, so the cap cuts the least useful classes (alphabet last), not the last seeds.
  for (const seed of seeds) add(seed, "seed");
  for (const idea of ideas) add(idea.keyword, "planner");
  for (const seed of seeds) {
    const list = words(seed);
    if (list.length >= 2 && list.length <= PERMUTED_WORDS)
      for (const order of permutations(list).slice(1)) add(order.join(" "), "permutation");
  }
  apply(m.transactional, "transactional");
  apply(m.commercial, "commercial");
  for (const word of landing) for (const seed of seeds) add(`${seed} ${word}`, "landing");
  apply(m.question, "question");
  apply(m.preposition, "preposition");
  if (input.alphabet) for (const seed of seeds) for (const letter of ALPHABET) add(`${seed} ${letter}`, "alphabet");

  return {
    themes: groupByNgrams(kept, seeds, language, neutral),
    total: kept.length,
    language,
    detected: detectedLanguage !== null,
    plannerMatches: ideas.length,
    plannerIdeas: input.ideas?.length ?? 0,
    truncated,
    removedByNegatives,
    landingWords: landing,
  };
}
