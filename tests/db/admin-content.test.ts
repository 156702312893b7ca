/**
 * The admin's content screens (`/admin/content/…`): blog articles are written as drafts (not on the
 * public list, page or sitemap), previewed without saving, published and unpublished; the FAQ comes
 * from the database, filled by the migration with exactly the questions the translation files held,
 * and the admin's edits, moves, hiding and deleting show on the public FAQ; the newsletter export
 * holds only confirmed subscribers (a real CSV attachment, formulas escaped). Every change is one
 * unit of work with exactly one audit row (actor, client address, before and after); a change that
 * changes nothing writes none; members, visitors and admins without 2FA are refused by the routes.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "admin-content-test-secret-0123456789-0123456789";

import { createPost, listPostsForAdmin, setPostStatus, updatePost } from "~/blog/admin.server";
import { EditArticleSchema, NewArticleSchema, readingMinutes } from "~/blog/article-form";
import { getPost, listPosts, listPublishedSlugs } from "~/blog/blog.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { FAQ_CATEGORIES } from "~/help/faq";
import { createFaqEntry, listFaqForAdmin, listPublishedFaq } from "~/help/faq.server";
import { LOCALES } from "~/i18n/config";
import { countSubscribers, listSubscribers } from "~/newsletter/admin.server";
import { action as articleAction, loader as articleLoader } from "~/routes/($locale)._admin.admin.content_.blog_.$postLocale.$slug";
import { action as newArticleAction } from "~/routes/($locale)._admin.admin.content_.blog_.new";
import { loader as blogDeskLoader } from "~/routes/($locale)._admin.admin.content_.blog";
import { loader as overviewLoader } from "~/routes/($locale)._admin.admin.content";
import { action as faqDeskAction, loader as faqDeskLoader } from "~/routes/($locale)._admin.admin.content_.faq";
import { action as faqEditAction } from "~/routes/($locale)._admin.admin.content_.faq_.$entryId";
import { action as faqNewAction } from "~/routes/($locale)._admin.admin.content_.faq_.new";
import { action as csvAction, loader as csvLoader } from "~/routes/($locale)._admin.admin.content_.subscribers[.]csv";
import { loader as subscribersLoader } from "~/routes/($locale)._admin.admin.content_.subscribers";
import { loader as publicArticleLoader } from "~/routes/($locale)._public.blog.$slug";
import { loader as publicFaqLoader } from "~/routes/($locale)._public.faq";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { PEER_ADDRESS_HEADER } from "~/security/client-address.server";
import { SEED_FAQ, seedFaqId } from "../../db/seed-data/faq";
import { LOYALTY_FAQ, loyaltyFaqId } from "../../db/seed-data/faq-loyalty";
import { backOfficeRoutes, type BackOfficeWho } from "../support/app-database";
import { auditRowsOf } from "../support/audit";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";
import { rowCount } from "../support/row-counts";

const APP = "http://localhost:3000";
const ADMIN_ADDRESS = "203.0.113.9";

const article = (overrides: Record<string, string> = {}) => ({
  locale: "en",
  slug: `spring-savings-${crypto.randomUUID().slice(0, 8)}`,
  title: "Spring savings",
  excerpt: "Five habits that keep your cashback tracked.",
  body: "## Start from Cashwise\n\nClick through right before you buy.\n\n- one\n- two\n\n<script>alert(1)</script>",
  author: "Cashwise Team",
  cover: "/images/blog/cashback.svg",
  ...overrides,
});

describe("the article form", () => {
  it("wants a slug of lowercase words, the texts, a known cover; a body's reading time is counted in words", () => {
    const refused = NewArticleSchema.safeParse({
      ...article({ slug: "Not a slug!", cover: "https://evil.example/x.png", title: " " }),
      locale: "xx",
    });
    expect(refused.success).toBe(false);
    const fields = Object.keys(refused.error!.flatten().fieldErrors).sort();
    expect(fields).toEqual(["cover", "locale", "slug", "title"]);
    expect(EditArticleSchema.safeParse(article({ slug: "new" })).success).toBe(false);
    expect(EditArticleSchema.parse(article({ cover: undefined as unknown as string })).cover).toBeNull();
    expect(readingMinutes("word ".repeat(1_000))).toBe(5);
    expect(readingMinutes("")).toBe(1);
  });
});

describeEachDatabase("the admin's content screens", (t) => {
  const routes = backOfficeRoutes(t, APP, ADMIN_ADDRESS);
  const { actor, cookies } = routes;
  const get = (path: string, who: BackOfficeWho = "admin") => routes.get(path, who);
  const post = (path: string, body: Record<string, string>, who: BackOfficeWho = "admin") => routes.post(path, who, body);

  const auditRows = (subject: string) => auditRowsOf(t.db, subject);
  const auditCount = () => rowCount(t.db, "audit_log");
  /** The new-article form posted with `body` (as the admin, unless `who` is given). */
  const newArticle = (body: Record<string, string>, who: BackOfficeWho = "admin") =>
    newArticleAction({ request: post("/en/admin/content/blog/new", body, who), params: { locale: "en" }, context: {} });
  const faqPath = (language: string) => `/en/admin/content/faq?language=${language}`;
  /** Runs a change and returns what it answered and the audit rows it added. */
  async function audited(run: () => Promise<unknown>) {
    const before = await auditCount();
    const result = await answer(run);
    return { result, added: (await auditCount()) - before };
  }

  describe("blog", () => {
    const publicArticle = (locale: string, slug: string) =>
      answer(() => publicArticleLoader({ request: get(`/${locale}/blog/${slug}`, "anonymous"), params: { locale, slug }, context: {} }));
    const sitemap = async () => (await (sitemapLoader as () => Promise<Response>)()).text();
    const onPublicList = async (locale: string, slug: string) =>
      (await listPosts(t.db, { locale, pageSize: 1_000 })).items.some((post) => post.slug === slug);

    it("Preview renders the Markdown like the public page and saves nothing; errors keep what was typed", async () => {
      const input = article();
      const { result, added } = await audited(() => newArticle({ ...input, intent: "preview" }));
      expect(result.status).toBe(200);
      expect(result.body.preview.html).toContain("<h2>Start from Cashwise</h2>");
      expect(result.body.preview.html).toContain("<li>one</li>");
      expect(result.body.preview.html).not.toContain("<script");
      expect(result.body.result.initialValue).toMatchObject({ title: input.title, body: input.body });
      expect(added).toBe(0);
      expect(await t.db.selectFrom("blogPosts").select("id").where("slug", "=", input.slug).executeTakeFirst()).toBeUndefined();

      const refused = await answer(() => newArticle({ ...input, title: "", intent: "save" }));
      expect(refused.status).toBe(400);
      expect(refused.body.result.error.title).toEqual(["content:blog.errors.titleRequired"]);
      expect(refused.body.result.initialValue).toMatchObject({ slug: input.slug, excerpt: input.excerpt });
    });

    it("a saved article is a draft: not on the public list, page or sitemap, one audit row", async () => {
      const input = article();
      const { result, added } = await audited(() => newArticle({ ...input, intent: "save" }));
      expect(result.status).toBe(302);
      expect(result.location).toBe(`/en/admin/content/blog/en/${input.slug}`);
      expect(added).toBe(1);
      const row = await t.db.selectFrom("blogPosts").selectAll().where("slug", "=", input.slug).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "draft", locale: "en", title: input.title, cover: input.cover });
      expect(await auditRows(`blog_post:${row.id}`)).toEqual([
        {
          action: "blog.created",
          actorId: actor.id,
          clientAddress: ADMIN_ADDRESS,
          before: null,
          after: expect.objectContaining({ locale: "en", slug: input.slug, title: input.title, status: "draft" }),
          details: { locale: "en", slug: input.slug },
        },
      ]);
      expect(await onPublicList("en", input.slug)).toBe(false);
      expect(await getPost(t.db, "en", input.slug)).toBeUndefined();
      expect((await publicArticle("en", input.slug)).status).toBe(404);
      expect((await listPublishedSlugs(t.db)).some((post) => post.slug === input.slug)).toBe(false);
      expect(await sitemap()).not.toContain(input.slug);
      // The back office sees it, drafts first.
      expect((await listPostsForAdmin(t.db, { status: "draft" })).items.map((post) => post.slug)).toContain(input.slug);
      const page = await answer(() =>
        articleLoader({
          request: get(`/en/admin/content/blog/en/${input.slug}`),
          params: { locale: "en", postLocale: "en", slug: input.slug },
          context: {},
        }),
      );
      expect(page.body.post).toMatchObject({ status: "draft", title: input.title });
    });

    it("Publish puts it on the public list, page and sitemap; Unpublish takes it off (404); each one audit row", async () => {
      const input = article({ locale: "de", slug: `fruehling-${crypto.randomUUID().slice(0, 8)}` });
      await answer(() => newArticle({ ...input, intent: "save" }));
      const id = (await t.db.selectFrom("blogPosts").select("id").where("slug", "=", input.slug).executeTakeFirstOrThrow()).id;
      const path = `/en/admin/content/blog/de/${input.slug}`;
      const params = { locale: "en", postLocale: "de", slug: input.slug };

      const published = await audited(() => articleAction({ request: post(path, { intent: "publish" }), params, context: {} }));
      expect(published.result).toMatchObject({ status: 302, location: path });
      expect(published.added).toBe(1);
      expect(await onPublicList("de", input.slug)).toBe(true);
      expect(await onPublicList("en", input.slug)).toBe(false);
      const page = await publicArticle("de", input.slug);
      expect(page.status).toBe(200);
      expect(page.body.post.title).toBe(input.title);
      expect(page.body.html).toContain("<h2>Start from Cashwise</h2>");
      expect(await sitemap()).toContain(`/de/blog/${input.slug}</loc>`);
      const publishRow = (await auditRows(`blog_post:${id}`)).find((row) => row.action === "blog.published")!;
      expect(publishRow).toMatchObject({
        actorId: actor.id,
        clientAddress: ADMIN_ADDRESS,
        before: { status: "draft" },
        after: { status: "published" },
      });
      expect(Date.parse(publishRow.after.publishedAt)).toBeGreaterThan(Date.now() - 60_000);

      // Publishing what is published changes nothing.
      const again = await audited(() => articleAction({ request: post(path, { intent: "publish" }), params, context: {} }));
      expect(again).toMatchObject({ result: { status: 302 }, added: 0 });

      const unpublished = await audited(() => articleAction({ request: post(path, { intent: "unpublish" }), params, context: {} }));
      expect(unpublished.added).toBe(1);
      expect((await publicArticle("de", input.slug)).status).toBe(404);
      expect(await onPublicList("de", input.slug)).toBe(false);
      expect(await sitemap()).not.toContain(input.slug);
      expect((await auditRows(`blog_post:${id}`)).map((row) => row.action)).toEqual(["blog.created", "blog.published", "blog.unpublished"]);
      expect((await auditRows(`blog_post:${id}`)).at(-1)).toMatchObject({ before: { status: "published" }, after: { status: "draft" } });
    });

    it("an edit writes one audit row with only the changed fields; saving nothing changed writes none", async () => {
      const input = article();
      await answer(() => newArticle({ ...input, intent: "save" }));
      const id = (await t.db.selectFrom("blogPosts").select("id").where("slug", "=", input.slug).executeTakeFirstOrThrow()).id;
      const path = `/en/admin/content/blog/en/${input.slug}`;
      const params = { locale: "en", postLocale: "en", slug: input.slug };
      const { locale: _locale, ...fields } = input;

      const preview = await audited(() =>
        articleAction({ request: post(path, { ...fields, title: "Spring savings, revised", intent: "preview" }), params, context: {} }),
      );
      expect(preview.added).toBe(0);
      expect(preview.result.body.preview.title).toBe("Spring savings, revised");

      const saved = await audited(() =>
        articleAction({ request: post(path, { ...fields, title: "Spring savings, revised", intent: "save" }), params, context: {} }),
      );
      expect(saved).toMatchObject({ result: { status: 302, location: path }, added: 1 });
      expect((await auditRows(`blog_post:${id}`)).at(-1)).toEqual({
        action: "blog.updated",
        actorId: actor.id,
        clientAddress: ADMIN_ADDRESS,
        before: { title: "Spring savings" },
        after: { title: "Spring savings, revised" },
        details: { locale: "en", slug: input.slug },
      });
      const unchanged = await audited(() =>
        articleAction({ request: post(path, { ...fields, title: "Spring savings, revised", intent: "save" }), params, context: {} }),
      );
      expect(unchanged.added).toBe(0);

      // A slug another English article has is refused on its field, and nothing is written.
      const other = article();
      await answer(() => newArticle({ ...other, intent: "save" }));
      const taken = await audited(() =>
        articleAction({ request: post(path, { ...fields, slug: other.slug, intent: "save" }), params, context: {} }),
      );
      expect(taken.result.status).toBe(409);
      expect(taken.result.body.result.error.slug).toEqual(["content:blog.errors.slugTaken"]);
      expect(taken.added).toBe(0);
      const again = await audited(() => newArticle({ ...other, intent: "save" }));
      expect(again.result.status).toBe(409);
      expect(again.added).toBe(0);
      // The same slug in another language is another article.
      const dutch = await audited(() => newArticle({ ...other, locale: "nl", intent: "save" }));
      expect(dutch).toMatchObject({ result: { status: 302 }, added: 1 });
    });

    it("the domain functions: one audit row per change, none for no change", async () => {
      const input = NewArticleSchema.parse(article());
      const created = await unitOfWork(t.db, (tx) => createPost(tx, { actor, input }));
      const rows = async () => (await auditRows(`blog_post:${created.id}`)).length;
      expect(await rows()).toBe(1);
      expect(await unitOfWork(t.db, (tx) => setPostStatus(tx, { actor, postId: created.id, status: "draft" }))).toBe("unchanged");
      expect(await unitOfWork(t.db, (tx) => setPostStatus(tx, { actor, postId: created.id, status: "published" }))).toBe("published");
      expect((await unitOfWork(t.db, (tx) => updatePost(tx, { actor, postId: created.id, input }))).outcome).toBe("unchanged");
      expect(
        (await unitOfWork(t.db, (tx) => updatePost(tx, { actor, postId: created.id, input: { ...input, excerpt: "New excerpt." } })))
          .outcome,
      ).toBe("updated");
      expect(await rows()).toBe(3);
      expect(await unitOfWork(t.db, (tx) => setPostStatus(tx, { actor, postId: crypto.randomUUID(), status: "published" }))).toBe(
        "notFound",
      );
    });

    it("the seeded launch articles stay published; the desk and overview count drafts and published", async () => {
      const desk = await answer(() =>
        blogDeskLoader({ request: get("/en/admin/content/blog?status=draft&language=en"), params: { locale: "en" }, context: {} }),
      );
      expect(desk.body.filter).toEqual({ language: "en", status: "draft" });
      expect(
        desk.body.posts.items.every((post: { status: string; locale: string }) => post.status === "draft" && post.locale === "en"),
      ).toBe(true);
      const overview = await answer(() => overviewLoader({ request: get("/en/admin/content"), params: { locale: "en" }, context: {} }));
      const drafts = (await listPostsForAdmin(t.db, { status: "draft" })).total;
      expect(overview.body.posts.draft).toBe(drafts);
      expect(overview.body.faq.total).toBeGreaterThanOrEqual(100);
    });
  });

  describe("FAQ", () => {
    const publicFaq = async (locale: string, q = "") =>
      (
        await answer(() =>
          publicFaqLoader({
            request: get(`/${locale}/faq${q ? `?q=${encodeURIComponent(q)}` : ""}`, "anonymous"),
            params: { locale },
            context: {},
          }),
        )
      ).body.categories as Array<{ id: string; title: string; questions: Array<{ question: string; answer: string }> }>;
    const deskPost = (language: string, body: Record<string, string>) =>
      faqDeskAction({ request: post(faqPath(language), body), params: { locale: "en" }, context: {} });

    it("the migrations filled it with the questions the translation files held and the loyalty questions: same order, all published, stable ids", async () => {
      for (const locale of LOCALES) {
        const categories = await publicFaq(locale);
        const expected = FAQ_CATEGORIES.map((id) => ({
          id,
          questions:
            id === "loyalty"
              ? LOYALTY_FAQ[locale]
              : SEED_FAQ[locale].filter((entry) => entry.category === id).map(({ question, answer }) => ({ question, answer })),
        }));
        expect(categories.map(({ id, questions }) => ({ id, questions }))).toEqual(expected);
        expect(categories.reduce((sum, category) => sum + category.questions.length, 0)).toBe(24);
        const ids = (await listFaqForAdmin(t.db, locale)).flatMap((group) => group.entries.map((entry) => entry.id)).sort();
        expect(ids).toEqual(
          [
            ...SEED_FAQ[locale].map((_, index) => seedFaqId(locale, index)),
            ...LOYALTY_FAQ[locale].map((_, index) => loyaltyFaqId(locale, index)),
          ].sort(),
        );
      }
      const english = await publicFaq("en");
      expect(english.map((category) => category.title)).toEqual([
        "General",
        "Cashback",
        "Loyalty points",
        "Wallet and withdrawals",
        "Account and security",
        "Ad tools",
      ]);
      expect(english[0]!.questions[0]!.question).toBe("What is Cashwise?");
      expect((await publicFaq("de"))[0]!.title).toBe("Allgemein");
      // The search still filters the questions, case-insensitively.
      const found = await publicFaq("en", "WITHDRAW");
      expect(found.flatMap((category) => category.questions).length).toBeGreaterThan(0);
      expect(
        found
          .flatMap((category) => category.questions)
          .every((item) => `${item.question} ${item.answer}`.toLowerCase().includes("withdraw")),
      ).toBe(true);
    });

    it("an edited answer shows on the public FAQ; one audit row with the answer before and after", async () => {
      const id = seedFaqId("fr", 1);
      const entry = await t.db.selectFrom("faqEntries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const answerText = "Cashwise s'adresse à tous ceux qui achètent en ligne, et aux entreprises.";
      const { result, added } = await audited(() =>
        faqEditAction({
          request: post(`/en/admin/content/faq/${id}`, { category: entry.category, question: entry.question, answer: answerText }),
          params: { locale: "en", entryId: id },
          context: {},
        }),
      );
      expect(result.status).toBe(302);
      expect(result.location).toBe(`/en/admin/content/faq?language=fr#faq-entry-${id}`);
      expect(added).toBe(1);
      expect((await publicFaq("fr"))[0]!.questions[1]).toEqual({ question: entry.question, answer: answerText });
      expect(await auditRows(`faq_entry:${id}`)).toEqual([
        {
          action: "faq.updated",
          actorId: actor.id,
          clientAddress: ADMIN_ADDRESS,
          before: { answer: entry.answer },
          after: { answer: answerText },
          details: { locale: "fr" },
        },
      ]);
      // The same again changes nothing.
      const same = await audited(() =>
        faqEditAction({
          request: post(`/en/admin/content/faq/${id}`, { category: entry.category, question: entry.question, answer: answerText }),
          params: { locale: "en", entryId: id },
          context: {},
        }),
      );
      expect(same.added).toBe(0);
      const refused = await answer(() =>
        faqEditAction({
          request: post(`/en/admin/content/faq/${id}`, { category: "weapons", question: "", answer: "x" }),
          params: { locale: "en", entryId: id },
          context: {},
        }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.result.error).toMatchObject({
        category: ["content:faq.errors.categoryRequired"],
        question: ["content:faq.errors.questionRequired"],
      });
    });

    it("moving up and down reorders the category on the public FAQ; the ends do not move; one audit row each", async () => {
      const order = async () =>
        (await publicFaq("es")).find((category) => category.id === "cashback")!.questions.map((item) => item.question);
      const before = await order();
      const second = seedFaqId("es", 5);
      const moved = await audited(() => deskPost("es", { intent: "up", entryId: second }));
      expect(moved).toMatchObject({ result: { status: 302 }, added: 1 });
      expect(await order()).toEqual([before[1], before[0], before[2], before[3]]);
      expect((await auditRows(`faq_entry:${second}`)).at(-1)).toMatchObject({
        action: "faq.moved",
        before: { position: 1 },
        after: { position: 0 },
        clientAddress: ADMIN_ADDRESS,
      });
      // Now first: up changes nothing.
      expect((await audited(() => deskPost("es", { intent: "up", entryId: second }))).added).toBe(0);
      expect((await audited(() => deskPost("es", { intent: "down", entryId: second }))).added).toBe(1);
      expect((await audited(() => deskPost("es", { intent: "down", entryId: second }))).added).toBe(1);
      expect(await order()).toEqual([before[0], before[2], before[1], before[3]]);
      const last = seedFaqId("es", 7);
      expect((await audited(() => deskPost("es", { intent: "down", entryId: last }))).added).toBe(0);
      // Other languages are untouched.
      expect((await publicFaq("nl"))[1]!.questions.map((item) => item.question)).toEqual(
        SEED_FAQ.nl.filter((entry) => entry.category === "cashback").map((entry) => entry.question),
      );
    });

    it("unpublish hides a question from the public FAQ (the desk still lists it), publish shows it again, delete removes it", async () => {
      const id = seedFaqId("nl", 19);
      const question = SEED_FAQ.nl[19]!.question;
      const isPublic = async () =>
        (await publicFaq("nl")).some((category) => category.questions.some((item) => item.question === question));
      expect(await isPublic()).toBe(true);
      expect((await audited(() => deskPost("nl", { intent: "unpublish", entryId: id }))).added).toBe(1);
      expect(await isPublic()).toBe(false);
      const desk = await answer(() => faqDeskLoader({ request: get(faqPath("nl")), params: { locale: "en" }, context: {} }));
      expect(desk.body.language).toBe("nl");
      const listed = desk.body.groups.flatMap((group: { entries: Array<{ id: string; published: boolean }> }) => group.entries);
      expect(listed.find((entry: { id: string }) => entry.id === id)).toMatchObject({ published: false });
      expect((await audited(() => deskPost("nl", { intent: "unpublish", entryId: id }))).added).toBe(0);
      expect((await audited(() => deskPost("nl", { intent: "publish", entryId: id }))).added).toBe(1);
      expect(await isPublic()).toBe(true);
      const deleted = await audited(() => deskPost("nl", { intent: "delete", entryId: id }));
      expect(deleted).toMatchObject({ result: { status: 302, location: "/en/admin/content/faq?language=nl" }, added: 1 });
      expect(await isPublic()).toBe(false);
      expect(await t.db.selectFrom("faqEntries").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
      expect((await auditRows(`faq_entry:${id}`)).map((row) => row.action)).toEqual(["faq.unpublished", "faq.published", "faq.deleted"]);
      expect((await auditRows(`faq_entry:${id}`)).at(-1)).toMatchObject({
        before: { question, locale: "nl", published: true },
        after: null,
      });
      expect((await answer(() => deskPost("nl", { intent: "delete", entryId: id }))).status).toBe(404);
    });

    it("a new question goes to the end of its category, published or hidden as chosen", async () => {
      const added = await audited(() =>
        faqNewAction({
          request: post("/en/admin/content/faq/new", {
            locale: "de",
            category: "tools",
            question: "Gibt es eine API?",
            answer: "Noch nicht.",
            published: "on",
          }),
          params: { locale: "en" },
          context: {},
        }),
      );
      expect(added.added).toBe(1);
      expect(added.result.location).toMatch(/^\/en\/admin\/content\/faq\?language=de#faq-entry-/);
      const tools = (await publicFaq("de")).find((category) => category.id === "tools")!;
      expect(tools.questions.at(-1)).toEqual({ question: "Gibt es eine API?", answer: "Noch nicht." });
      const hidden = await unitOfWork(t.db, (tx) =>
        createFaqEntry(tx, { actor, input: { locale: "de", category: "tools", question: "Verborgen?", answer: "Ja.", published: false } }),
      );
      expect(hidden.position).toBe(5);
      expect((await publicFaq("de")).find((category) => category.id === "tools")!.questions).toHaveLength(5);
      expect((await auditRows(`faq_entry:${hidden.id}`))[0]).toMatchObject({
        action: "faq.created",
        before: null,
        after: { published: false, position: 5, locale: "de" },
      });
      expect(
        (await listPublishedFaq(t.db, "de")).find((category) => category.id === "tools")!.questions.map((item) => item.question),
      ).not.toContain("Verborgen?");
    });
  });

  describe("newsletter subscribers", () => {
    const timestamp = () => new Date().toISOString();
    async function subscriber(
      email: string,
      status: "pending" | "confirmed" | "unsubscribed",
      locale = "en",
      confirmedAt: string | null = null,
    ) {
      await t.db
        .insertInto("newsletterSubscriptions")
        .values({
          id: crypto.randomUUID(),
          email,
          locale,
          status,
          confirmTokenHash: null,
          confirmExpiresAt: null,
          confirmedAt,
          unsubscribedAt: status === "unsubscribed" ? timestamp() : null,
          createdAt: timestamp(),
          updatedAt: timestamp(),
        })
        .execute();
    }

    beforeAll(async () => {
      await subscriber("confirmed.one@example.com", "confirmed", "nl", "2026-11-01T10:00:00.000Z");
      await subscriber("=HYPERLINK(1)@example.com", "confirmed", "de", "2026-11-02T10:00:00.000Z");
      await subscriber("waiting@example.com", "pending");
      await subscriber("gone@example.com", "unsubscribed", "fr", "2026-10-01T10:00:00.000Z");
    });

    it("lists subscriptions with counts per status and a status filter", async () => {
      expect(await countSubscribers(t.db)).toEqual({ pending: 1, confirmed: 2, unsubscribed: 1 });
      expect((await listSubscribers(t.db, { status: "confirmed" })).items.map((row) => row.email).sort()).toEqual([
        "=HYPERLINK(1)@example.com",
        "confirmed.one@example.com",
      ]);
      const page = await answer(() =>
        subscribersLoader({ request: get("/en/admin/content/subscribers?status=pending"), params: { locale: "en" }, context: {} }),
      );
      expect(page.body.status).toBe("pending");
      expect(page.body.counts).toEqual({ pending: 1, confirmed: 2, unsubscribed: 1 });
      expect(page.body.subscribers.items.map((row: { email: string }) => row.email)).toEqual(["waiting@example.com"]);
    });

    it("Export CSV answers an attachment with only the confirmed subscribers, formulas escaped, and one audit row", async () => {
      const { result, added } = await audited(() =>
        csvAction({ request: post("/en/admin/content/subscribers.csv", {}), params: { locale: "en" }, context: {} }),
      );
      expect(result.status).toBe(200);
      expect(result.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(result.headers.get("Content-Disposition")).toMatch(
        /^attachment; filename="cashwise-newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(result.headers.get("Cache-Control")).toBe("no-store");
      const bytes = Buffer.from(await result.response!.arrayBuffer());
      // A UTF-8 byte order mark first, so spreadsheet programs read UTF-8.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parseCsv(bytes.subarray(3).toString("utf8")) as string[][];
      expect(rows).toEqual([
        ["Email", "Language", "Confirmed at (UTC)"],
        ["confirmed.one@example.com", "nl", "2026-11-01T10:00:00.000Z"],
        ["'=HYPERLINK(1)@example.com", "de", "2026-11-02T10:00:00.000Z"],
      ]);
      expect(added).toBe(1);
      expect(await auditRows("newsletter")).toEqual([
        {
          action: "newsletter.exported",
          actorId: actor.id,
          clientAddress: ADMIN_ADDRESS,
          before: null,
          after: null,
          details: { status: "confirmed", count: 2 },
        },
      ]);
      // In German, the header row is German.
      const german = await answer(() =>
        csvAction({ request: post("/de/admin/content/subscribers.csv", {}), params: { locale: "de" }, context: {} }),
      );
      expect(
        (
          parseCsv(
            Buffer.from(await german.response!.arrayBuffer())
              .subarray(3)
              .toString("utf8"),
          ) as string[][]
        )[0],
      ).toEqual(["E-Mail-Adresse", "Sprache", "Bestätigt am (UTC)"]);
      // A GET is sent to the subscribers page.
      expect(
        await answer(() => csvLoader({ request: get("/en/admin/content/subscribers.csv"), params: { locale: "en" }, context: {} })),
      ).toMatchObject({ status: 302, location: "/en/admin/content/subscribers" });
    });
  });

  describe("who may", () => {
    it("members get 403, visitors go to the admin sign-in, admins without 2FA to its set-up, and nothing is written", async () => {
      const slug = `refused-${crypto.randomUUID().slice(0, 8)}`;
      const before = await auditCount();
      for (const who of ["member", "anonymous", "adminWithout2fa"] as const) {
        const runs = [
          answer(() => overviewLoader({ request: get("/en/admin/content", who), params: { locale: "en" }, context: {} })),
          answer(() => blogDeskLoader({ request: get("/en/admin/content/blog", who), params: { locale: "en" }, context: {} })),
          answer(() => newArticle({ ...article({ slug }), intent: "save" }, who)),
          answer(() =>
            faqDeskAction({
              request: post(faqPath("en"), { intent: "delete", entryId: seedFaqId("en", 0) }, who),
              params: { locale: "en" },
              context: {},
            }),
          ),
          answer(() =>
            faqNewAction({
              request: post("/en/admin/content/faq/new", { locale: "en", category: "general", question: "Q?", answer: "A." }, who),
              params: { locale: "en" },
              context: {},
            }),
          ),
          answer(() => csvAction({ request: post("/en/admin/content/subscribers.csv", {}, who), params: { locale: "en" }, context: {} })),
          answer(() => subscribersLoader({ request: get("/en/admin/content/subscribers", who), params: { locale: "en" }, context: {} })),
        ];
        for (const result of await Promise.all(runs)) {
          if (who === "member") expect(result.status).toBe(403);
          else if (who === "anonymous") expect(result.location).toMatch(/^\/en\/admin\?redirectTo=/);
          else expect(result.location).toMatch(/^\/en\/admin\/two-factor\?redirectTo=/);
        }
      }
      expect(await auditCount()).toBe(before);
      expect(await t.db.selectFrom("blogPosts").select("id").where("slug", "=", slug).executeTakeFirst()).toBeUndefined();
      expect(await t.db.selectFrom("faqEntries").select("id").where("id", "=", seedFaqId("en", 0)).executeTakeFirst()).toBeDefined();
    });

    it("a post from another site is refused before anything happens", async () => {
      const request = new Request(`${APP}/en/admin/content/subscribers.csv`, {
        method: "POST",
        headers: { Origin: "https://evil.example", Cookie: cookies.admin, [PEER_ADDRESS_HEADER]: ADMIN_ADDRESS },
        body: new URLSearchParams({}),
      });
      const before = await auditCount();
      expect((await answer(() => csvAction({ request, params: { locale: "en" }, context: {} }))).status).toBe(403);
      expect(await auditCount()).toBe(before);
    });
  });
});
