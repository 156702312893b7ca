/**
 * The page cache forgets public pages when what they show changes: each back-office change to a
 * store, an article, a FAQ entry or a setting drops every stored page once its unit of work
 * commits, and a change that rolls back drops nothing. A page rendered while the change was being
 * made is not stored afterwards (its generation is older).
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "page-cache-test-secret-0123456789-0123456789";

import { createPost, setPostStatus } from "~/blog/admin.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createFaqEntry, deleteFaqEntry, setFaqPublished } from "~/help/faq.server";
import { setSetting } from "~/settings/settings.server";
import { createStore, setStoreStatus } from "~/stores/admin.server";
import type { Tx } from "~/db/db.server";
import { pageStore, type CachedPage } from "~/utils/page-cache.server";
import { backOfficeCookies, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";

const PAGE: CachedPage = { body: Buffer.from("<html></html>"), gzip: Buffer.alloc(0), etag: 'W/"p"', headers: [] };

describeEachDatabase("the page cache's invalidation", (t) => {
  let adminId = "";
  useAppDatabase(t, async () => {
    adminId = (await backOfficeCookies(t.db)).adminId;
  });
  const actor = () => ({ id: adminId, clientAddress: null });

  /** Stores a page, runs `change` in a unit of work, and says whether the page survived it. */
  async function survives(change: (tx: Tx) => Promise<unknown>): Promise<boolean> {
    const store = pageStore();
    expect(store.set("/en/test", PAGE, store.generation())).toBe(true);
    const during: number[] = [];
    await unitOfWork(t.db, async (tx) => {
      await change(tx);
      during.push(store.generation());
      // Not before the commit: until then a visitor still sees what is published.
      expect(store.get("/en/test")).toBeDefined();
    });
    const kept = store.get("/en/test") !== undefined;
    // A render that read the content before the commit is refused.
    if (!kept) expect(store.set("/en/test", PAGE, during[0]!)).toBe(false);
    return kept;
  }

  it("drops every page when a store is created or paused", async () => {
    let storeId = "";
    expect(
      await survives(async (tx) => {
        const store = await createStore(tx, {
          adminId,
          status: "active",
          input: {
            name: "Cache Books",
            slug: "cache-books",
            category: "books",
            websiteUrl: "https://cache-books.example",
            network: "awin",
            advertiserId: "1",
            trackingUrl: "https://www.awin1.com/cread.php?awinmid=1&clickref={clickId}",
            rateKind: "percent",
            cashbackRateBps: 500,
            rateFixedCents: null,
            newCustomerRateBps: null,
            categoryRates: [],
            capCents: null,
            confirmationDays: null,
            description: { en: "Books." },
            terms: { en: "Full price only." },
          },
        });
        storeId = store.id;
      }),
    ).toBe(false);
    expect(await survives((tx) => setStoreStatus(tx, { adminId, storeId, status: "paused", clientAddress: null }))).toBe(false);
  });

  it("drops every page when an article is published, and when a FAQ entry is added, hidden or deleted", async () => {
    const post = await unitOfWork(t.db, (tx) =>
      createPost(tx, {
        actor: actor(),
        input: {
          locale: "en",
          slug: "cache-post",
          title: "Cache",
          excerpt: "Cached.",
          body: "Body.",
          author: "Team",
          cover: "/images/blog/wallet.svg",
        },
      }),
    );
    expect(await survives((tx) => setPostStatus(tx, { actor: actor(), postId: post.id, status: "published" }))).toBe(false);
    let entryId = "";
    expect(
      await survives(async (tx) => {
        entryId = (
          await createFaqEntry(tx, {
            actor: actor(),
            input: { locale: "en", category: "general", question: "Cached?", answer: "No.", published: true },
          })
        ).id;
      }),
    ).toBe(false);
    expect(await survives((tx) => setFaqPublished(tx, { actor: actor(), id: entryId, published: false }))).toBe(false);
    expect(await survives((tx) => deleteFaqEntry(tx, { actor: actor(), id: entryId }))).toBe(false);
  });

  it("drops every page when a setting changes", async () => {
    expect(await survives((tx) => setSetting(tx, "cashbackConfirmationDays", 45, adminId))).toBe(false);
  });

  it("keeps the pages when the change rolls back, and when nothing public changed", async () => {
    const store = pageStore();
    store.set("/en/kept", PAGE, store.generation());
    await expect(
      unitOfWork(t.db, async (tx) => {
        await setSetting(tx, "cashbackConfirmationDays", 50, adminId);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(store.get("/en/kept")).toBeDefined();
    expect(await survives(async (tx) => tx.selectFrom("stores").select("id").execute())).toBe(true);
  });
});
