/**
 * The demo seed's ad imports (db/seed.ts) against a real database: the sample exports of "Northwind
 * Outdoor" are imported into the demo user's first client account through the real import, once
 * (running the seed again, even a day later, imports nothing more), with rows of every kind, and the
 * demo user can open the ad tools on a fresh seed (the free trial).
 */
import { sql } from "kysely";
import { expect, it } from "vitest";
import { listClientAccounts } from "~/ads/accounts.server";
import { competitorReport } from "~/ads/competitors.server";
import { listImports } from "~/ads/imports.server";
import { keywordFigures } from "~/ads/keywords/keywords.server";
import { pacingReport } from "~/ads/pacing.server";
import { SAMPLE_CAMPAIGNS } from "~/ads/sample/generate";
import { hasAdToolsAccess } from "~/plans/subscriptions.server";
import { findUserByEmail } from "~/users/users.server";
import { DEMO_USER, seedDemoData } from "../../db/seed";
import { describeEachDatabase } from "../support/databases";

const NOW = Date.UTC(2026, 4, 10, 9, 30);

describeEachDatabase("demo seed: ad imports", (t) => {
  it("imports the sample exports into the demo user's client account once, with rows of every kind", async () => {
    const first = await seedDemoData(t.db, NOW);
    const line = first.created.find((item) => item.startsWith("demo ad imports"));
    expect(line).toMatch(/^demo ad imports \(9 files, \d+ rows, \d+ tips\)$/);

    const demo = (await findUserByEmail(t.db, DEMO_USER.email))!;
    const accounts = await listClientAccounts(t.db, demo.id);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ name: "Northwind Outdoor", currency: "USD" });
    const account = (await listClientAccounts(t.db, demo.id))[0]!;
    expect(account).toMatchObject({ industry: "sports-recreation", timeZone: "America/New_York" });
    const clientAccountId = accounts[0]!.id;

    const imports = await listImports(t.db, demo.id, { clientAccountId });
    expect(imports.map((item) => [item.platform, item.kind, item.status]).sort()).toEqual(
      [
        ["google", "campaign", "imported"],
        ["google", "keyword", "imported"],
        ["google", "search-term", "imported"],
        ["google", "ad", "imported"],
        ["google", "editor-keywords", "imported"],
        ["google", "editor-campaigns", "imported"],
        ["meta", "ad-group", "imported"],
        ["google", "auction-insights", "imported"],
        ["google", "keyword-planner", "imported"],
      ].sort(),
    );
    // 90 days up to the day before "now" (UTC).
    expect(imports.find((item) => item.kind === "campaign")).toMatchObject({
      granularity: "day",
      periodStart: "2026-02-09",
      periodEnd: "2026-05-09",
    });

    const counts = await t.db
      .selectFrom("adRows")
      .select(["kind", sql<string | number>`count(*)`.as("n")])
      .where("clientAccountId", "=", clientAccountId)
      .groupBy("kind")
      .execute();
    const byKind = Object.fromEntries(counts.map((row) => [row.kind, Number(row.n)]));
    expect(Object.keys(byKind).sort()).toEqual([
      "ad",
      "ad-group",
      "auction-insights",
      "campaign",
      "editor-campaigns",
      "editor-keywords",
      "keyword",
      "keyword-planner",
      "search-term",
    ]);
    expect(byKind.campaign).toBeGreaterThan(400);
    expect(byKind["ad-group"]).toBe(360);
    const rows = Object.values(byKind).reduce((a, b) => a + b, 0);
    const tips = await t.db.selectFrom("adTips").select(["kind", "status"]).where("clientAccountId", "=", clientAccountId).execute();
    expect(line).toBe(`demo ad imports (9 files, ${rows} rows, ${tips.length} tips)`);
    // The newcomer finds an audit and open tips of each kind the sample data calls for.
    expect(await t.db.selectFrom("adAudits").select("id").where("clientAccountId", "=", clientAccountId).execute()).toHaveLength(1);
    expect(new Set(tips.map((tip) => tip.kind))).toEqual(
      expect.objectContaining(new Set(["raise-budget", "add-negatives", "pause-keywords"])),
    );

    // The competitors page has a story: one competitor gaining share, one new entrant.
    const competitors = await competitorReport(t.db, demo.id, clientAccountId);
    expect(competitors.periods.length).toBeGreaterThanOrEqual(12);
    expect(competitors.you).not.toBeNull();
    expect(competitors.competitors.filter((c) => c.gainingShare).map((c) => c.domain)).toEqual(["peakoutfitters.example"]);
    expect(competitors.competitors.filter((c) => c.newEntrant).map((c) => c.domain)).toEqual(["basecampdirect.example"]);
    // Budget pacing (#28) has a story: every Google campaign with its daily budget and this month's days,
    // the budget-limited one on pace, the paused one paused.
    const pacing = await pacingReport(t.db, demo.id, clientAccountId, { nowMs: NOW });
    expect(pacing.month).toBe("2026-05");
    expect(pacing.campaigns.map((c) => c.campaign)).toEqual([...SAMPLE_CAMPAIGNS].sort((a, b) => a.localeCompare(b)));
    expect(pacing.campaigns.every((c) => c.pace.dataThrough === "2026-05-09" && c.pace.dailyBudgetCents > 0)).toBe(true);
    const statusOf = (name: string) => pacing.campaigns.find((c) => c.campaign === name)!.pace.status;
    expect([statusOf("Generic - Hiking Gear"), statusOf("Clearance Sale")]).toEqual(["on-pace", "paused"]);
    // The keyword generator finds measured volumes for the shop's seeds.
    const figures = await keywordFigures(t.db, clientAccountId, ["hiking boots", "sleeping bag", "no such keyword anywhere"]);
    expect(figures.get("hiking boots")).toMatchObject({ source: "keyword-planner", planner: { searchVolume: 49_500 } });
    expect(figures.get("sleeping bag")).toMatchObject({ source: "keyword-planner", planner: { searchVolume: 60_500 } });
    expect(figures.get("no such keyword anywhere")?.source ?? "none").toBe("none");

    // The free trial opens the ad tools on a fresh seed.
    expect(await hasAdToolsAccess(t.db, demo.id)).toBe(true);

    // Again (a day later): nothing more is imported.
    const second = await seedDemoData(t.db, NOW + 86_400_000);
    expect(second.created).toEqual([]);
    expect(await listImports(t.db, demo.id, { clientAccountId })).toHaveLength(9);
    const after = await t.db
      .selectFrom("adRows")
      .select(sql<string | number>`count(*)`.as("n"))
      .where("clientAccountId", "=", clientAccountId)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(rows);
  });
});
