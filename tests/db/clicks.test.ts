/**
 * "Shop now": every click is recorded with an unguessable id that goes to the store's tracking
 * link in the network's own sub-id parameter; bots are recorded and marked; paused stores and the
 * sandbox network outside demo/test installations record nothing.
 */
import { describe, expect, it } from "vitest";
import { clickOut, getClick, hashAddress, trackingUrlFor } from "~/cashback/clicks.server";
import { SEED_STORES } from "../../db/seed-data/stores";
import { seedContent } from "../../db/seed";
import { describeEachDatabase } from "../support/databases";
import { inTx, newUser } from "../support/ledger";

const APP_URL = new URL("http://localhost:3000");
const SECRET = "test-secret-0123456789-0123456789";
const store = SEED_STORES[0]!;
const base = {
  clientAddress: "203.0.113.7",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36",
  secret: SECRET,
  appUrl: APP_URL,
  sandboxAllowed: true,
};

describe("tracking links", () => {
  const clickId = "AbC_123-xyz";
  it("fills {clickId} in a template, or adds the network's own sub-id parameter", () => {
    expect(
      trackingUrlFor(
        { slug: "s", network: "awin", trackingUrl: "https://www.awin1.com/cread.php?awinmid=1&awinaffid=2&clickref={clickId}" },
        clickId,
        APP_URL,
      ),
    ).toBe(`https://www.awin1.com/cread.php?awinmid=1&awinaffid=2&clickref=${clickId}`);
    const param = (network: "awin" | "impact" | "cj" | "rakuten") =>
      new URL(trackingUrlFor({ slug: "s", network, trackingUrl: "https://track.example/c/1/2/3?x=1" }, clickId, APP_URL)!).searchParams;
    expect(param("awin").get("clickref")).toBe(clickId);
    expect(param("impact").get("subId1")).toBe(clickId);
    expect(param("cj").get("sid")).toBe(clickId);
    expect(param("rakuten").get("u1")).toBe(clickId);
    expect(param("impact").get("x")).toBe("1");
  });

  it("sends the sandbox network to its merchant page on this server; refuses links that are not web links", () => {
    expect(trackingUrlFor({ slug: "larkstitch", network: "sandbox", trackingUrl: null }, clickId, APP_URL)).toBe(
      `http://localhost:3000/sandbox/merchant/larkstitch?clickref=${clickId}`,
    );
    expect(trackingUrlFor({ slug: "s", network: "awin", trackingUrl: null }, clickId, APP_URL)).toBeNull();
    expect(trackingUrlFor({ slug: "s", network: "other", trackingUrl: "javascript:alert(1)" }, clickId, APP_URL)).toBeNull();
    expect(trackingUrlFor({ slug: "s", network: "other", trackingUrl: "not a url" }, clickId, APP_URL)).toBeNull();
  });
});

describeEachDatabase("click-out", (t) => {
  it("records each click with its own unguessable id, the store, a hash of the address and the agent", async () => {
    await seedContent(t.db);
    const user = await newUser(t.db, "shopper");
    const first = await inTx(t.db, (tx) => clickOut(tx, { ...base, userId: user, slug: store.slug }));
    const second = await inTx(t.db, (tx) => clickOut(tx, { ...base, userId: user, slug: store.slug }));
    if (first.outcome !== "redirect" || second.outcome !== "redirect")
      throw new Error(`expected redirects, got ${first.outcome}/${second.outcome}`);
    expect(first.clickId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(second.clickId).not.toBe(first.clickId);
    expect(first.url).toBe(`http://localhost:3000/sandbox/merchant/${store.slug}?clickref=${first.clickId}`);
    const row = await t.db.selectFrom("clicks").selectAll().where("id", "=", first.clickId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: user, isBot: 0, ipHash: hashAddress("203.0.113.7", SECRET) });
    expect(row.ipHash).not.toContain("203.0.113.7");
    expect(row.userAgent).toContain("Chrome/130.0");
    expect(await getClick(t.db, first.clickId)).toMatchObject({ slug: store.slug, userId: user });
  });

  it("records a bot's click as a bot's", async () => {
    const user = await newUser(t.db, "crawler");
    const result = await inTx(t.db, (tx) =>
      clickOut(tx, { ...base, userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)", userId: user, slug: store.slug }),
    );
    expect(result).toMatchObject({ outcome: "redirect", bot: true });
    const rows = await t.db.selectFrom("clicks").select("isBot").where("userId", "=", user).execute();
    expect(rows).toEqual([{ isBot: 1 }]);
  });

  it("records nothing for a paused store, the sandbox where it is not allowed, or an unknown store", async () => {
    const user = await newUser(t.db, "refused");
    await t.db.updateTable("stores").set({ active: 0 }).where("slug", "=", store.slug).execute();
    expect(await inTx(t.db, (tx) => clickOut(tx, { ...base, userId: user, slug: store.slug }))).toEqual({
      outcome: "paused",
      store: { name: store.name, slug: store.slug },
    });
    await t.db.updateTable("stores").set({ active: 1 }).where("slug", "=", store.slug).execute();
    expect((await inTx(t.db, (tx) => clickOut(tx, { ...base, sandboxAllowed: false, userId: user, slug: store.slug }))).outcome).toBe(
      "unavailable",
    );
    expect((await inTx(t.db, (tx) => clickOut(tx, { ...base, userId: user, slug: "no-such-store" }))).outcome).toBe("notFound");
    expect(await t.db.selectFrom("clicks").select("id").where("userId", "=", user).execute()).toEqual([]);
  });
});

describe("the member's share", () => {
  it("is 90% of the commission (the odd cent to the member), a conversion's own share where it kept one, never more than the commission", async () => {
    const { cashbackFor } = await import("~/cashback/conversions.server");
    expect(cashbackFor(1_000)).toBe(900);
    expect(cashbackFor(999)).toBe(900);
    expect(cashbackFor(1_000, 7_500)).toBe(750);
    expect(cashbackFor(999, 7_500)).toBe(750);
    expect(cashbackFor(1_000, 12_000)).toBe(1_000);
    expect(cashbackFor(1_000, -5)).toBe(0);
  });
});
