/**
 * The assistant's answer as it is composed (`POST /assistant/stream`, app/assistant/stream.server.ts)
 * on a real database: the route answers a balance question with the asking user's figure in
 * several chunks, then its sources, then stores the exchange once (the stored answer is the text
 * the chunks built); the LLM path against a local fake OpenAI-compatible server sending server-sent
 * events (each delta passed on as it arrives, in order, before the next is even sent; the request
 * carries `stream: true` and only the asking user's figures; the stored answer is the deltas'
 * concatenation), the fallbacks when it fails before any text (the composed answer) and part-way
 * (a `replace` with the composed answer, which is what is stored), and a client that goes away
 * (nothing stored, the endpoint's request closed); cross-site posts, empty questions and visitors
 * refused with nothing stored; the rate limit; and the knowledge index forgetting a locale's
 * published content as soon as a FAQ or blog change commits (not on rollback, not another locale's).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "assistant-stream-test-secret-0123456789-0123456789-0123456789";

import type { AssistantStreamEvent } from "~/assistant/assistant";
import { ask, listMessages } from "~/assistant/assistant.server";
import { forgetKnowledge, searchKnowledge } from "~/assistant/knowledge.server";
import { streamAnswer } from "~/assistant/stream.server";
import { createPost, setPostStatus } from "~/blog/admin.server";
import { NewArticleSchema } from "~/blog/article-form";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createFaqEntry, deleteFaqEntry, updateFaqEntry } from "~/help/faq.server";
import { fixedT } from "~/i18n/translator.server";
import { action as streamAction } from "~/routes/($locale)._app.assistant_.stream";
import { consumeRateLimit, RATE_LIMITS } from "~/security/rate-limit.server";
import { creditDeposit } from "~/wallet/ledger.server";
import { signedInMember, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const BALANCE_QUESTION = "What is my balance?";

/** Reads an NDJSON stream event by event; `onEvent` may act between events (e.g. let a server go on). */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent?: (event: AssistantStreamEvent, index: number) => void | Promise<void>,
): Promise<AssistantStreamEvent[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: AssistantStreamEvent[] = [];
  let buffer = "";
  for (;;) {
    const chunk = await reader.read();
    buffer += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
    const lines = buffer.split("\n");
    buffer = chunk.done ? "" : lines.pop()!;
    for (const line of lines.filter((text) => text.trim())) {
      const event = JSON.parse(line) as AssistantStreamEvent;
      events.push(event);
      await onEvent?.(event, events.length - 1);
    }
    if (chunk.done) return events;
  }
}

const deltasOf = (events: AssistantStreamEvent[]) => events.flatMap((event) => (event.type === "delta" ? [event.text] : []));
const doneOf = (events: AssistantStreamEvent[]) =>
  events.find((event): event is Extract<AssistantStreamEvent, { type: "done" }> => event.type === "done");

interface FakeRequest {
  body: { model: string; stream?: boolean; messages: Array<{ role: string; content: string }> };
  closed: Promise<void>;
}

/**
 * A fake OpenAI-compatible endpoint that streams: `script` writes the response of each request
 * (server-sent events, an error status, a dropped connection…).
 */
async function fakeStreamingLlm(script: (response: http.ServerResponse) => Promise<void> | void) {
  const requests: FakeRequest[] = [];
  const server = http.createServer((request, response) => {
    let raw = "";
    const closed = new Promise<void>((resolve) => response.on("close", () => resolve()));
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      requests.push({ body: JSON.parse(raw), closed });
      void script(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    llm: { url: `http://127.0.0.1:${port}/v1`, apiKey: "test-key", model: "test-model" },
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const sse = (payload: unknown) => `data: ${typeof payload === "string" ? payload : JSON.stringify(payload)}\n\n`;
const deltaChunk = (content: string) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  choices: [{ index: 0, delta: { content }, finish_reason: null }],
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describeEachDatabase("the assistant's streamed answer", (t) => {
  const users = { ann: "", bob: "", cat: "" };
  const cookies = { ann: "", bob: "", cat: "" };

  useAppDatabase(t, async () => {
    for (const [who, cents] of [
      ["ann", 123_456],
      ["bob", 9_876],
      ["cat", 500],
    ] as const) {
      const user = await signedInMember(t.db, who, who);
      users[who] = user.id;
      cookies[who] = user.cookie;
      await unitOfWork(t.db, (tx) =>
        creditDeposit(tx, {
          userId: user.id,
          amountCents: cents,
          paymentId: crypto.randomUUID(),
          description: "Top-up",
          provider: "sandbox",
          at: "2026-01-05T10:00:00.000Z",
        }),
      );
    }
  });

  const post = (who: keyof typeof cookies | null, body: Record<string, string>, options: { origin?: string; signal?: AbortSignal } = {}) =>
    new Request(`${APP}/en/assistant/stream`, {
      method: "POST",
      headers: { Origin: options.origin ?? APP, ...(who ? { Cookie: cookies[who] } : {}) },
      body: new URLSearchParams(body),
      signal: options.signal,
    });
  const route = (request: Request) => streamAction({ request, params: { locale: "en" }, context: {} });

  describe("the route, without an LLM", () => {
    it("streams the balance answer with the asking user's figure in chunks, then its sources, then stores it once", async () => {
      const response = await route(post("ann", { intent: "ask", question: `  ${BALANCE_QUESTION} ` }));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/x-ndjson; charset=utf-8");
      expect(response.headers.get("Cache-Control")).toContain("no-transform");
      const events = await readEvents(response.body!);
      const deltas = deltasOf(events);
      // One chunk a line: the balance, then the pending and in-progress amounts.
      expect(deltas.length).toBeGreaterThanOrEqual(2);
      expect(deltas[0]).toContain("$1,234.56");
      const text = deltas.join("");
      expect(text).not.toContain("$98.76");
      expect(events.map((event) => event.type)).toEqual([...deltas.map(() => "delta"), "sources", "done"]);
      const sources = events.find((event) => event.type === "sources");
      expect(sources).toMatchObject({ sources: expect.arrayContaining([{ title: "Wallet", link: "/wallet" }]) });

      const stored = await listMessages(t.db, users.ann);
      expect(stored.map((message) => [message.role, message.content])).toEqual([
        ["question", BALANCE_QUESTION],
        ["answer", text],
      ]);
      expect(stored[1]).toMatchObject({ via: "rules", sources: expect.arrayContaining([{ title: "Wallet", link: "/wallet" }]) });
      // The last event names the stored messages.
      expect(doneOf(events)).toEqual({ type: "done", question: stored[0], answer: stored[1] });
      // Exactly what the form's way stores for the same question (one way of storing).
      const viaForm = await ask(t.db, { userId: users.ann, locale: "en", question: BALANCE_QUESTION, llm: null });
      expect(viaForm.answer.content).toBe(text);
      expect(viaForm.answer.sources).toEqual(stored[1]!.sources);
    });

    it("answers Bob with Bob's figure, in the page's language", async () => {
      const request = new Request(`${APP}/nl/assistant/stream`, {
        method: "POST",
        headers: { Origin: APP, Cookie: cookies.bob },
        body: new URLSearchParams({ question: "Wat is mijn saldo?" }),
      });
      const events = await readEvents((await streamAction({ request, params: { locale: "nl" }, context: {} })).body!);
      const text = deltasOf(events).join("");
      expect(text).toMatch(/beschikbare saldo is (US)?\$\s?98,76/);
      expect(text).not.toMatch(/1\.234,56/);
      expect(
        (await listMessages(t.db, users.bob)).filter((message) => message.role === "answer").map((message) => message.content),
      ).toEqual([text]);
    });

    it("refuses cross-site posts, empty and too long questions and visitors, storing nothing", async () => {
      const before = (await listMessages(t.db, users.cat)).length;
      const foreign = await answer(() => route(post("cat", { question: BALANCE_QUESTION }, { origin: "https://evil.example" })));
      expect(foreign.status).toBe(403);
      const empty = await answer(() => route(post("cat", { intent: "ask", question: "   " })));
      expect(empty.status).toBe(400);
      const emptyBody = await empty.response!.json();
      expect(emptyBody.result.error.question).toEqual(["assistant:errors.required"]);
      expect(emptyBody.message).toBe(fixedT("en", "assistant")("errors.required"));
      const long = await answer(() => route(post("cat", { question: "x".repeat(501) })));
      expect(long.status).toBe(400);
      expect((await long.response!.json()).message).toBe("A question can be at most 500 characters long.");
      const visitor = await answer(() => route(post(null, { question: BALANCE_QUESTION })));
      expect(visitor.status).toBe(302);
      expect(visitor.location).toMatch(/^\/en\/signin/);
      const get = await answer(() =>
        route(
          new Request(`${APP}/en/assistant/stream`, {
            method: "PUT",
            headers: { Origin: APP, Cookie: cookies.cat },
            body: new URLSearchParams({ question: BALANCE_QUESTION }),
          }),
        ),
      );
      expect(get.status).toBe(405);
      expect(await listMessages(t.db, users.cat)).toHaveLength(before);
    });

    it("applies the per-user rate limit (429, translated, Retry-After), storing nothing", async () => {
      const { id: userId, cookie } = await signedInMember(t.db, "dee", "Dee");
      const ask = () =>
        route(
          new Request(`${APP}/en/assistant/stream`, {
            method: "POST",
            headers: { Origin: APP, Cookie: cookie },
            body: new URLSearchParams({ question: BALANCE_QUESTION }),
          }),
        );
      // One allowed question through the route, the rest of the allowance used up directly.
      expect((await readEvents((await ask()).body!)).at(-1)?.type).toBe("done");
      for (let used = 1; used < RATE_LIMITS.assistantQuestion.points; used++)
        expect((await consumeRateLimit(t.db, "assistantQuestion", userId)).allowed).toBe(true);
      const refused = await answer(ask);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      const body = await refused.response!.json();
      expect(body.result.error[""]).toEqual(["assistant:errors.rateLimited"]);
      expect(body.message).toBe(fixedT("en", "assistant")("errors.rateLimited"));
      expect(await listMessages(t.db, userId)).toHaveLength(2);
      // Another user is not held back.
      expect((await route(post("cat", { question: BALANCE_QUESTION }))).status).toBe(200);
    });
  });

  describe("with an LLM endpoint that streams", () => {
    it("passes each delta on as it arrives, in order, and stores their concatenation", async () => {
      const release = deferred();
      const fake = await fakeStreamingLlm(async (response) => {
        response.writeHead(200, { "Content-Type": "text/event-stream" });
        response.write(
          sse({
            id: "chatcmpl-1",
            object: "chat.completion.chunk",
            choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }],
          }),
        );
        response.write(sse(deltaChunk("You have ")));
        // Nothing more until the first delta has reached the reader.
        await release.promise;
        // Two events in one write, then one split across two writes.
        response.write(sse(deltaChunk("$1,234.56")) + sse(deltaChunk(" available")));
        const split = sse(deltaChunk(", Ann."));
        response.write(split.slice(0, 17));
        await new Promise((resolve) => setTimeout(resolve, 20));
        response.write(split.slice(17));
        response.write(
          sse({ id: "chatcmpl-1", object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }),
        );
        response.end(sse("[DONE]"));
      });
      try {
        const before = (await listMessages(t.db, users.ann)).length;
        const stream = streamAnswer(t.db, { userId: users.ann, locale: "fr", question: BALANCE_QUESTION, llm: fake.llm });
        const events = await readEvents(stream, (event, index) => {
          if (index === 0) {
            expect(event).toEqual({ type: "delta", text: "You have " });
            release.resolve();
          }
        });
        expect(deltasOf(events)).toEqual(["You have ", "$1,234.56", " available", ", Ann."]);
        expect(events.map((event) => event.type)).toEqual(["delta", "delta", "delta", "delta", "sources", "done"]);

        expect(fake.requests).toHaveLength(1);
        const request = fake.requests[0]!.body;
        expect(request.stream).toBe(true);
        expect(request.model).toBe("test-model");
        const context = request.messages.map((message) => message.content).join("\n");
        expect(context).toMatch(/1\s?234,56/);
        expect(context).not.toMatch(/98,76|98\.76|5,00/);
        expect(request.messages.at(-1)).toEqual({ role: "user", content: BALANCE_QUESTION });

        const stored = (await listMessages(t.db, users.ann)).slice(before);
        expect(stored.map((message) => message.role)).toEqual(["question", "answer"]);
        expect(stored[1]).toMatchObject({ content: "You have $1,234.56 available, Ann.", via: "llm" });
        expect(stored[1]!.sources).toContainEqual({ title: "Portefeuille", link: "/wallet" });
        expect(doneOf(events)?.answer).toEqual(stored[1]);
      } finally {
        await fake.close();
      }
    });

    it("falls back to the composed answer, line by line, when the endpoint fails before any text", async () => {
      const fake = await fakeStreamingLlm((response) => {
        response.writeHead(500, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ error: { message: "boom" } }));
      });
      try {
        const before = (await listMessages(t.db, users.bob)).length;
        const events = await readEvents(streamAnswer(t.db, { userId: users.bob, locale: "en", question: BALANCE_QUESTION, llm: fake.llm }));
        expect(fake.requests).toHaveLength(1);
        expect(events.some((event) => event.type === "replace")).toBe(false);
        const deltas = deltasOf(events);
        expect(deltas.length).toBeGreaterThanOrEqual(2);
        const composed = (await ask(t.db, { userId: users.bob, locale: "en", question: BALANCE_QUESTION, llm: null })).answer.content;
        expect(deltas.join("")).toBe(composed);
        expect(composed).toContain("$98.76");
        expect(doneOf(events)?.answer).toMatchObject({ content: composed, via: "rules" });
        // The exchange above plus the composed one asked for comparison.
        expect((await listMessages(t.db, users.bob)).length - before).toBe(4);
      } finally {
        await fake.close();
      }
      // Nobody listening at all: the same.
      const unreachable = await readEvents(
        streamAnswer(t.db, {
          userId: users.bob,
          locale: "en",
          question: BALANCE_QUESTION,
          llm: { url: "http://127.0.0.1:9/v1", apiKey: "k", model: "m" },
        }),
      );
      expect(doneOf(unreachable)?.answer.via).toBe("rules");
      expect(deltasOf(unreachable).join("")).toContain("$98.76");
    });

    it("replaces a half-phrased answer with the composed one when the endpoint fails part-way, and stores that", async () => {
      const fake = await fakeStreamingLlm(async (response) => {
        response.writeHead(200, { "Content-Type": "text/event-stream" });
        response.write(sse(deltaChunk("You have $98")));
        await new Promise((resolve) => setTimeout(resolve, 30));
        response.destroy();
      });
      try {
        const events = await readEvents(streamAnswer(t.db, { userId: users.bob, locale: "en", question: BALANCE_QUESTION, llm: fake.llm }));
        expect(events.map((event) => event.type)).toEqual(["delta", "replace", "sources", "done"]);
        const replace = events[1] as Extract<AssistantStreamEvent, { type: "replace" }>;
        expect(replace.reason).toBe("llmFailed");
        expect(replace.text).toContain("$98.76");
        const stored = (await listMessages(t.db, users.bob)).at(-1)!;
        expect(stored).toMatchObject({ role: "answer", content: replace.text, via: "rules" });
        expect(doneOf(events)?.answer).toEqual(stored);
      } finally {
        await fake.close();
      }
      // A stream that stops without [DONE] or a finish_reason is cut short too.
      const truncated = await fakeStreamingLlm((response) => {
        response.writeHead(200, { "Content-Type": "text/event-stream" });
        response.end(sse(deltaChunk("You have")));
      });
      try {
        const events = await readEvents(
          streamAnswer(t.db, { userId: users.bob, locale: "en", question: BALANCE_QUESTION, llm: truncated.llm }),
        );
        expect(events.map((event) => event.type)).toEqual(["delta", "replace", "sources", "done"]);
        expect(doneOf(events)?.answer.via).toBe("rules");
      } finally {
        await truncated.close();
      }
    });

    it("stores nothing and closes the endpoint's request when the client goes away", async () => {
      const fake = await fakeStreamingLlm((response) => {
        response.writeHead(200, { "Content-Type": "text/event-stream" });
        response.write(sse(deltaChunk("You have ")));
        // …and then nothing, as a slow model would.
      });
      try {
        const before = (await listMessages(t.db, users.ann)).length;
        // The reader cancels the stream after the first delta.
        const stream = streamAnswer(t.db, { userId: users.ann, locale: "en", question: BALANCE_QUESTION, llm: fake.llm });
        const reader = stream.getReader();
        const first = await reader.read();
        expect(new TextDecoder().decode(first.value)).toContain('"type":"delta"');
        await reader.cancel();
        await fake.requests[0]!.closed;
        // The request's signal aborts (the page's visitor left) through the route's way of passing it.
        const leaving = new AbortController();
        const second = streamAnswer(t.db, {
          userId: users.ann,
          locale: "en",
          question: BALANCE_QUESTION,
          llm: fake.llm,
          signal: leaving.signal,
        });
        const events: AssistantStreamEvent[] = [];
        const read = readEvents(second, (event) => {
          events.push(event);
          if (event.type === "delta") leaving.abort();
        });
        await read;
        await fake.requests[1]!.closed;
        expect(events.map((event) => event.type)).toEqual(["delta"]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await listMessages(t.db, users.ann)).toHaveLength(before);
      } finally {
        await fake.close();
      }
    });
  });

  describe("the knowledge index after content changes", () => {
    const actor = { id: "", clientAddress: null };
    const found = async (locale: "en" | "nl", words: string) =>
      (await searchKnowledge(t.db, locale, words)).map((passage) => passage.title);

    beforeAll(() => {
      actor.id = users.ann;
    });

    it("finds a FAQ entry created through the domain function at once, and forgets only after a commit, only the changed locale", async () => {
      forgetKnowledge(t.db);
      expect(await found("en", "kangaroo shipping")).toEqual([]);
      // A row another process wrote (no forgetting reaches this one): found by the content stamp.
      await t.db
        .insertInto("faqEntries")
        .values({
          id: crypto.randomUUID(),
          locale: "en",
          category: "general",
          question: "Do wombats get cashback?",
          answer: "Wombats earn cashback like everyone.",
          position: 99,
          published: 1,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .execute();
      expect(await found("en", "wombats cashback")).toEqual(["Do wombats get cashback?"]);
      // Not a change that rolled back, nor a change to another locale.
      await expect(
        unitOfWork(t.db, async (tx) => {
          await createFaqEntry(tx, {
            actor,
            input: { locale: "en", category: "general", question: "Rolled back?", answer: "Never.", published: true },
          });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      await unitOfWork(t.db, (tx) =>
        createFaqEntry(tx, {
          actor,
          input: {
            locale: "nl",
            category: "general",
            question: "Versturen jullie kangoeroes?",
            answer: "Nee, kangoeroes versturen wij niet.",
            published: true,
          },
        }),
      );
      expect(await found("en", "rolled back")).toEqual([]);
      expect(await found("en", "kangoeroes versturen")).toEqual([]);
      expect(await found("nl", "kangoeroes versturen")).toEqual(["Versturen jullie kangoeroes?"]);

      // Through the domain function: found at the next question (and the index is rebuilt whole).
      const entry = await unitOfWork(t.db, (tx) =>
        createFaqEntry(tx, {
          actor,
          input: {
            locale: "en",
            category: "general",
            question: "Do you ship kangaroos?",
            answer: "Kangaroo shipping is not something Cashwise offers.",
            published: true,
          },
        }),
      );
      expect(await found("en", "kangaroo shipping")).toEqual(["Do you ship kangaroos?"]);
      expect(await found("en", "wombats cashback")).toEqual(["Do wombats get cashback?"]);
      const reply = await readEvents((await route(post("cat", { question: "Do you ship kangaroos?" }))).body!);
      expect(doneOf(reply)?.answer.content).toContain("Kangaroo shipping is not something Cashwise offers.");
      expect(doneOf(reply)?.answer.sources).toContainEqual({ title: "Do you ship kangaroos?", link: "/faq" });

      // Edited and deleted: the same.
      await unitOfWork(t.db, (tx) =>
        updateFaqEntry(tx, {
          actor,
          id: entry.id,
          input: { category: "general", question: "Do you ship platypuses?", answer: "Platypus shipping is not offered either." },
        }),
      );
      expect(await found("en", "platypus shipping")).toEqual(["Do you ship platypuses?"]);
      expect(await found("en", "kangaroo shipping")).toEqual([]);
      await unitOfWork(t.db, (tx) => deleteFaqEntry(tx, { actor, id: entry.id }));
      expect(await found("en", "platypus shipping")).toEqual([]);
    });

    it("finds a blog article once it is published", async () => {
      expect(await found("en", "quokka savings")).toEqual([]);
      const input = NewArticleSchema.parse({
        locale: "en",
        slug: `quokka-${crypto.randomUUID().slice(0, 8)}`,
        title: "Quokka savings guide",
        excerpt: "How a quokka saves.",
        body: "Quokka savings grow with cashback every month.",
        author: "Ann",
      });
      const post = await unitOfWork(t.db, (tx) => createPost(tx, { actor, input }));
      expect(await found("en", "quokka savings")).toEqual([]);
      await unitOfWork(t.db, (tx) => setPostStatus(tx, { actor, postId: post.id, status: "published" }));
      expect(await found("en", "quokka savings")).toEqual(["Quokka savings guide"]);
      await unitOfWork(t.db, (tx) => setPostStatus(tx, { actor, postId: post.id, status: "draft" }));
      expect(await found("en", "quokka savings")).toEqual([]);
    });
  });
});
