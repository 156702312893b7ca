/**
 * The assistant (`/assistant`): owns the `assistant_messages` table (each user's questions and the
 * answers, with the pages they came from) and answering a question:
 *
 * - the topics of the user's own data the question names (facts.server.ts) are read for the asking
 *   user only, and the published help is searched (knowledge.server.ts);
 * - without an LLM endpoint (or when it fails, times out or answers nothing) the answer is composed
 *   from the `assistant` namespace's templates with the figures and the best passages; when neither
 *   finds anything it says it does not know and links the FAQ and the contact page;
 * - with `LLM_URL` and `LLM_API_KEY`, the same figures and passages are the only context sent to
 *   `POST {LLM_URL}/chat/completions`, which phrases the answer in the user's language.
 *
 * The question and its answer are stored in one unit of work, after the answer is ready (no
 * transaction waits on the network): `storeExchange` is the one way both the form (`ask`) and the
 * streamed answer (stream.server.ts) store them. `composeLines` gives the composed answer line by
 * line as its parts are ready (the user's figures, then the passages); `compose` is all of it.
 */
import { v7 as uuidv7 } from "uuid";
import { env } from "~/config/env.server";
import { now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { LOCALES, type Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { formatDate } from "~/utils/dates";
import { formatMoney, formatPercentChange } from "~/utils/money";
import { ASSISTANT_PAGES, type AssistantMessage, type AssistantSource } from "./assistant";
import { detectTopics, gatherFacts, type AdFacts, type Facts, type Topic, type WasteFact } from "./facts.server";
import { knownShare, searchKnowledge, type Passage } from "./knowledge.server";
import { numberFormat } from "~/utils/intl";

export const LLM_TIMEOUT_MS = 20_000;

export interface LlmConfig {
  url: string;
  apiKey: string;
  model: string;
}

export interface Composed {
  content: string;
  sources: AssistantSource[];
  /** The figures and passages as lines of text: the LLM's whole context. */
  context: { facts: string[]; passages: Passage[] };
  known: boolean;
}

const toMessage = (row: {
  id: string;
  role: string;
  content: string;
  sources: string;
  via: string | null;
  createdAt: string;
}): AssistantMessage => ({
  id: row.id,
  role: row.role as AssistantMessage["role"],
  content: row.content,
  sources: parseSources(row.sources),
  via: row.via as AssistantMessage["via"],
  createdAt: row.createdAt,
});

function parseSources(json: string): AssistantSource[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value)
      ? value.filter((item): item is AssistantSource => typeof item?.title === "string" && typeof item?.link === "string")
      : [];
  } catch {
    return [];
  }
}

/** The user's conversation, oldest first. */
export async function listMessages(db: DbOrTx, userId: string): Promise<AssistantMessage[]> {
  const rows = await db
    .selectFrom("assistantMessages")
    .selectAll()
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map(toMessage);
}

/** Deletes the user's conversation; returns how many messages went. */
export async function clearConversation(tx: Tx, userId: string): Promise<number> {
  const result = await tx.deleteFrom("assistantMessages").where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Composing

const isoDay = (iso: string, locale: Locale) => formatDate(`${iso}T12:00:00.000Z`, locale);

function wasteLine(t: ReturnType<typeof fixedT>, locale: Locale, waste: WasteFact): string {
  const period =
    waste.period === "all"
      ? t("a.allData")
      : t("a.period", { from: isoDay(waste.period.from, locale), to: isoDay(waste.period.to, locale) });
  if (!waste.campaign) return t("a.wasteNone", { client: waste.clientName, period });
  const count = numberFormat(locale, { maximumFractionDigits: 0 });
  return t("a.waste", {
    client: waste.clientName,
    period,
    campaign: waste.campaign.name,
    platform: fixedT(locale, "ads")(`platforms.${waste.campaign.platform}`),
    spend: formatMoney(waste.campaign.spendCents, locale, waste.currency),
    clicks: waste.campaign.clicks === null ? "–" : count.format(waste.campaign.clicks),
  });
}

function adLines(t: ReturnType<typeof fixedT>, locale: Locale, ads: AdFacts, topics: readonly Topic[]): string[] {
  const money = (cents: number | null) => (cents === null ? "–" : formatMoney(Math.round(cents), locale, ads.currency));
  const count = (value: number | null) => (value === null ? "–" : numberFormat(locale, { maximumFractionDigits: 1 }).format(value));
  const day = (iso: string) => isoDay(iso, locale);
  const lines = [
    t("a.adsWeek", {
      client: ads.clientName,
      from: day(ads.week.from),
      to: day(ads.week.to),
      prevFrom: day(ads.previousWeek.from),
      prevTo: day(ads.previousWeek.to),
    }),
  ];
  if (!ads.hasPrevious) {
    lines.push(t("a.adsNow", { spend: money(ads.spendCents.now), conversions: count(ads.conversions.now), cpa: money(ads.cpaCents.now) }));
    lines.push(t("a.noPrevious"));
    return lines;
  }
  const { now: cpaNow, before: cpaBefore } = ads.cpaCents;
  if (topics.includes("cpa") || topics.includes("conversions")) {
    if (cpaNow === null || cpaBefore === null) lines.push(t("a.cpaUnknown"));
    else if (Math.round(cpaNow) === Math.round(cpaBefore)) lines.push(t("a.cpaSame", { now: money(cpaNow) }));
    else
      lines.push(
        t(cpaNow > cpaBefore ? "a.cpaRose" : "a.cpaFell", {
          before: money(cpaBefore),
          now: money(cpaNow),
          change: formatPercentChange(((cpaNow - cpaBefore) / cpaBefore) * 100, locale),
        }),
      );
  }
  lines.push(
    t("a.spendConversions", {
      spendBefore: money(ads.spendCents.before),
      spendNow: money(ads.spendCents.now),
      convBefore: count(ads.conversions.before),
      convNow: count(ads.conversions.now),
    }),
  );
  if ((topics.includes("cpa") || topics.includes("conversions")) && cpaNow !== null && cpaBefore !== null && cpaNow > cpaBefore) {
    if (ads.movers.length) {
      lines.push(t("a.moversIntro"));
      for (const move of ads.movers) {
        lines.push(
          t("a.mover", {
            campaign: move.campaign,
            spendBefore: money(move.spendBeforeCents),
            spendNow: money(move.spendNowCents),
            convBefore: count(move.conversionsBefore),
            convNow: count(move.conversionsNow),
            cpaBefore: money(move.cpaBeforeCents),
            cpaNow: money(move.cpaNowCents),
          }),
        );
      }
    } else lines.push(t("a.noMovers"));
  }
  return lines;
}

/** The user's figures for the topics, as translated sentences, and the pages they are on. */
export function factLines(locale: Locale, topics: readonly Topic[], facts: Facts): { lines: string[]; sources: AssistantSource[] } {
  const t = fixedT(locale, "assistant");
  const money = (cents: number, currency = "USD") => formatMoney(cents, locale, currency);
  const lines: string[] = [];
  const sources: AssistantSource[] = [];
  const source = (page: keyof typeof ASSISTANT_PAGES) => {
    if (!sources.some((known) => known.link === ASSISTANT_PAGES[page]))
      sources.push({ title: t(`pages.${page}`), link: ASSISTANT_PAGES[page] });
  };
  if (facts.whichClient) {
    const list = new Intl.ListFormat(locale, { type: "conjunction" }).format(facts.whichClient.map((name) => t("a.quoted", { name })));
    lines.push(t("a.whichClient", { accounts: list }));
    source("ads");
  }
  if (facts.balances && topics.includes("withdrawable")) {
    const b = facts.balances;
    lines.push(t("a.withdrawable", { available: money(b.availableCents), pending: money(b.pendingCashbackCents) }));
    if (b.withdrawableCents < b.availableCents)
      lines.push(t("a.withdrawableHeld", { held: money(b.onHoldCents), withdrawable: money(b.withdrawableCents) }));
    source("wallet");
    source("withdraw");
  }
  if (facts.balances && topics.includes("balance")) {
    const b = facts.balances;
    lines.push(t("a.balance", { available: money(b.availableCents), withdrawable: money(b.withdrawableCents) }));
    lines.push(t("a.balanceMore", { pending: money(b.pendingCashbackCents), inProgress: money(b.withdrawalsInProgressCents) }));
    source("wallet");
  }
  if (facts.cashback) {
    const c = facts.cashback;
    lines.push(t("a.cashback", { pending: money(c.pendingCents), month: money(c.thisMonthCents), lifetime: money(c.lifetimeCents) }));
    source("cashback");
  }
  if (facts.withdrawals) {
    if (!facts.withdrawals.length) lines.push(t("a.withdrawalsNone"));
    else {
      lines.push(t("a.withdrawalsIntro"));
      for (const w of facts.withdrawals)
        lines.push(
          t("a.withdrawal", {
            amount: money(w.amountCents, w.currency),
            date: formatDate(w.createdAt, locale),
            status: t(`withdrawalStates.${w.state}`),
          }),
        );
    }
    lines.push(t("a.withdrawalsHint"));
    source("wallet");
    source("withdraw");
  }
  if (facts.plan) {
    const { subscription, trial } = facts.plan;
    if (subscription) {
      lines.push(
        t(subscription.cancelAtPeriodEnd ? "a.planEnding" : "a.planActive", {
          plan: subscription.plan.name,
          date: formatDate(subscription.currentPeriodEnd, locale),
        }),
      );
    } else if (trial?.active) lines.push(t("a.trialActive", { date: formatDate(trial.endsAt, locale) }));
    else if (trial) lines.push(t("a.trialEnded", { date: formatDate(trial.endsAt, locale) }));
    else lines.push(t("a.noPlan"));
    source("plans");
  }
  if (facts.ads !== undefined) {
    if (facts.ads === null) lines.push(t("a.adsNone"));
    else lines.push(...adLines(t, locale, facts.ads, topics));
    source(facts.ads === null ? "import" : "ads");
    if (facts.ads && topics.includes("cpa")) source("audit");
  }
  if (facts.waste !== undefined) {
    lines.push(facts.waste === null ? t("a.adsNone") : wasteLine(t, locale, facts.waste));
    source(facts.waste === null ? "import" : "ads");
  }
  if (facts.audit !== undefined) {
    const a = facts.audit;
    lines.push(
      a
        ? t("a.audit", {
            client: a.clientName,
            date: formatDate(a.createdAt, locale),
            grade: a.grade,
            score: Math.round(a.score),
            failing: a.failingChecks,
          })
        : t("a.auditNone"),
    );
    source("audit");
  }
  return { lines, sources };
}

/**
 * Searches the locale's help; when that finds nothing and the question is in another language (the
 * locale whose index knows most of its words, clearly more than the page's), that locale's help.
 */
async function passagesFor(db: DbOrTx, locale: Locale, question: string): Promise<Passage[]> {
  const own = await searchKnowledge(db, locale, question);
  if (own.length) return own;
  const ownShare = await knownShare(db, locale, question);
  let best: { locale: Locale; share: number } | null = null;
  for (const other of LOCALES) {
    if (other === locale) continue;
    const share = await knownShare(db, other, question);
    if (share >= 0.5 && share > ownShare + 0.2 && (!best || share > best.share)) best = { locale: other, share };
  }
  return best ? searchKnowledge(db, best.locale, question) : [];
}

export interface ComposeInput {
  userId: string;
  locale: Locale;
  question: string;
  /** The client account the page is scoped to (`?client=`): the one asked about when the question names none. */
  clientAccountId?: string | null;
  nowMs?: number;
}

/**
 * The answer from templates, figures and passages (what the LLM path falls back to), line by line
 * as its parts are ready: the user's figures first (the help is searched meanwhile), then the
 * passages; returns the whole answer, whose content is the lines joined by newlines.
 */
export async function* composeLines(db: DbOrTx, input: ComposeInput): AsyncGenerator<string, Composed, void> {
  const t = fixedT(input.locale, "assistant");
  const topics = detectTopics(input.question);
  const searching = passagesFor(db, input.locale, input.question);
  // Awaited below; should the figures fail first, the search's own failure is not left unhandled.
  searching.catch(() => undefined);
  const facts = await gatherFacts(db, input.userId, topics, {
    question: input.question,
    clientAccountId: input.clientAccountId,
    nowMs: input.nowMs,
  });
  const { lines, sources } = factLines(input.locale, topics, facts);
  for (const line of lines) yield line;
  const passages = await searching;
  const more: string[] = [];
  // With the user's figures, one passage is enough; without them, up to three.
  const shown = passages.slice(0, lines.length ? 1 : 3);
  if (shown.length) {
    if (lines.length) more.push("");
    more.push(t("a.found"));
    for (const passage of shown) {
      more.push(t("a.passage", { title: passage.title, passage: passage.passage }));
      if (!sources.some((known) => known.link === passage.link && known.title === passage.title))
        sources.push({ title: passage.title, link: passage.link });
    }
  }
  for (const line of more) yield line;
  if (!lines.length && !more.length) {
    const unknown = t("a.unknown");
    yield unknown;
    return {
      content: unknown,
      sources: [
        { title: t("pages.faq"), link: ASSISTANT_PAGES.faq },
        { title: t("pages.contact"), link: ASSISTANT_PAGES.contact },
      ],
      context: { facts: [], passages: [] },
      known: false,
    };
  }
  return { content: [...lines, ...more].join("\n"), sources, context: { facts: lines, passages }, known: true };
}

/** The whole composed answer (see `composeLines`). */
export async function compose(db: DbOrTx, input: ComposeInput): Promise<Composed> {
  const lines = composeLines(db, input);
  for (;;) {
    const step = await lines.next();
    if (step.done) return step.value;
  }
}

// ---------------------------------------------------------------------------------------------
// The LLM path

function systemPrompt(locale: Locale): string {
  return [
    "You are the assistant of Cashwise, a cashback wallet and ad-optimisation platform.",
    `Answer in ${new Intl.DisplayNames("en", { type: "language" }).of(locale) ?? locale} (language code "${locale}"), briefly and in plain text.`,
    "Answer only from the context below: the signed-in user's own figures and passages from Cashwise's help pages.",
    "Never invent figures, and never mention anyone else's data.",
    "If the context does not answer the question, say that you do not know and suggest the FAQ or the contact form.",
  ].join(" ");
}

function contextText(composed: Composed): string {
  const parts: string[] = [];
  parts.push("The user's figures:");
  parts.push(composed.context.facts.length ? composed.context.facts.map((line) => `- ${line}`).join("\n") : "(none for this question)");
  parts.push("");
  parts.push("Help passages:");
  parts.push(
    composed.context.passages.length
      ? composed.context.passages.map((p) => `- ${p.title} (${p.link}): ${p.passage}`).join("\n")
      : "(none found)",
  );
  return parts.join("\n");
}

/** The longest answer kept from the endpoint (characters). */
export const LLM_ANSWER_MAX = 8_000;

/**
 * The chat completion request for a question: the system prompt with the composed context (the
 * asking user's figures and the passages: nothing else) and the question; `stream: true` asks for
 * server-sent events.
 */
export function llmRequest(
  llm: LlmConfig,
  locale: Locale,
  question: string,
  composed: Composed,
  options: { stream?: boolean } = {},
): { url: string; init: RequestInit } {
  return {
    url: `${llm.url.replace(/\/+$/, "")}/chat/completions`,
    init: {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${llm.apiKey}`,
        ...(options.stream ? { Accept: "text/event-stream" } : {}),
      },
      body: JSON.stringify({
        model: llm.model,
        temperature: 0.2,
        ...(options.stream ? { stream: true } : {}),
        messages: [
          { role: "system", content: `${systemPrompt(locale)}\n\n${contextText(composed)}` },
          { role: "user", content: question },
        ],
      }),
    },
  };
}

/** The endpoint's answer, or null on any failure (HTTP error, timeout, empty or malformed reply). */
export async function askLlm(
  llm: LlmConfig,
  locale: Locale,
  question: string,
  composed: Composed,
  timeoutMs = LLM_TIMEOUT_MS,
): Promise<string | null> {
  try {
    const request = llmRequest(llm, locale, question, composed);
    const response = await fetch(request.url, { ...request.init, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    return typeof content === "string" && content.trim() ? content.trim().slice(0, LLM_ANSWER_MAX) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Asking

export interface AskInput {
  userId: string;
  locale: Locale;
  question: string;
  /** The client account the page is scoped to (`?client=`), if any. */
  clientAccountId?: string | null;
  /** The chat endpoint; default: the configured one (`LLM_URL`), null: none. */
  llm?: LlmConfig | null;
  nowMs?: number;
}

/** A finished answer, as it is stored. */
export interface FinishedAnswer {
  content: string;
  sources: AssistantSource[];
  via: "rules" | "llm";
}

/**
 * Stores a question and its finished answer in the user's conversation: both rows in one unit of
 * work, or neither. The one way an exchange is stored (the form's `ask` and the streamed answer).
 */
export async function storeExchange(
  db: Db,
  input: { userId: string; question: string; answer: FinishedAnswer },
): Promise<{ question: AssistantMessage; answer: AssistantMessage }> {
  const at = now();
  const questionRow = {
    id: uuidv7(),
    userId: input.userId,
    role: "question" as const,
    content: input.question,
    sources: "[]",
    via: null,
    createdAt: at,
  };
  const answerRow = {
    id: uuidv7(),
    userId: input.userId,
    role: "answer" as const,
    content: input.answer.content,
    sources: JSON.stringify(input.answer.sources),
    via: input.answer.via,
    createdAt: at,
  };
  await unitOfWork(db, async (tx) => {
    await tx.insertInto("assistantMessages").values([questionRow, answerRow]).execute();
  });
  return { question: toMessage(questionRow), answer: toMessage(answerRow) };
}

/** Answers the question and stores both in the user's conversation. */
export async function ask(db: Db, input: AskInput): Promise<{ question: AssistantMessage; answer: AssistantMessage }> {
  const question = input.question.trim();
  const composed = await compose(db, { ...input, question });
  const llm = input.llm === undefined ? env().llm : input.llm;
  const phrased = llm ? await askLlm(llm, input.locale, question, composed) : null;
  return storeExchange(db, {
    userId: input.userId,
    question,
    answer: { content: phrased ?? composed.content, sources: composed.sources, via: phrased ? "llm" : "rules" },
  });
}
