/**
 * The keyword generator's forms and limits, shared by the server and the browser (a `.server`
 * export is undefined in the browser): the generator's fields (`seeds` one per line, `landingPage`,
 * `language` (`auto` or a language), `negatives`, the `alphabet` checkbox) and the save form (`name` plus the same fields: saving generates again
 * from them, so nothing the browser sends is stored unchecked). Messages are `ads-keywords:` keys.
 */
import { z } from "zod";

export const KEYWORD_LANGUAGES = ["en", "nl", "fr", "es", "de"] as const;
export type KeywordLanguage = (typeof KEYWORD_LANGUAGES)[number];
/** The language field's choices: `auto` detects it from the seeds (else the client account's). */
export const KEYWORD_LANGUAGE_CHOICES = ["auto", ...KEYWORD_LANGUAGES] as const;

export const KEYWORD_LIMITS = {
  seeds: 50,
  seedChars: 80,
  landingPageChars: 20_000,
  negatives: 200,
  /** Generated keywords kept (Google Ads allows 80 characters and 10 words per keyword). */
  keywords: 1000,
  keywordChars: 80,
  keywordWords: 10,
  listName: 100,
  /** Saved lists per client account. */
  lists: 100,
} as const;

/** Non-empty trimmed lines (commas separate too), without duplicates. */
export function splitLines(text: string | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const line of text.split(/[\r\n,;]+/)) {
    const value = line.trim();
    if (value) seen.add(value);
  }
  return [...seen];
}

const noControl = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value);

export const GeneratorSchema = z
  .object({
    seeds: z
      .string({ required_error: "ads-keywords:form.errors.seedsRequired" })
      .max(KEYWORD_LIMITS.seeds * (KEYWORD_LIMITS.seedChars + 2), "ads-keywords:form.errors.seedsTooMany"),
    landingPage: z.string().max(KEYWORD_LIMITS.landingPageChars, "ads-keywords:form.errors.landingPage").optional(),
    language: z.enum(KEYWORD_LANGUAGE_CHOICES, { errorMap: () => ({ message: "ads-keywords:form.errors.language" }) }).default("auto"),
    negatives: z
      .string()
      .max(KEYWORD_LIMITS.negatives * 82, "ads-keywords:form.errors.negatives")
      .optional(),
    /** A checkbox: add the seed + a–z variants. */
    alphabet: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
  })
  .superRefine((value, ctx) => {
    const seeds = splitLines(value.seeds);
    if (seeds.length === 0)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["seeds"], message: "ads-keywords:form.errors.seedsRequired" });
    else if (seeds.length > KEYWORD_LIMITS.seeds)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["seeds"], message: "ads-keywords:form.errors.seedsTooMany" });
    else if (seeds.some((seed) => seed.length > KEYWORD_LIMITS.seedChars || !noControl(seed)))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["seeds"], message: "ads-keywords:form.errors.seedTooLong" });
    if (splitLines(value.negatives).length > KEYWORD_LIMITS.negatives)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["negatives"], message: "ads-keywords:form.errors.negatives" });
  });

export type GeneratorInput = z.infer<typeof GeneratorSchema>;

export const SaveListSchema = z.object({
  name: z
    .string({ required_error: "ads-keywords:save.errors.name" })
    .trim()
    .min(1, "ads-keywords:save.errors.name")
    .max(KEYWORD_LIMITS.listName, "ads-keywords:save.errors.name")
    .refine(noControl, "ads-keywords:save.errors.name"),
});

/** How a keyword was made (the page's `kinds.*` keys). */
export const EXPANSION_KINDS = [
  "seed",
  "planner",
  "permutation",
  "transactional",
  "commercial",
  "landing",
  "question",
  "preposition",
  "alphabet",
] as const;
export type ExpansionKind = (typeof EXPANSION_KINDS)[number];

/** Where a keyword's figures come from (the page's `sources.*` keys). */
export type MetricSource = "keyword-planner" | "account" | "none";
