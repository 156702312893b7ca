import { expect, it } from "vitest";
import { listPosts, getPost, renderArticleBody } from "~/blog/blog.server";
import { listContactMessages, submitContactMessage } from "~/contact/contact.server";
import { listActivePlans } from "~/plans/plans.server";
import { consumeRateLimit, resetRateLimit } from "~/security/rate-limit.server";
import { countStoresByCategory, directoryFacts, getStoreBySlug, listStores } from "~/stores/stores.server";
import { SEED_STORES } from "../../db/seed-data/stores";
import { seedContent } from "../../db/seed";
import { describeEachDatabase } from "../support/databases";
import { recordingMailer } from "../support/recording-mailer";

describeEachDatabase("public site content", (t) => {
  it("seeds plans, 30 stores and 6 articles in each of the five locales", async () => {
    await seedContent(t.db);
    expect((await seedContent(t.db)).created).toEqual([]);
    const plans = await listActivePlans(t.db);
    expect(plans.map((p) => p.audience)).toContain("partner");
    expect(plans.find((p) => p.code === "starter")).toMatchObject({ priceCents: 2900, durationDays: 30 });
    expect((await listStores(t.db, { locale: "en", pageSize: 100 })).total).toBeGreaterThanOrEqual(30);
    for (const locale of ["en", "nl", "fr", "es", "de"]) {
      expect((await listPosts(t.db, { locale })).total, locale).toBeGreaterThanOrEqual(6);
    }
  });

  it("lists stores by category and name, case-insensitively, with % taken literally", async () => {
    const lark = await listStores(t.db, { locale: "de", query: "LARK" });
    expect(lark.items.map((s) => s.name)).toEqual(["Larkstitch"]);
    expect(lark.items[0]!.description).not.toEqual((await getStoreBySlug(t.db, lark.items[0]!.slug, "en"))!.description);
    expect((await listStores(t.db, { locale: "en", query: "%" })).total).toBe(0);
    const travel = await listStores(t.db, { locale: "en", category: "travel", pageSize: 100 });
    expect(travel.items.length).toBeGreaterThanOrEqual(2);
    expect(travel.items.every((s) => s.category === "travel")).toBe(true);
    const counts = await countStoresByCategory(t.db);
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(10);
  });

  it("pages through stores, highest cashback first, and clamps a page past the end", async () => {
    const first = await listStores(t.db, { locale: "en", page: 1, pageSize: 12 });
    const second = await listStores(t.db, { locale: "en", page: 2, pageSize: 12 });
    expect(first.items).toHaveLength(12);
    expect(first.pageCount).toBe(Math.ceil(first.total / 12));
    expect(new Set([...first.items, ...second.items].map((s) => s.slug)).size).toBe(24);
    expect(first.items[0]!.cashbackRateBps).toBeGreaterThanOrEqual(first.items[11]!.cashbackRateBps);
    expect((await listStores(t.db, { locale: "en", page: 99, pageSize: 12 })).page).toBe(first.pageCount);
  });

  it("the home page's facts are counted from the active stores: how many, in how many categories, the best rate", async () => {
    const best = [...SEED_STORES].sort((a, b) => b.cashbackRateBps - a.cashbackRateBps || a.name.localeCompare(b.name));
    const facts = await directoryFacts(t.db, 3);
    expect(facts).toMatchObject({
      stores: SEED_STORES.length,
      categories: new Set(SEED_STORES.map((s) => s.category)).size,
      bestRateBps: best[0]!.cashbackRateBps,
    });
    expect(facts.featured.map((store) => store.slug)).toEqual(best.slice(0, 3).map((store) => store.slug));
    // A paused store is neither counted nor shown.
    await t.db.updateTable("stores").set({ active: 0 }).where("slug", "=", best[0]!.slug).execute();
    const paused = await directoryFacts(t.db, 3);
    expect(paused.stores).toBe(SEED_STORES.length - 1);
    expect(paused.featured.map((store) => store.slug)).not.toContain(best[0]!.slug);
    await t.db.updateTable("stores").set({ active: 1 }).where("slug", "=", best[0]!.slug).execute();
  });

  it("hides inactive stores", async () => {
    await t.db.updateTable("stores").set({ active: 0 }).where("slug", "=", "larkstitch").execute();
    expect(await getStoreBySlug(t.db, "larkstitch", "en")).toBeUndefined();
    expect((await listStores(t.db, { locale: "en", query: "larkstitch" })).total).toBe(0);
    await t.db.updateTable("stores").set({ active: 1 }).where("slug", "=", "larkstitch").execute();
  });

  it("lists articles of one locale, newest first, searchable, without future ones", async () => {
    const nl = await listPosts(t.db, { locale: "nl", pageSize: 100 });
    expect(nl.items.every((p) => p.locale === "nl")).toBe(true);
    const dates = nl.items.map((p) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const search = await listPosts(t.db, { locale: "en", query: "CASHBACK" });
    expect(search.total).toBeGreaterThan(0);
    expect(search.items.every((p) => `${p.title} ${p.excerpt}`.toLowerCase().includes("cashback"))).toBe(true);
    const before = nl.items.at(-1)!.publishedAt;
    expect((await listPosts(t.db, { locale: "nl", now: before })).total).toBe(1);
    const paged = await listPosts(t.db, { locale: "en", pageSize: 4, page: 2 });
    expect(paged.items.length).toBe(paged.total - 4);
  });

  it("reads one article and renders its Markdown without raw HTML", async () => {
    const [summary] = (await listPosts(t.db, { locale: "fr" })).items;
    const post = await getPost(t.db, "fr", summary!.slug);
    expect(post?.title).toBe(summary!.title);
    expect(await getPost(t.db, "fr", "no-such-article")).toBeUndefined();
    const html = renderArticleBody("## Title\n\nText <script>alert(1)</script>\n\n- one\n- two");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<li>one</li>");
    expect(html).not.toContain("<script");
  });

  it("stores a contact message and e-mails it to support, reply-to the sender", async () => {
    const mailer = recordingMailer();
    const { id } = await submitContactMessage(
      t.db,
      { name: "Mia", email: "mia@example.com", company: "Mia BV", message: "Hello, I have a question about payouts." },
      { locale: "nl", clientAddress: "203.0.113.9", mailer, supportEmail: "support@cashwise.test" },
    );
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: "support@cashwise.test", replyTo: "mia@example.com" });
    expect(mailer.sent[0]!.subject).toContain("Mia");
    expect(mailer.sent[0]!.text).toContain("Hello, I have a question about payouts.");
    const [stored] = await listContactMessages(t.db);
    expect(stored).toMatchObject({ id, name: "Mia", company: "Mia BV", locale: "nl", clientAddress: "203.0.113.9" });
    expect(stored!.emailedAt).not.toBeNull();
  });

  it("keeps a contact message when the mail server is down", async () => {
    const { id } = await submitContactMessage(
      t.db,
      { name: "Leo", email: "leo@example.com", message: "Is there anybody out there?" },
      { locale: "en", clientAddress: "203.0.113.10", mailer: recordingMailer({ fail: true }), supportEmail: "support@cashwise.test" },
    );
    const stored = (await listContactMessages(t.db)).find((m) => m.id === id);
    expect(stored).toMatchObject({ name: "Leo", company: null, emailedAt: null });
  });

  it("rate-limits per key in the shared table, and forgets on reset", async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await consumeRateLimit(t.db, "contact", "198.51.100.1"));
    expect(results.slice(0, 5).every((r) => r.allowed)).toBe(true);
    const blocked = results[5]!;
    expect(blocked.allowed).toBe(false);
    if (!blocked.allowed) expect(blocked.retryAfterSeconds).toBeGreaterThan(3000);
    expect((await consumeRateLimit(t.db, "contact", "198.51.100.2")).allowed).toBe(true);
    expect((await consumeRateLimit(t.db, "newsletter", "198.51.100.1")).allowed).toBe(true);
    await resetRateLimit(t.db, "contact", "198.51.100.1");
    expect((await consumeRateLimit(t.db, "contact", "198.51.100.1")).allowed).toBe(true);
  });

  it("counts concurrent attempts exactly", async () => {
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => consumeRateLimit(t.db, "contact", "198.51.100.50")));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
  });
});
