/**
 * The keyword generator's intent handlers: `generate` answers the keyword candidates with their
 * figures, `save` generates the list again from the posted fields and keeps it under its name,
 * `delete` removes a saved list. Invalid fields answer 400 with the form's errors.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { GeneratorSchema, KEYWORD_LANGUAGES, SaveListSchema, type KeywordLanguage } from "~/ads/keywords/form";
import { generateKeywords, type GenerateInput } from "~/ads/keywords/generate";
import {
  KeywordListNotFoundError,
  TooManyKeywordListsError,
  clientExportLanguage,
  deleteKeywordList,
  plannerIdeas,
  keywordFigures,
  saveKeywordList,
  type KeywordFigures,
} from "~/ads/keywords/keywords.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { localePath } from "~/utils/paths";
import { orNotFound, redirectWithFlash } from "~/utils/http.server";

interface Caller {
  userId: string;
  clientId: string;
  locale: Locale;
}

type Values = { seeds: string; landingPage?: string; language: KeywordLanguage | "auto"; negatives?: string; alphabet: boolean };

/** The generator's input: the form's values, the client account's Planner ideas and fallback language. */
async function generatorInput({ clientId, locale }: Caller, values: Values): Promise<GenerateInput> {
  const exportLanguage = await clientExportLanguage(db(), clientId);
  const fallbackLanguage = [exportLanguage, locale].find((language): language is KeywordLanguage =>
    (KEYWORD_LANGUAGES as readonly (string | null)[]).includes(language),
  );
  return { ...values, ideas: await plannerIdeas(db(), clientId), fallbackLanguage };
}

/** The generated keywords with their figures, as the page shows them. */
async function generated(caller: Caller, values: Values) {
  const result = generateKeywords(await generatorInput(caller, values));
  const clientId = caller.clientId;
  const figures = await keywordFigures(
    db(),
    clientId,
    result.themes.flatMap((theme) => theme.keywords.map((item) => item.keyword)),
  );
  return {
    values: {
      seeds: values.seeds,
      landingPage: values.landingPage ?? "",
      language: values.language,
      negatives: values.negatives ?? "",
      alphabet: values.alphabet ? "on" : "",
    },
    total: result.total,
    language: result.language,
    detected: result.detected,
    plannerMatches: result.plannerMatches,
    plannerIdeas: result.plannerIdeas,
    truncated: result.truncated,
    removedByNegatives: result.removedByNegatives,
    landingWords: result.landingWords,
    themes: result.themes.map((theme) => ({
      name: theme.name,
      keywords: theme.keywords.map((item) => ({
        keyword: item.keyword,
        kind: item.kind,
        figures: figures.get(item.keyword) ?? ({ source: "none" } as KeywordFigures),
      })),
    })),
  };
}

export type Generated = Awaited<ReturnType<typeof generated>>;

/** Back to the page with a notice (`ads-keywords:notices.<key>`). */
async function back({ clientId, locale }: Caller, key: string, values?: Record<string, string | number>) {
  return await redirectWithFlash(`${localePath(locale, "/ads/keywords")}?client=${encodeURIComponent(clientId)}`, {
    kind: "notice",
    key: `ads-keywords:notices.${key}`,
    values,
  });
}

export async function deleteIntent(caller: Caller, listId: string) {
  await orNotFound(
    unitOfWork(db(), (tx) => deleteKeywordList(tx, caller.userId, listId)),
    KeywordListNotFoundError,
  );
  throw await back(caller, "deleted");
}

export async function generateIntent(caller: Caller, form: FormData) {
  const submission = parseWithZod(form, { schema: GeneratorSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), save: null, generated: null }, { status: 400 });
  return data({ result: submission.reply(), save: null, generated: await generated(caller, submission.value) });
}

export async function saveIntent(caller: Caller, form: FormData) {
  const submission = parseWithZod(form, { schema: GeneratorSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), save: null, generated: null }, { status: 400 });
  const values = submission.value;
  const named = parseWithZod(form, { schema: SaveListSchema });
  if (named.status !== "success")
    return data({ result: null, save: named.reply(), generated: await generated(caller, values) }, { status: 400 });
  const result = generateKeywords(await generatorInput(caller, values));
  try {
    await unitOfWork(db(), (tx) => saveKeywordList(tx, caller.userId, caller.clientId, { name: named.value.name, ...values }, result));
  } catch (error) {
    if (error instanceof TooManyKeywordListsError) {
      return data(
        {
          result: null,
          save: named.reply({ formErrors: ["ads-keywords:save.errors.tooMany"] }),
          generated: await generated(caller, values),
        },
        { status: 400 },
      );
    }
    throw error;
  }
  throw await back(caller, "saved", { name: named.value.name, count: result.total });
}
