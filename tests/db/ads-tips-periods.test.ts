/**
 * Tips on the right scale (issue #26), on a real database, from Google Ads exports written to the
 * documented layouts (tests/fixtures/ads): an "All time" campaign report beside a 2-day search
 * terms report gives a budget tip from the budget and the lost share only (`budget / (1 − lost)`,
 * at most double), never from the all-time cost over the other import's 2 days; paused, removed
 * and not-eligible campaigns get no tips; a search term is a negative-keyword candidate only when
 * its cost or clicks are significant against the same report's cost per conversion and conversion
 * rate, never when it is an active keyword or already excluded; the saving says it is an estimate
 * and what it is based on, in the reader's language; the applied tip's Editor file lists its terms.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-tips-periods-test-secret-0123456789-0123456789";

import { createClientAccount } from "~/ads/accounts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { tipText } from "~/ads/tip-text";
import { formatDayRange } from "~/utils/dates";
import { applyTip, generateTips, listTips, tipEditorFile, type Tip } from "~/ads/tips.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { fixedT } from "~/i18n/translator.server";
import { loader as fileLoader } from "~/routes/($locale)._app.ads.tips_.$tipId.editor[.]csv";
import { signedInAdvertiser } from "../support/ads";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/ads", name)));

describeEachDatabase("tips on the right scale", (t) => {
  let owner: string;
  let cookie: string;
  let usd: string;
  let eur: string;

  const load = async (clientAccountId: string, name: string) =>
    storeImport(t.db, owner, await stageImport(t.db, { ownerId: owner, clientAccountId, filename: name, bytes: fixture(name) }));

  useAppDatabase(t, async () => {
    ({ id: owner, cookie, clientId: usd } = await signedInAdvertiser(t.db, "periods", "Scale Owner", "Core Shoes"));
    await load(usd, "google-campaign-all-time.csv");
    await load(usd, "google-search-terms-2-days.csv");
    await generateTips(t.db, usd);
    eur = (
      await unitOfWork(t.db, (tx) =>
        createClientAccount(tx, owner, { name: "Laufschuhe GmbH", industry: "all", timeZone: "Europe/Berlin" }),
      )
    ).id;
    await load(eur, "google-search-terms-eur.csv");
    await generateTips(t.db, eur);
  });

  const open = async (clientAccountId: string) => (await listTips(t.db, owner, clientAccountId)).open;
  const budgetTip = (tips: Tip[], campaign: string) => tips.find((tip) => tip.kind === "raise-budget" && tip.subject.campaign === campaign);

  it("raises a budget from the budget and the lost share of an All time report, never from its cost over another import's days", async () => {
    const tip = budgetTip(await open(usd), "Search - Core")!;
    expect(tip).toBeDefined();
    // $75 a day losing 40% to the budget: 75 / (1 − 0.4) = $125, not $17,297.
    expect(tip.evidence).toMatchObject({
      budgetCents: 7500,
      lostIsBudget: 0.4,
      newBudgetCents: 12500,
      raisePerDayCents: 5000,
      cappedBy: "lost-share",
      newBudgetPerMonthCents: 380_000,
      spendPerMonthCents: 152_000,
      days: null,
      periodStart: null,
      periodEnd: null,
    });
    // Ratios of the All time report: $50 a day more at 10 impressions and 1/30 conversion per dollar.
    expect(tip.evidence.moreImpressionsPerWeek).toBe(3500);
    expect(tip.evidence.moreConversionsPerMonth).toBe(50.7);
    // The value of the extra spend at the report's conversion value per cost (2.0).
    expect(tip).toMatchObject({ impactKind: "value", impactCents: 304_000 });
  });

  it("caps a raise at double the budget when the lost share is `> 90%`", async () => {
    const tip = budgetTip(await open(usd), "Search - Saturated")!;
    expect(tip.evidence).toMatchObject({
      budgetCents: 10_000,
      lostIsBudget: 0.9,
      lostBound: "above",
      newBudgetCents: 20_000,
      cappedBy: "double",
    });
  });

  it("gives paused, removed and not-eligible campaigns no tips at all", async () => {
    const tips = await open(usd);
    for (const campaign of ["Search - Old", "Search - Gone", "Search - Blocked"])
      expect(tips.filter((tip) => tip.subject.campaign === campaign)).toEqual([]);
    for (const tip of tips.filter((candidate) => candidate.kind === "raise-budget"))
      expect(Number(tip.evidence.newBudgetCents)).toBeLessThanOrEqual(2 * Number(tip.evidence.budgetCents));
  });

  it("proposes only significant search terms as negatives: never the core term, an active keyword or an excluded term", async () => {
    const tips = (await open(eur)).filter((tip) => tip.kind === "add-negatives");
    expect(tips).toHaveLength(1);
    const [tip] = tips;
    expect(tip!.subject.campaign).toBe("Shoes");
    // The account's cost per conversion in the same report: €825.44 / 28 = €29.48; conversion rate 28 / 558.
    expect(tip!.evidence).toMatchObject({ accountCpaCents: 2948, days: 31, periodStart: "2026-05-01", periodEnd: "2026-05-31" });
    expect(tip!.evidence.terms).toEqual([
      // €40.12 ≥ €29.48 without a conversion.
      { term: "running shoes repair", adGroup: "Running", costCents: 4012, clicks: 18, reason: "cost" },
      // 70 clicks without a conversion at 5.0%: (1 − 0.0502)^70 ≈ 2.7% < 5%.
      { term: "cheap running socks", adGroup: "Socks", costCents: 2100, clicks: 70, reason: "clicks" },
    ]);
    // Not: `trail running shoes` (4 clicks, €6.67) nor the two other small terms, `running shoes` (the phrase keyword itself),
    // `running shoes jobs` (excluded), `buy running shoes` (added).
    expect(tip!.impactCents).toBe(Math.round((6112 / 31) * 30.4));
    expect(tip!.impactKind).toBe("saving");
  });

  it("labels the saving as an estimate with its basis, in the reader's language", async () => {
    const tip = (await open(eur)).find((candidate) => candidate.kind === "add-negatives")!;
    const en = tipText(tip, fixedT("en", "ads-tips"), "en", "EUR");
    expect(en.estimate).toBe(
      `Estimated saving: €59.94 a month, from these terms' cost over the 31 days of the search terms report of ${formatDayRange("2026-05-01", "2026-05-31", "en")}.`,
    );
    expect(en.body).toContain("€29.48");
    const nl = tipText(tip, fixedT("nl", "ads-tips"), "nl", "EUR");
    expect(nl.estimate).toContain("Geschatte besparing");
    expect(nl.estimate).toContain(formatDayRange("2026-05-01", "2026-05-31", "nl"));
    // The budget tip of an All time report says where its figures come from, without a day count.
    const budget = budgetTip(await open(usd), "Search - Core")!;
    const text = tipText(budget, fixedT("en", "ads-tips"), "en", "USD");
    expect(text.body).toContain("from $75.00 to $125.00");
    expect(text.body).toContain("≈ $3,800.00 a month at most");
    expect(text.body).toContain("all time");
  });

  it("gives the applied tips' Editor files: exactly the proposed terms, and the capped budget", async () => {
    const tip = (await open(eur)).find((candidate) => candidate.kind === "add-negatives")!;
    await unitOfWork(t.db, (tx) => applyTip(tx, owner, tip.id));
    const file = await answer(() =>
      fileLoader({
        request: new Request(`${APP}/en/ads/tips/${tip.id}/editor.csv`, { headers: { Cookie: cookie } }),
        params: { locale: "en", tipId: tip.id },
        context: {},
      }),
    );
    expect(file.status).toBe(200);
    expect(parse(await file.response!.text(), { columns: true })).toEqual([
      { Campaign: "Shoes", "Ad Group": "Running", Keyword: "running shoes repair", "Criterion Type": "Negative Exact" },
      { Campaign: "Shoes", "Ad Group": "Socks", Keyword: "cheap running socks", "Criterion Type": "Negative Exact" },
    ]);
    // The budget tip's file sets the capped budget.
    const budget = budgetTip(await open(usd), "Search - Core")!;
    await unitOfWork(t.db, (tx) => applyTip(tx, owner, budget.id));
    expect((await tipEditorFile(t.db, owner, budget.id)).csv).toBe("Campaign,Budget\r\nSearch - Core,125.00\r\n");
  });
});
