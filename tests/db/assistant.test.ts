/**
 * The assistant (app/assistant/*) on a real database: a balance question answered with the asking
 * user's own figure (two users, the same question, never the other's); a FAQ question answered
 * with the FAQ's link; "why did my cost per conversion rise last week?" on an imported Meta day
 * export (two weeks, the second dearer) answered with both weeks' figures and the campaign that
 * moved it; "I don't know" for nonsense; the LLM path against a local fake OpenAI-compatible server
 * (the request carries the model and only the asking user's figures; its reply is the answer) and
 * the fallback when it fails; deleting the conversation; the page without JavaScript (a posted
 * question shows in the conversation, an empty one is a 400 with a translated message, cross-site
 * posts are refused). Also the LLM_* configuration.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "assistant-test-secret-0123456789-0123456789-0123456789";

import { ensureWorkspace } from "~/ads/accounts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { ask, clearConversation, listMessages } from "~/assistant/assistant.server";
import { detectTopics } from "~/assistant/facts.server";
import { forgetKnowledge, searchKnowledge } from "~/assistant/knowledge.server";
import { createSession } from "~/auth/session.server";
import { ConfigError, loadEnv } from "~/config/env.server";
import type { Db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createFaqEntry } from "~/help/faq.server";
import { fixedT } from "~/i18n/translator.server";
import { action as assistantAction, loader as assistantLoader } from "~/routes/($locale)._app.assistant";
import { createUser } from "~/users/users.server";
import { creditDeposit } from "~/wallet/ledger.server";
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
});

describeEachDatabase("the assistant", (t) => {
  const globalDb = globalThis as typeof globalThis & { __cashwiseDb?: Db };
  const users = { ann: "", bob: "" };
  const cookies = { ann: "", bob: "" };

  beforeAll(async () => {
    globalDb.__cashwiseDb = t.db;
    const ann = await createUser(t.db, { email: `ann-${crypto.randomUUID()}@example.com`, name: "Ann", emailVerified: true });
    const bob = await createUser(t.db, { email: `bob-${crypto.randomUUID()}@example.com`, name: "Bob", emailVerified: true });
    users.ann = ann.id;
    users.bob = bob.id;
    cookies.ann = (await createSession(t.db, ann, { remember: true })).setCookie.split(";")[0]!;
    cookies.bob = (await createSession(t.db, bob, { remember: true })).setCookie.split(";")[0]!;
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
  afterAll(() => {
    delete globalDb.__cashwiseDb;
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

  it("lets an OpenAI-compatible endpoint phrase the answer from the asking user's figures only", async () => {
    const llm = await fakeLlm({ status: 200, content: "You have $1,234.56 available, Ann." });
    try {
      const { answer: reply } = await ask(t.db, {
        userId: users.ann,
        locale: "fr",
        question: BALANCE_QUESTION,
        llm: { url: llm.url, apiKey: "test-key", model: "test-model" },
      });
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
      const { answer: reply } = await ask(t.db, {
        userId: users.bob,
        locale: "en",
        question: BALANCE_QUESTION,
        llm: { url: llm.url, apiKey: "test-key", model: "test-model" },
      });
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
