/**
 * The assistant (app/assistant/*) on a real database: a balance question answered with the asking
 * user's own figure (two users, the same question, never the other's); a FAQ question answered
 * with the FAQ's link; "why did my cost per conversion rise last week?" on an imported Meta day
 * export (two weeks, the second dearer) answered with both weeks' figures and the campaign that
 * moved it; "I don't know" for nonsense; the LLM path against a local fake OpenAI-compatible server
 * (the request carries the model and only the asking user's figures; its reply is the answer) and
 * the fallback when it fails; deleting the conversation; the page without JavaScript (a posted
 * question shows in the conversation, an empty one is a 400 with a translated message, cross-site
 * posts are refused). Also the LLM_* configuration. With three client accounts: each question is
 * answered from the account it names (whole or partial name, case and accents aside), else the one
 * the page is scoped to (`?client=`), else it asks which; "how much can I withdraw?" gives the
 * available balance; "which campaign wastes the most money?" names the campaign that spent most
 * without a conversion, with its figures and period.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "assistant-test-secret-0123456789-0123456789-0123456789";

import { createClientAccount, ensureWorkspace } from "~/ads/accounts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { ask, clearConversation, listMessages } from "~/assistant/assistant.server";
import { detectTopics, resolveClient } from "~/assistant/facts.server";
import { forgetKnowledge, searchKnowledge } from "~/assistant/knowledge.server";
import { ConfigError, loadEnv } from "~/config/env.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createFaqEntry } from "~/help/faq.server";
import { fixedT } from "~/i18n/translator.server";
import { action as assistantAction, loader as assistantLoader } from "~/routes/($locale)._app.assistant/route";
import { formatDate } from "~/utils/dates";
import { creditDeposit } from "~/wallet/ledger.server";
import { signedInAdvertiser } from "../support/ads";
import { signedInMember, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const BALANCE_QUESTION = "What is my balance?";
const CPA_QUESTION = "Why did my cost per conversion rise last week?";

/**
 * A Meta day-by-day export of two campaigns over 14 days from 2026-10-01. Week one: Retargeting
 * $20/day for 2 conversions, Prospecting $30/day for 3 (cost per conversion $10.00). Week two:
 * Retargeting $40/day for 1 conversion, Prospecting unchanged ($490 for 28: $17.50, +75%).
 */
function metaTwoWeeks(): Uint8Array {
  const lines = ["Reporting starts,Reporting ends,Campaign name,Ad set name,Impressions,Amount spent (USD),Link clicks,Purchases"];
  for (let index = 0; index < 14; index++) {
    const date = new Date(Date.UTC(2026, 9, 1 + index)).toISOString().slice(0, 10);
    const second = index >= 7;
    lines.push(`${date},${date},Retargeting,Visitors 30d,2000,${second ? "40.00" : "20.00"},40,${second ? 1 : 2}`);
    lines.push(`${date},${date},Prospecting,Lookalike 1%,5000,30.00,90,3`);
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

/**
 * A Meta day-by-day export over the 14 days from 2026-10-01 in a currency, each campaign the same
 * every day: [campaign, spend a day, link clicks a day, purchases a day].
 */
function metaDays(currency: string, campaigns: Array<[string, string, number, number]>): Uint8Array {
  const lines = [`Reporting starts,Reporting ends,Campaign name,Ad set name,Impressions,Amount spent (${currency}),Link clicks,Purchases`];
  for (let index = 0; index < 14; index++) {
    const date = new Date(Date.UTC(2026, 9, 1 + index)).toISOString().slice(0, 10);
    for (const [campaign, spend, clicks, purchases] of campaigns)
      lines.push(`${date},${date},${campaign},All,1000,${spend},${clicks},${purchases}`);
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

/** A fake OpenAI-compatible endpoint: records each request, answers with `reply` (or a status). */
async function fakeLlm(reply: { status: number; content?: string }) {
  const requests: Array<{
    path: string;
    authorization: string | undefined;
    body: { model: string; messages: Array<{ role: string; content: string }> };
  }> = [];
  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      requests.push({ path: request.url ?? "", authorization: request.headers.authorization, body: JSON.parse(raw) });
      response.writeHead(reply.status, { "Content-Type": "application/json" });
      response.end(
        reply.status === 200
          ? JSON.stringify({
              id: "chatcmpl-1",
              object: "chat.completion",
              choices: [{ index: 0, message: { role: "assistant", content: reply.content }, finish_reason: "stop" }],
            })
          : JSON.stringify({ error: { message: "boom" } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("the assistant's configuration", () => {
  const problems = (source: Record<string, string>) => {
    try {
      loadEnv(source, { dataDir: "/tmp/cashwise-assistant-env" });
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };
  it("takes LLM_URL and LLM_API_KEY together, an http(s) URL, and a default model", () => {
    const base = { SESSION_SECRET: "x".repeat(40) };
    expect(loadEnv(base, { dataDir: "/tmp/cashwise-assistant-env" }).llm).toBeNull();
    expect(
      loadEnv({ ...base, LLM_URL: "https://api.openai.com/v1/", LLM_API_KEY: "sk-test" }, { dataDir: "/tmp/cashwise-assistant-env" }).llm,
    ).toEqual({ url: "https://api.openai.com/v1", apiKey: "sk-test", model: "gpt-4o-mini" });
    expect(
      loadEnv(
        { ...base, LLM_URL: "http://127.0.0.1:8080/v1", LLM_API_KEY: "k", LLM_MODEL: "llama3" },
        { dataDir: "/tmp/cashwise-assistant-env" },
      ).llm?.model,
    ).toBe("llama3");
    expect(problems({ ...base, LLM_URL: "https://api.openai.com/v1" })).toEqual([
      expect.stringMatching(/^LLM_API_KEY is required with LLM_URL/),
    ]);
    expect(problems({ ...base, LLM_API_KEY: "sk-test" })).toEqual([expect.stringMatching(/^LLM_URL is required with LLM_API_KEY/)]);
    expect(problems({ ...base, LLM_URL: "ftp://example.com", LLM_API_KEY: "k" })).toEqual([
      expect.stringMatching(/^LLM_URL must be an http/),
    ]);
  });

  it("finds the topics of a question in each language, never from unrelated words", () => {
    expect(detectTopics("What is my balance?")).toEqual(["balance"]);
    expect(detectTopics("Wat is mijn saldo?")).toEqual(["balance"]);
    expect(detectTopics("Wie hoch ist mein Guthaben?")).toEqual(["balance"]);
    expect(detectTopics("Où en est mon retrait ?")).toEqual(["withdrawals"]);
    expect(detectTopics("¿Por qué subió mi coste por conversión?")).toEqual(["cpa"]);
    expect(detectTopics("Waarom zijn mijn kosten per conversie gestegen?")).toEqual(["cpa"]);
    expect(detectTopics("Tell me about the weather")).toEqual([]);
  });

  it("tells how much can be withdrawn from past withdrawals, and a wasting campaign from the week's figures", () => {
    for (const question of [
      "How much can I withdraw?",
      "Hoeveel kan ik opnemen?",
      "Combien puis-je retirer ?",
      "¿Cuánto puedo retirar?",
      "Wie viel kann ich auszahlen lassen?",
    ])
      expect(detectTopics(question)).toEqual(["withdrawable"]);
    expect(detectTopics("What is the status of my withdrawal?")).toEqual(["withdrawals"]);
    for (const question of [
      "Which campaign wastes the most money?",
      "Welke campagne verspilt het meeste geld?",
      "Quelle campagne gaspille le plus d'argent ?",
      "¿Qué campaña desperdicia más dinero?",
      "Welche Kampagne verschwendet am meisten Geld?",
    ])
      expect(detectTopics(question)).toEqual(["waste"]);
  });

  it("finds the client account a question names, whole or in part, case and accents aside", () => {
    const account = (id: string, name: string) => ({
      id,
      name,
      currency: null,
      industry: "all" as const,
      timeZone: "UTC",
      thresholds: {},
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    const accounts = [account("a", "Acme Bakery"), account("b", "Acme Shoes"), account("c", "Café Zürich"), account("d", "My ads")];
    expect(resolveClient(accounts, "How did CAFE ZURICH do?")).toMatchObject({ kind: "named", client: { id: "c" } });
    expect(resolveClient(accounts, "Spend of the shoes shop?")).toMatchObject({ kind: "named", client: { id: "b" } });
    expect(resolveClient(accounts, "How is Zürich doing?")).toMatchObject({ kind: "named", client: { id: "c" } });
    // "Acme" is in two names, "my ads" is words of any question: neither names an account.
    expect(resolveClient(accounts, "How is Acme doing?")).toMatchObject({ kind: "ask" });
    expect(resolveClient(accounts, "How are my ads doing?", "b")).toMatchObject({ kind: "scoped", client: { id: "b" } });
    expect(resolveClient(accounts, "How are my ads doing?", "someone-else")).toMatchObject({ kind: "ask" });
    expect(resolveClient([accounts[0]!], "How are my ads doing?")).toMatchObject({ kind: "only", client: { id: "a" } });
    expect(resolveClient([], "How are my ads doing?")).toBeNull();
  });
});

describeEachDatabase("the assistant", (t) => {
  const users = { ann: "", bob: "" };
  const cookies = { ann: "", bob: "" };

  useAppDatabase(t, async () => {
    const ann = await signedInMember(t.db, "ann", "Ann");
    const bob = await signedInMember(t.db, "bob", "Bob");
    users.ann = ann.id;
    users.bob = bob.id;
    cookies.ann = ann.cookie;
    cookies.bob = bob.cookie;
    const old = "2026-01-05T10:00:00.000Z";
    await unitOfWork(t.db, (tx) =>
      creditDeposit(tx, {
        userId: ann.id,
        amountCents: 123_456,
        paymentId: crypto.randomUUID(),
        description: "Top-up",
        provider: "sandbox",
        at: old,
      }),
    );
    await unitOfWork(t.db, (tx) =>
      creditDeposit(tx, {
        userId: bob.id,
        amountCents: 9_876,
        paymentId: crypto.randomUUID(),
        description: "Top-up",
        provider: "sandbox",
        at: old,
      }),
    );
    await unitOfWork(t.db, async (tx) => {
      const actor = { id: ann.id, clientAddress: null };
      await createFaqEntry(tx, {
        actor,
        input: {
          locale: "en",
          category: "account",
          question: "How do I change my password?",
          answer:
            "Open Settings, choose Security and enter your current password and the new one twice. Passwords need at least 8 characters.",
          published: true,
        },
      });
      await createFaqEntry(tx, {
        actor,
        input: {
          locale: "en",
          category: "cashback",
          question: "Which stores give cashback?",
          answer: "Every store in the webshop directory shows its cashback rate.",
          published: true,
        },
      });
      await createFaqEntry(tx, {
        actor,
        input: {
          locale: "en",
          category: "general",
          question: "Is there a hidden draft about pineapples?",
          answer: "Pineapples are a draft.",
          published: false,
        },
      });
    });
    forgetKnowledge(t.db);
    const clientId = (await ensureWorkspace(t.db, ann.id, "Ann's shop"))[0]!.id;
    await storeImport(
      t.db,
      ann.id,
      await stageImport(t.db, { ownerId: ann.id, clientAccountId: clientId, filename: "meta-days.csv", bytes: metaTwoWeeks() }),
    );
  });

  it("answers the balance question with the asking user's own figure, never the other's", async () => {
    const forAnn = await ask(t.db, { userId: users.ann, locale: "en", question: BALANCE_QUESTION, llm: null });
    const forBob = await ask(t.db, { userId: users.bob, locale: "en", question: BALANCE_QUESTION, llm: null });
    expect(forAnn.answer.via).toBe("rules");
    expect(forAnn.answer.content).toContain("$1,234.56");
    expect(forAnn.answer.content).not.toContain("$98.76");
    expect(forBob.answer.content).toContain("$98.76");
    expect(forBob.answer.content).not.toContain("$1,234.56");
    expect(forAnn.answer.sources).toContainEqual({ title: "Wallet", link: "/wallet" });
    // In Dutch, with the locale's separators.
    const dutch = await ask(t.db, { userId: users.bob, locale: "nl", question: "Wat is mijn saldo?", llm: null });
    expect(dutch.answer.content).toMatch(/beschikbare saldo is US\$\s?98,76|beschikbare saldo is \$\s?98,76/);
    // Each conversation holds only its own user's messages.
    const annMessages = await listMessages(t.db, users.ann);
    expect(annMessages.map((message) => message.role)).toEqual(["question", "answer"]);
    expect(annMessages.some((message) => message.content.includes("$98.76"))).toBe(false);
  });

  it("answers a FAQ question from the published FAQ, with its link", async () => {
    const { answer: reply } = await ask(t.db, { userId: users.bob, locale: "en", question: "How can I change my password?", llm: null });
    expect(reply.content).toContain("How do I change my password?");
    expect(reply.content).toContain("Open Settings, choose Security");
    expect(reply.sources[0]).toEqual({ title: "How do I change my password?", link: "/faq" });
    expect(reply.sources.some((source) => source.title.includes("stores"))).toBe(false);
    // Asked in Dutch on the English page: the Dutch help answers.
    const dutch = await ask(t.db, { userId: users.bob, locale: "en", question: "Hoe werkt de campagne-audit precies?", llm: null });
    expect(dutch.answer.sources.some((source) => source.link === "/ads/audit")).toBe(true);
    // Drafts are never searched.
    expect(await searchKnowledge(t.db, "en", "pineapples")).toEqual([]);
    // The help texts: the audit rules' "why it matters / how to fix".
    const help = await searchKnowledge(t.db, "en", "conversion tracking tag thank-you page");
    expect(help[0]).toMatchObject({ kind: "help", link: "/ads/audit" });
  });

  it("explains a rising cost per conversion with both weeks' figures and the campaign that moved it", async () => {
    const { answer: reply } = await ask(t.db, { userId: users.ann, locale: "en", question: CPA_QUESTION, llm: null });
    expect(reply.content).toContain("Your cost per conversion rose by 75%, from $10.00 to $17.50.");
    expect(reply.content).toContain("Spend went from $350.00 to $490.00, conversions from 35 to 28.");
    expect(reply.content).toMatch(/• Retargeting: spend \$140\.00 → \$280\.00, conversions 14 → 7/);
    expect(reply.content).not.toContain("• Prospecting");
    expect(reply.sources.map((source) => source.link)).toEqual(expect.arrayContaining(["/ads", "/ads/audit"]));
    // Bob has no ad data: he is told so, and sees none of Ann's.
    const forBob = await ask(t.db, { userId: users.bob, locale: "en", question: CPA_QUESTION, llm: null });
    expect(forBob.answer.content).toContain("There is no imported ad data");
    expect(forBob.answer.content).not.toContain("Retargeting");
    // "How much can I withdraw?" is the available balance, not the list of past withdrawals.
    const withdraw = await ask(t.db, { userId: users.ann, locale: "en", question: "How much can I withdraw?", llm: null });
    expect(withdraw.answer.content).toContain("You can withdraw up to $1,234.56, your available balance.");
    expect(withdraw.answer.content).not.toContain("You have not requested a withdrawal yet.");
    const germanWithdraw = await ask(t.db, { userId: users.ann, locale: "de", question: "Wie viel kann ich auszahlen lassen?", llm: null });
    expect(germanWithdraw.answer.content).toMatch(/Sie können bis zu 1\.234,56\s\$ auszahlen lassen/);
    // The same in German.
    const german = await ask(t.db, {
      userId: users.ann,
      locale: "de",
      question: "Warum sind meine Kosten pro Conversion letzte Woche gestiegen?",
      llm: null,
    });
    expect(german.answer.content).toContain("Ihre Kosten pro Conversion sind um 75");
    expect(german.answer.content).toContain("Retargeting");
  });

  it("says it does not know, linking the FAQ and the contact page, when nothing matches", async () => {
    const { answer: reply } = await ask(t.db, { userId: users.bob, locale: "en", question: "Qwzx vbnm plorkt?", llm: null });
    expect(reply.content).toBe(fixedT("en", "assistant")("a.unknown"));
    expect(reply.sources.map((source) => source.link)).toEqual(["/faq", "/contact"]);
    // A common word alone ("what") is no answer to a question about something unknown.
    const unknownThing = await ask(t.db, { userId: users.bob, locale: "en", question: "What is a flurble?", llm: null });
    expect(unknownThing.answer.content).toBe(fixedT("en", "assistant")("a.unknown"));
  });

  /** The balance question, asked by `userId` in `locale` with the OpenAI-compatible endpoint at `url` to phrase the answer. */
  const askBalanceVia = (url: string, userId: string, locale: "en" | "fr") =>
    ask(t.db, { userId, locale, question: BALANCE_QUESTION, llm: { url, apiKey: "test-key", model: "test-model" } });

  it("lets an OpenAI-compatible endpoint phrase the answer from the asking user's figures only", async () => {
    const llm = await fakeLlm({ status: 200, content: "You have $1,234.56 available, Ann." });
    try {
      const { answer: reply } = await askBalanceVia(llm.url, users.ann, "fr");
      expect(llm.requests).toHaveLength(1);
      const request = llm.requests[0]!;
      expect(request.path).toBe("/v1/chat/completions");
      expect(request.authorization).toBe("Bearer test-key");
      expect(request.body.model).toBe("test-model");
      const context = request.body.messages.map((message) => message.content).join("\n");
      expect(context).toMatch(/1\s?234,56/);
      expect(context).not.toMatch(/98,76|98\.76/);
      expect(context).toContain("French");
      expect(request.body.messages.at(-1)).toEqual({ role: "user", content: BALANCE_QUESTION });
      expect(reply).toMatchObject({ via: "llm", content: "You have $1,234.56 available, Ann." });
      expect(reply.sources).toContainEqual({ title: "Portefeuille", link: "/wallet" });
    } finally {
      await llm.close();
    }
  });

  it("falls back to the composed answer when the endpoint fails", async () => {
    const llm = await fakeLlm({ status: 500 });
    try {
      const { answer: reply } = await askBalanceVia(llm.url, users.bob, "en");
      expect(llm.requests).toHaveLength(1);
      expect(reply.via).toBe("rules");
      expect(reply.content).toContain("$98.76");
    } finally {
      await llm.close();
    }
    // Nobody listening at all: the same.
    const { answer: unreachable } = await ask(t.db, {
      userId: users.bob,
      locale: "en",
      question: BALANCE_QUESTION,
      llm: { url: "http://127.0.0.1:9/v1", apiKey: "k", model: "m" },
    });
    expect(unreachable.via).toBe("rules");
  });

  it("deletes a user's conversation, and only theirs", async () => {
    const before = (await listMessages(t.db, users.ann)).length;
    expect(before).toBeGreaterThan(0);
    const deleted = await unitOfWork(t.db, (tx) => clearConversation(tx, users.bob));
    expect(deleted).toBeGreaterThan(0);
    expect(await listMessages(t.db, users.bob)).toEqual([]);
    expect(await listMessages(t.db, users.ann)).toHaveLength(before);
  });

  describe("the page", () => {
    const params = { locale: "en" };
    const post = (who: keyof typeof cookies, body: Record<string, string>, origin = APP) =>
      new Request(`${APP}/en/assistant`, {
        method: "POST",
        headers: { Origin: origin, Cookie: cookies[who] },
        body: new URLSearchParams(body),
      });
    const page = (who: keyof typeof cookies, search = "") =>
      answer(() =>
        assistantLoader({
          request: new Request(`${APP}/en/assistant${search}`, { headers: { Cookie: cookies[who] } }),
          params,
          context: {},
        }),
      );

    it("shows a question posted without JavaScript in the conversation, with its answer", async () => {
      const empty = await page("bob", "?q=What%20is%20my%20balance%3F");
      expect(empty.body.messages).toEqual([]);
      expect(empty.body.prefill).toBe(BALANCE_QUESTION);
      const posted = await answer(() =>
        assistantAction({ request: post("bob", { intent: "ask", question: BALANCE_QUESTION }), params, context: {} }),
      );
      expect(posted.status).toBe(302);
      expect(posted.location).toMatch(/^\/en\/assistant#message-[0-9a-f-]{36}$/);
      const shown = await page("bob");
      expect(shown.status).toBe(200);
      expect(shown.body.messages.map((message: { role: string }) => message.role)).toEqual(["question", "answer"]);
      expect(shown.body.messages[0].content).toBe(BALANCE_QUESTION);
      expect(shown.body.messages[1].content).toContain("$98.76");
      expect(posted.location).toBe(`/en/assistant#message-${shown.body.messages[1].id}`);
    });

    it("answers an empty or too long question with a 400 and a translated message", async () => {
      const before = (await listMessages(t.db, users.bob)).length;
      const empty = await answer(() => assistantAction({ request: post("bob", { intent: "ask", question: "   " }), params, context: {} }));
      expect(empty.status).toBe(400);
      expect(empty.body.result.error.question).toEqual(["assistant:errors.required"]);
      expect(fixedT("de", "assistant")("errors.required")).toBe("Bitte geben Sie eine Frage ein.");
      const long = await answer(() => assistantAction({ request: post("bob", { question: "x".repeat(501) }), params, context: {} }));
      expect(long.status).toBe(400);
      expect(long.body.result.error.question).toEqual(["assistant:errors.tooLong"]);
      expect(await listMessages(t.db, users.bob)).toHaveLength(before);
    });

    it("refuses cross-site posts and visitors", async () => {
      const before = (await listMessages(t.db, users.bob)).length;
      const foreign = await answer(() =>
        assistantAction({ request: post("bob", { question: BALANCE_QUESTION }, "https://evil.example"), params, context: {} }),
      );
      expect(foreign.status).toBe(403);
      const clearForeign = await answer(() =>
        assistantAction({ request: post("bob", { intent: "clear" }, "https://evil.example"), params, context: {} }),
      );
      expect(clearForeign.status).toBe(403);
      expect(await listMessages(t.db, users.bob)).toHaveLength(before);
      const visitor = await answer(() => assistantLoader({ request: new Request(`${APP}/en/assistant`), params, context: {} }));
      expect(visitor.status).toBe(302);
      expect(visitor.location).toMatch(/^\/en\/signin/);
    });

    it("deletes the conversation with intent=clear", async () => {
      const cleared = await answer(() => assistantAction({ request: post("bob", { intent: "clear" }), params, context: {} }));
      expect(cleared).toMatchObject({ status: 302, location: "/en/assistant" });
      expect((await page("bob")).body.messages).toEqual([]);
      expect((await page("ann")).body.messages.length).toBeGreaterThan(0);
    });
  });
});

describeEachDatabase("the assistant with several client accounts", (t) => {
  let userId = "";
  let cookie = "";
  const ids = { maple: "", bakery: "", cafe: "" };
  const day = (iso: string, locale: "en" | "nl" | "de" = "en") => formatDate(`${iso}T12:00:00.000Z`, locale);

  useAppDatabase(t, async () => {
    ({ id: userId, cookie, clientId: ids.maple } = await signedInAdvertiser(t.db, "agency", "Agency", "Maple Leaf Outfitters"));
    const more = { industry: "all" as const, timeZone: "UTC" };
    ids.bakery = (await unitOfWork(t.db, (tx) => createClientAccount(tx, userId, { ...more, name: "Bakkerij De Vries" }))).id;
    ids.cafe = (await unitOfWork(t.db, (tx) => createClientAccount(tx, userId, { ...more, name: "Café Zürich" }))).id;
    const files: Array<[string, Uint8Array]> = [
      // CA$85 a day; Snowshoe Promo spends CA$25 a day for 20 clicks and never converts, Toques CA$10 for 5.
      [
        ids.maple,
        metaDays("CAD", [
          ["Winter Boots", "50.00", 60, 5],
          ["Snowshoe Promo", "25.00", 20, 0],
          ["Toques", "10.00", 5, 0],
        ]),
      ],
      [ids.bakery, metaDays("EUR", [["Brood Bezorgen", "20.00", 30, 2]])],
      [ids.cafe, metaDays("USD", [["Kaffee Abo", "30.00", 40, 3]])],
    ];
    for (const [clientAccountId, bytes] of files)
      await storeImport(t.db, userId, await stageImport(t.db, { ownerId: userId, clientAccountId, filename: "meta-days.csv", bytes }));
  });

  it("answers each question with the figures of the client account it names", async () => {
    const maple = await ask(t.db, { userId, locale: "en", question: "How much did Maple Leaf spend last week?", llm: null });
    expect(maple.answer.content).toContain(`Maple Leaf Outfitters, ${day("2026-10-08")} – ${day("2026-10-14")}`);
    expect(maple.answer.content).toContain("Spend went from CA$595.00 to CA$595.00");
    expect(maple.answer.content).not.toMatch(/Bakkerij|Zürich/);
    const bakery = await ask(t.db, {
      userId,
      locale: "nl",
      question: "Wat waren de uitgaven van bakkerij de vries vorige week?",
      llm: null,
    });
    expect(bakery.answer.content).toContain("Bakkerij De Vries");
    expect(bakery.answer.content).toMatch(/€\s140,00/);
    expect(bakery.answer.content).not.toMatch(/Maple|Zürich|CA\$/);
    const cafe = await ask(t.db, { userId, locale: "de", question: "Wie viel hat das Cafe Zurich letzte Woche ausgegeben?", llm: null });
    expect(cafe.answer.content).toContain(`Café Zürich, ${day("2026-10-08", "de")} – ${day("2026-10-14", "de")}`);
    expect(cafe.answer.content).toMatch(/210,00\s\$/);
    expect(cafe.answer.content).not.toMatch(/Maple|Bakkerij/);
  });

  it("names the campaign that spent most without a conversion, with its spend, clicks and period", async () => {
    const { answer: reply } = await ask(t.db, {
      userId,
      locale: "en",
      question: "Which campaign wastes the most money at Maple Leaf?",
      llm: null,
    });
    const [facts, ...help] = reply.content.split("\n\n");
    expect(facts).toBe(
      `Maple Leaf Outfitters, ${day("2026-10-01")} – ${day("2026-10-14")}: the campaign that spent the most without a single conversion ` +
        "is “Snowshoe Promo” (Meta Ads Manager), with CA$350.00 spent for 280 clicks and no conversions.",
    );
    // What the help pages say about wasted spend follows the figures, never another client's.
    expect(help.join("\n\n")).toContain("“Keywords that spend without converting”");
    expect(reply.content).not.toMatch(/Bakkerij|Zürich/);
    expect(reply.sources.map((source) => source.link)).toContain("/ads");
    const none = await ask(t.db, { userId, locale: "en", question: "Which campaign is wasting money for Bakkerij De Vries?", llm: null });
    expect(none.answer.content).toContain("every campaign that spent money had at least one conversion");
  });

  it("asks which client account is meant when the question names none, unless the page is scoped to one", async () => {
    const { answer: reply } = await ask(t.db, { userId, locale: "en", question: CPA_QUESTION, llm: null });
    expect(reply.content).not.toMatch(/\$|€/);
    expect(reply.content.split("\n")[0]).toBe(
      "Which client account do you mean? You have “Bakkerij De Vries”, “Café Zürich”, and “Maple Leaf Outfitters”. " +
        "Name one in your question, or ask from that client account's ad pages.",
    );
    const scoped = await ask(t.db, { userId, locale: "en", question: CPA_QUESTION, clientAccountId: ids.cafe, llm: null });
    expect(scoped.answer.content).toContain("Café Zürich");
    expect(scoped.answer.content).toContain("$210.00");
    // The page opened with ?client= carries it to the question it posts.
    const params = { locale: "en" };
    const page = await answer(() =>
      assistantLoader({
        request: new Request(`${APP}/en/assistant?client=${ids.maple}`, { headers: { Cookie: cookie } }),
        params,
        context: {},
      }),
    );
    expect(page.body.client).toBe(ids.maple);
    const posted = await answer(() =>
      assistantAction({
        request: new Request(`${APP}/en/assistant`, {
          method: "POST",
          headers: { Origin: APP, Cookie: cookie },
          body: new URLSearchParams({ intent: "ask", question: "What did we spend last week?", client: ids.maple }),
        }),
        params,
        context: {},
      }),
    );
    expect(posted.status).toBe(302);
    expect(posted.location).toMatch(new RegExp(`^/en/assistant\\?client=${ids.maple}#message-`));
    const messages = await listMessages(t.db, userId);
    expect(messages.at(-1)!.content).toContain("Maple Leaf Outfitters");
  });
});
