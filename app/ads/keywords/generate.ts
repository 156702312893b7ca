/**
 * The keyword generator: owns turning seed keywords (and optionally a landing page's text) into
 * keyword candidates, offline and deterministically (the fact sheet's section 7): the seeds, their
 * word permutations, modifier classes per language (transactional, commercial, questions,
 * prepositions), the landing page's frequent content words combined with each seed, and alphabet
 * variants (seed + a–z, candidates for the user to judge). Every keyword is normalized (NFC, lower
 * case, punctuation stripped, single spaces), de-duplicated, filtered by the negative words and
 * capped; then grouped into ad-group themes by the Snowball stems of its content words
 * (`snowball-stemmers`), so "running shoes" and "run shoe" share a theme. Generated keywords have
 * no figures: `keywords.server.ts` (`keywordFigures`) attaches them from imports. Pure: no I/O.
 */
import { newStemmer, type Stemmer } from "snowball-stemmers";
import { KEYWORD_LIMITS, splitLines, type ExpansionKind, type KeywordLanguage } from "./form";

/** `{}` is the seed. */
interface Modifiers {
  transactional: string[];
  commercial: string[];
  question: string[];
  preposition: string[];
  /** Words that carry no theme (articles, pronouns, …), besides the modifiers' own words. */
  stopwords: string[];
}

/**
 * Modifier classes (practitioner convention, fact sheet section 7; the non-English ones are the
 * usual search wording in each language, chosen by hand).
 */
const MODIFIERS: Record<KeywordLanguage, Modifiers> = {
  en: {
    transactional: [
      "buy {}",
      "{} price",
      "{} cost",
      "cheap {}",
      "{} deal",
      "{} discount",
      "order {}",
      "{} near me",
      "{} sale",
      "{} same day",
    ],
    commercial: ["best {}", "top {}", "{} review", "{} reviews", "{} vs", "compare {}", "{} alternative", "{} alternatives"],
    question: ["how {}", "what {}", "where {}", "which {}", "why {}", "when {}", "who {}", "can {}", "is {}"],
    preposition: ["{} for", "{} with", "{} without", "{} near", "{} like", "{} to"],
    stopwords: [
      "a",
      "an",
      "the",
      "and",
      "or",
      "of",
      "in",
      "on",
      "at",
      "by",
      "from",
      "our",
      "your",
      "you",
      "we",
      "it",
      "its",
      "this",
      "that",
      "these",
      "those",
      "are",
      "was",
      "be",
      "been",
      "has",
      "have",
      "had",
      "will",
      "not",
      "no",
      "all",
      "more",
      "most",
      "any",
      "each",
      "every",
      "also",
      "just",
      "only",
      "than",
      "then",
      "there",
      "their",
      "they",
      "them",
      "he",
      "she",
      "his",
      "her",
      "us",
      "my",
      "me",
      "i",
      "do",
      "does",
      "did",
      "so",
      "as",
      "if",
      "but",
      "up",
      "out",
      "into",
      "about",
      "over",
      "here",
      "get",
      "per",
      "new",
      "one",
      "day",
      "me",
    ],
  },
  nl: {
    transactional: [
      "{} kopen",
      "{} prijs",
      "goedkope {}",
      "{} aanbieding",
      "{} korting",
      "{} bestellen",
      "{} in de buurt",
      "{} uitverkoop",
    ],
    commercial: ["beste {}", "top {}", "{} review", "{} ervaringen", "{} vs", "{} vergelijken", "{} alternatief"],
    question: ["hoe {}", "wat {}", "waar {}", "welke {}", "waarom {}", "wanneer {}", "wie {}"],
    preposition: ["{} voor", "{} met", "{} zonder", "{} bij", "{} zoals"],
    stopwords: [
      "de",
      "het",
      "een",
      "en",
      "of",
      "van",
      "in",
      "op",
      "aan",
      "te",
      "is",
      "zijn",
      "was",
      "wordt",
      "worden",
      "dat",
      "die",
      "dit",
      "deze",
      "u",
      "uw",
      "je",
      "jouw",
      "wij",
      "we",
      "ons",
      "onze",
      "ze",
      "zij",
      "hij",
      "niet",
      "geen",
      "ook",
      "nog",
      "al",
      "alle",
      "meer",
      "om",
      "door",
      "naar",
      "uit",
      "als",
      "maar",
      "dan",
      "er",
      "hier",
      "heeft",
      "hebben",
      "kan",
      "kunnen",
      "nieuw",
      "nieuwe",
    ],
  },
  fr: {
    transactional: ["acheter {}", "{} prix", "{} pas cher", "{} promo", "{} soldes", "commander {}", "{} près de chez moi", "{} livraison"],
    commercial: ["meilleur {}", "meilleurs {}", "top {}", "avis {}", "{} comparatif", "{} vs", "alternative {}"],
    question: ["comment {}", "quel {}", "quelle {}", "où {}", "pourquoi {}", "quand {}", "qui {}"],
    preposition: ["{} pour", "{} avec", "{} sans", "{} près de", "{} comme"],
    stopwords: [
      "le",
      "la",
      "les",
      "l",
      "un",
      "une",
      "des",
      "du",
      "de",
      "d",
      "et",
      "ou",
      "en",
      "au",
      "aux",
      "à",
      "a",
      "est",
      "sont",
      "ce",
      "cet",
      "cette",
      "ces",
      "vous",
      "votre",
      "vos",
      "nous",
      "notre",
      "nos",
      "il",
      "elle",
      "ils",
      "elles",
      "on",
      "ne",
      "pas",
      "plus",
      "que",
      "qui",
      "dans",
      "sur",
      "par",
      "se",
      "sa",
      "son",
      "ses",
      "leur",
      "leurs",
      "y",
      "tout",
      "tous",
      "toutes",
      "très",
      "nouveau",
      "nouvelle",
    ],
  },
  es: {
    transactional: ["comprar {}", "{} precio", "{} barato", "{} oferta", "{} descuento", "{} cerca de mí", "{} online", "{} envío"],
    commercial: ["mejor {}", "mejores {}", "top {}", "{} opiniones", "{} vs", "comparar {}", "alternativa {}"],
    question: ["cómo {}", "qué {}", "dónde {}", "cuál {}", "por qué {}", "cuándo {}", "quién {}"],
    preposition: ["{} para", "{} con", "{} sin", "{} cerca de", "{} como"],
    stopwords: [
      "el",
      "la",
      "los",
      "las",
      "un",
      "una",
      "unos",
      "unas",
      "y",
      "o",
      "de",
      "del",
      "al",
      "a",
      "en",
      "es",
      "son",
      "que",
      "se",
      "su",
      "sus",
      "lo",
      "le",
      "les",
      "usted",
      "ustedes",
      "nuestro",
      "nuestra",
      "nuestros",
      "nuestras",
      "nosotros",
      "no",
      "más",
      "muy",
      "por",
      "este",
      "esta",
      "estos",
      "estas",
      "ese",
      "esa",
      "todo",
      "todos",
      "todas",
      "también",
      "nuevo",
      "nueva",
    ],
  },
  de: {
    transactional: ["{} kaufen", "{} preis", "{} günstig", "{} angebot", "{} rabatt", "{} bestellen", "{} in der nähe", "{} online"],
    commercial: ["beste {}", "top {}", "{} test", "{} erfahrungen", "{} vs", "{} vergleich", "{} alternative"],
    question: ["wie {}", "was {}", "wo {}", "welche {}", "warum {}", "wann {}", "wer {}"],
    preposition: ["{} für", "{} mit", "{} ohne", "{} bei", "{} wie"],
    stopwords: [
      "der",
      "die",
      "das",
      "den",
      "dem",
      "des",
      "ein",
      "eine",
      "einen",
      "einem",
      "einer",
      "und",
      "oder",
      "in",
      "im",
      "an",
      "am",
      "auf",
      "aus",
      "zu",
      "zum",
      "zur",
      "von",
      "vom",
      "ist",
      "sind",
      "war",
      "sie",
      "ihr",
      "ihre",
      "ihren",
      "wir",
      "unser",
      "unsere",
      "es",
      "er",
      "nicht",
      "kein",
      "keine",
      "auch",
      "noch",
      "nur",
      "mehr",
      "sehr",
      "als",
      "aber",
      "dann",
      "hier",
      "hat",
      "haben",
      "kann",
      "können",
      "alle",
      "neu",
      "neue",
      "neuen",
    ],
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
  /** The theme's name: its shortest keyword (a seed when it has one). */
  name: string;
  /** The sorted content stems shared by the theme's keywords (`run shoe`). */
  stems: string;
  keywords: GeneratedKeyword[];
}

export interface GenerateInput {
  seeds: string;
  landingPage?: string;
  language: KeywordLanguage;
  negatives?: string;
}

export interface GenerateResult {
  themes: KeywordTheme[];
  /** Keywords kept (after negatives and the cap). */
  total: number;
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
  const set = new Set(m.stopwords.map(normalizeKeyword));
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

export function generateKeywords(input: GenerateInput): GenerateResult {
  const language = input.language;
  const m = MODIFIERS[language];
  const neutral = neutralWords(language);
  const seeds = [...new Set(splitLines(input.seeds).map(normalizeKeyword).filter(Boolean))].slice(0, KEYWORD_LIMITS.seeds);
  const negatives = splitLines(input.negatives)
    .map((negative) => words(normalizeKeyword(negative)))
    .filter((negative) => negative.length > 0);
  const landing = input.landingPage ? landingWords(input.landingPage, language, seeds).filter((word) => !hasNegative(word, negatives)) : [];

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
  for (const seed of seeds) for (const letter of ALPHABET) add(`${seed} ${letter}`, "alphabet");

  const themes = new Map<string, KeywordTheme>();
  for (const item of kept) {
    const stems = themeStems(item.keyword, language, neutral);
    const theme = themes.get(stems) ?? { name: item.keyword, stems, keywords: [] };
    theme.keywords.push(item);
    themes.set(stems, theme);
  }
  for (const theme of themes.values()) {
    const seed = theme.keywords.find((item) => item.kind === "seed");
    theme.name =
      seed?.keyword ??
      theme.keywords.reduce((best, item) => (item.keyword.length < best.length ? item.keyword : best), theme.keywords[0]!.keyword);
  }
  return { themes: [...themes.values()], total: kept.length, truncated, removedByNegatives, landingWords: landing };
}
