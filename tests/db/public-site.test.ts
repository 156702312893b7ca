import { expect, it } from "vitest";
import { listPosts, getPost, renderArticleBody } from "~/blog/blog.server";
import { listContactMessages, submitContactMessage } from "~/contact/contact.server";
import { listActivePlans } from "~/plans/plans.server";
import { consumeRateLimit, resetRateLimit } from "~/security/rate-limit.server";
import { countStoresByCategory, directoryFacts, getStoreBySlug, listStores } from "~/stores/stores.server";
import { LOCALES, type Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { setSetting } from "~/settings/settings.server";
import { SEED_STORES } from "../../db/seed-data/stores";
import { seedContent } from "../../db/seed";
import Home from "../../app/routes/($locale)._public._index";
import { loader as homeLoader } from "~/home/home-page.server";
import Pricing, { loader as pricingLoader } from "../../app/routes/($locale)._public.pricing";
import { loader as faqLoader } from "../../app/routes/($locale)._public.faq";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { inTx, newUser } from "../support/ledger";
import { recordingMailer } from "../support/recording-mailer";
import { answeredBy, pageText, renderRoute } from "../support/render-page";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";

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

describeEachDatabase("the loyalty scheme on the marketing pages (#29)", (t) => {
  useAppDatabase(t, () => seedContent(t.db));

  const home = (locale: Locale) =>
    renderRoute(
      { path: "/:locale", loader: answeredBy(homeLoader, new Request(`${APP}/${locale}`)), Component: Home },
      new Request(`${APP}/${locale}`),
      locale,
    );
  const pricing = (locale: Locale) =>
    renderRoute(
      { path: "/:locale/pricing", loader: answeredBy(pricingLoader, new Request(`${APP}/${locale}/pricing`)), Component: Pricing },
      new Request(`${APP}/${locale}/pricing`),
      locale,
    );
  /** The pricing page's row of a level, as text. */
  const levelRow = (html: string, level: string) =>
    pageText(html.match(new RegExp(`<tr[^>]*data-level="${level}"[^>]*>.*?</tr>`))![0]).trim();
  const setFee = async (bps: number) => {
    const admin = await newUser(t.db, "fee-admin");
    await inTx(t.db, (tx) => setSetting(tx, "loyaltyFeeGoldBps", bps, { id: admin, clientAddress: null }));
  };

  it("the home page has a loyalty block: the four levels with the points they start at and their success fee, sign-up and the rules", async () => {
    const page = pageText(await home("en"));
    expect(page).toContain("Loyalty points: the more you earn, the less we keep");
    expect(page).toContain("Earn 10 points for every $1.00 of confirmed cashback");
    expect(page).toContain("Redeem 1,000 points for $5.00 in your wallet");
    for (const line of [
      "Bronze From 0 points: 10% success fee",
      "Silver From 2,500 points: 9% success fee",
      "Gold From 10,000 points: 8% success fee",
      "Platinum From 25,000 points: 7% success fee",
    ]) {
      expect(page).toContain(line);
    }
    const html = await home("en");
    expect(html).toContain('href="/en/signup"');
    expect(html).toContain('href="/en/pricing#loyalty-title"');
    // In German, in German numbers.
    const german = pageText(await home("de"));
    expect(german).toContain("Gold Ab 10.000 Punkten: 8 % Erfolgsgebühr");
    expect(german).toContain("Treuepunkte");
  });

  it("the pricing page: the success fee on cashback only, lower at each level, the levels table from the settings, and an admin's change shows", async () => {
    const html = await pricing("en");
    const page = pageText(html);
    expect(page).toContain("10% success fee, only on cashback, and lower at higher member levels");
    // The ad tools keep no success fee.
    expect(page).toContain("no success fee");
    expect(page).toContain("the ad tools have no success fee at any level");
    expect(levelRow(html, "bronze")).toBe("Bronze from 0 10% 90% In order of request");
    expect(levelRow(html, "silver")).toBe("Silver from 2,500 9% 91% In order of request");
    expect(levelRow(html, "gold")).toBe("Gold from 10,000 8% 92% Handled first");
    expect(levelRow(html, "platinum")).toBe("Platinum from 25,000 7% 93% Handled first");
    expect(page).toContain(
      "Earn points: 10 per $1.00 of cashback once it is confirmed (not while it is pending), 500 when a friend you invited qualifies, 1 per $1.00 you pay for a plan.",
    );
    expect(page).toContain("Redeem in steps of 1,000 points = $5.00");
    expect(page).toContain("Points expire 24 months after you earned them, oldest first");
    expect(html).toContain('href="/en/signup"');

    await setFee(750);
    try {
      const changed = await pricing("en");
      expect(levelRow(changed, "gold")).toBe("Gold from 10,000 7.5% 92.5% Handled first");
      expect(levelRow(changed, "silver")).toBe("Silver from 2,500 9% 91% In order of request");
      expect(pageText(await home("en"))).toContain("Gold From 10,000 points: 7.5% success fee");
      expect(levelRow(await pricing("fr"), "gold")).toMatch(/^Or dès 10\s000 7,5\s% 92,5\s% Traités en priorité$/);
    } finally {
      await setFee(800);
    }
  });

  it("the FAQ answers how points work, what the levels give, redeeming and expiry, in all five languages", async () => {
    const faq = async (locale: Locale, q = "") =>
      (
        await answer(() =>
          faqLoader({
            request: new Request(`${APP}/${locale}/faq${q ? `?q=${encodeURIComponent(q)}` : ""}`),
            params: { locale },
            context: {},
          }),
        )
      ).body.categories as Array<{ id: string; title: string; questions: Array<{ question: string; answer: string }> }>;
    const english = (await faq("en")).find((category) => category.id === "loyalty")!;
    expect(english.title).toBe("Loyalty points");
    expect(english.questions.map((item) => item.question)).toEqual([
      "How do loyalty points work?",
      "What do the member levels give me?",
      "How do I redeem points?",
      "Do points expire?",
    ]);
    expect(english.questions[1]!.answer).toMatch(/Silver from 2,500.*Gold from 10,000.*Platinum from 25,000/);
    expect(english.questions[1]!.answer).toContain("10% of the store's commission at Bronze, 9% at Silver, 8% at Gold and 7% at Platinum");
    expect(english.questions[1]!.answer).toContain("The ad tools have no success fee at any level");
    for (const locale of LOCALES) {
      const loyalty = (await faq(locale)).find((category) => category.id === "loyalty")!;
      expect(loyalty.questions, locale).toHaveLength(4);
      expect(loyalty.questions[1]!.answer, locale).toMatch(/10\s?%.*9\s?%.*8\s?%.*7\s?%/);
      if (locale !== "en") {
        expect(loyalty.title, locale).not.toBe(english.title);
        expect(loyalty.questions.map((item) => item.question)).not.toEqual(english.questions.map((item) => item.question));
      }
    }
    // The search finds them.
    expect((await faq("en", "EXPIRE")).flatMap((category) => category.questions).map((item) => item.question)).toContain(
      "Do points expire?",
    );
  });

  it("the terms state the level fees and the points rules, and still the fee on cashback only", () => {
    for (const locale of LOCALES) {
      const sections = fixedT(locale, "legal")("terms.sections", { returnObjects: true }) as unknown as Array<{ paragraphs: string[] }>;
      const clause = sections[1]!.paragraphs.at(-1)!;
      expect(clause, locale).toMatch(/2[.,\s]?500.*10[.,\s]?000.*25[.,\s]?000/);
      expect(clause, locale).toMatch(/10\s?%, 9\s?%, 8\s?%.*7\s?%/);
      expect(clause, locale).toMatch(/1[.,\s]?000/);
      expect(clause, locale).toContain("24");
      expect(sections[2]!.paragraphs.join(" "), locale).toMatch(/90/);
    }
  });
});
