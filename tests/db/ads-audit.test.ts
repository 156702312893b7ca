/**
 * The campaign auditor against a real database (app/ads/audit/audit.server.ts): an audit of real
 * imports (Google Ads UI reports, Editor exports, Meta) kept as a snapshot with its imports and an
 * audit-log row; the windows (the latest 30 days of day rows, period exports ending in them); the
 * client account's thresholds change the result; the comparison with the previous audit; nobody
 * but the owner runs or reads an audit or changes its thresholds.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ClientAccountNotFoundError, createClientAccount, ensureWorkspace, getClientAccount } from "~/ads/accounts.server";
import {
  AuditNotFoundError,
  NothingToAuditError,
  ThresholdValidationError,
  auditWithComparison,
  getAudit,
  latestAudit,
  listAudits,
  loadAuditDataset,
  previousAudit,
  runAudit,
  setRuleThresholds,
} from "~/ads/audit/audit.server";
import { runRules } from "~/ads/audit/rules";
import type { AuditSnapshot, CheckResult } from "~/ads/audit/types";
import { stageImport, storeImport } from "~/ads/imports.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createUser } from "~/users/users.server";
import { describeEachDatabase } from "../support/databases";

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/ads", name)));
const check = (audit: AuditSnapshot, ruleId: string): CheckResult => audit.checks.find((c) => c.ruleId === ruleId)!;

/** A Google Ads campaign report segmented by day: `days` days ending 2026-06-14, two campaigns. */
function dailyCampaigns(days: number): Uint8Array {
  const lines = [
    "Campaign report",
    "Day,Campaign,Campaign status,Campaign type,Currency code,Impr.,Clicks,Cost,Conversions,Bid strategy type,Search impr. share,Search lost IS (budget)",
  ];
  const end = Date.parse("2026-06-14T00:00:00Z");
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    // Brand converts every day; Generic stops converting in the last 10 days.
    lines.push(`${day},Brand,Enabled,Search,USD,1000,100,50.00,5,Maximize conversions,85.00%,5.00%`);
    lines.push(`${day},Generic,Enabled,Search,USD,2000,40,80.00,${i >= 10 ? 1 : 0},Manual CPC,40.00%,35.00%`);
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

describeEachDatabase("campaign auditor", (t) => {
  let owner: string;
  let stranger: string;
  let clientId: string;
  let first: AuditSnapshot;

  async function load(clientAccountId: string, filename: string, bytes: Uint8Array) {
    const id = await stageImport(t.db, { ownerId: owner, clientAccountId, filename, bytes });
    return (await storeImport(t.db, owner, id)).importId;
  }

  beforeAll(async () => {
    owner = (await createUser(t.db, { email: "auditor@example.com", name: "Agency", password: "correct horse battery" })).id;
    stranger = (await createUser(t.db, { email: "stranger@example.com", name: "Stranger", password: "correct horse battery" })).id;
    clientId = (await ensureWorkspace(t.db, owner, "Acme Shoes"))[0]!.id;
  });

  it("refuses to audit a client account with nothing imported", async () => {
    await expect(runAudit(t.db, owner, clientId)).rejects.toBeInstanceOf(NothingToAuditError);
    expect(await latestAudit(t.db, owner, clientId)).toBeNull();
  });

  it("audits real imports and keeps the snapshot with its imports and an audit-log row", async () => {
    const ids = [
      await load(clientId, "campaigns.csv", fixture("google-campaign.csv")),
      await load(clientId, "keywords.csv", fixture("google-keywords.csv")),
      await load(clientId, "terms.csv", fixture("google-search-terms.csv")),
      await load(clientId, "ads.csv", fixture("google-ads.csv")),
      await load(clientId, "editor-keywords.csv", fixture("editor-keywords.csv")),
      await load(clientId, "editor-campaigns.csv", fixture("editor-campaigns.csv")),
      await load(clientId, "meta-ads.csv", fixture("meta-ads-rankings.csv")),
      await load(clientId, "meta-daily.csv", fixture("meta-daily.csv")),
    ];
    first = await runAudit(t.db, owner, clientId);
    expect(first.importIds).toEqual([...ids].sort());
    expect(first.period).toEqual({ start: "2026-05-01", end: "2026-05-31" });
    expect(first.score).toBeGreaterThan(0);
    expect(first.score).toBeLessThan(100);
    expect(["A", "B", "C"]).toContain(first.grade);
    expect(first.checks.length).toBeGreaterThanOrEqual(28);

    // Budget: Generic Shoes lost 40.5% of its impressions to budget (Brand "< 10%").
    const budget = check(first, "budget-limited");
    expect(budget).toMatchObject({ status: "graded", audited: 2, failing: 1, grade: "C" }); // the paused campaign is not audited, PMax has no share
    expect(budget.items[0]).toMatchObject({
      campaign: "Generic Shoes",
      severity: "fail",
      figures: {
        lostIsBudget: 0.405,
        budgetCents: 12000,
        costCents: 289200,
        clicks: 1446,
        conversions: 28.92,
        impressions: 48210,
        days: 31,
      },
    });
    // Rank-limited only for manual bidding: Generic Shoes (24.38%) is under 30%.
    expect(check(first, "rank-limited")).toMatchObject({ status: "graded", audited: 1, failing: 0, grade: "A" });
    // Keywords: QS 4 fails, 6 warns; below-average components with 100+ impressions.
    const qs = check(first, "low-quality-score");
    expect(qs).toMatchObject({ audited: 4, failing: 1, warnings: 1 });
    expect(qs.items[0]).toMatchObject({ keyword: "running shoes", matchType: "broad", figures: { qualityScore: 4, costCents: 6000 } });
    expect(check(first, "qs-landing-page")).toMatchObject({ audited: 4, failing: 2 });
    // Search terms: the job seeker's term, and the hidden share from the stored summary (8.33%: under 30%).
    expect(check(first, "job-seeker-terms").items).toEqual([
      expect.objectContaining({
        searchTerm: "running shoes jobs",
        campaign: "Generic Shoes",
        figures: expect.objectContaining({ word: "jobs", costCents: 1000, clicks: 10, conversions: 0 }),
      }),
    ]);
    expect(check(first, "hidden-search-terms")).toMatchObject({ status: "graded", audited: 1, failing: 0, items: [] });
    expect(check(first, "wasted-search-terms")).toMatchObject({
      audited: 2,
      failing: 0,
      summary: { wastedCostCents: 1000, totalCostCents: 33000 },
    });
    // Editor: Brand has no negatives (Generic Shoes has "jobs"); Generic Shoes shows on the Display Network and targets interest.
    expect(check(first, "campaign-without-negatives").items.map((i) => i.campaign)).toEqual(["Brand"]);
    expect(check(first, "display-network-in-search").items.map((i) => [i.campaign, i.severity, i.figures.issue])).toEqual([
      ["Generic Shoes", "fail", "displayNetwork"],
      ["Brand", "warn", "searchPartners"],
    ]);
    expect(check(first, "location-targeting-method").items.map((i) => i.campaign)).toEqual(["Generic Shoes"]);
    // Broad keywords in the manual-CPC campaign (Editor's bid strategy).
    expect(check(first, "broad-without-smart-bidding").items.map((i) => [i.keyword, i.figures.bidStrategy])).toEqual([
      ["running shoes", "Manual CPC"],
    ]);
    // Ads: the paused one is not audited; pinning and improvements read from the ad report.
    expect(check(first, "ad-strength")).toMatchObject({ audited: 2, failing: 0 });
    expect(check(first, "ad-strength-improvements").items).toEqual([
      expect.objectContaining({ ad: "Running Shoes Sale", severity: "warn", figures: expect.objectContaining({ suggestions: 2 }) }),
    ]);
    // Meta: relevance diagnostics of the ad export; learning from the day-by-day ad set export.
    expect(check(first, "meta-relevance").items.map((i) => i.ad)).toEqual(["Sneaker carousel"]);
    expect(check(first, "meta-learning-limited")).toMatchObject({ status: "graded", audited: 2 });
    // CTR against the benchmark: Generic Shoes' 3% is under half of 6.64% (all industries); Brand's 10% is over it.
    expect(check(first, "campaign-ctr-benchmark").items.map((i) => [i.campaign, i.severity, i.figures.benchmarkCtr])).toEqual([
      ["Generic Shoes", "fail", 0.0664],
    ]);
    // No device segments in these files.
    expect(check(first, "device-cpa")).toMatchObject({ status: "not-applicable", grade: null });

    const stored = await t.db.selectFrom("adAudits").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ clientAccountId: clientId, userId: owner, period: "2026-05-01..2026-05-31", grade: first.grade });
    expect(Number(stored.score)).toBe(first.score);
    expect(JSON.parse(stored.checks)).toEqual(first.checks);
    const log = await t.db
      .selectFrom("auditLog")
      .select(["action", "actorId", "details"])
      .where("subject", "=", `ad-audit:${first.id}`)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: "ads.audit.run", actorId: owner });
    expect(JSON.parse(log[0]!.details)).toMatchObject({ clientAccountId: clientId, score: first.score, imports: ids.length });

    expect(await latestAudit(t.db, owner, clientId)).toEqual(first);
    expect(await previousAudit(t.db, owner, first)).toBeNull();
  });

  it("reruns with the client account's thresholds and compares with the previous audit", async () => {
    await unitOfWork(t.db, (tx) =>
      setRuleThresholds(tx, owner, clientId, {
        "budget-limited": { warnLost: 0.45, failLost: 0.5 },
        "low-quality-score": { failBelow: 5, warnBelow: 5 },
      }),
    );
    expect((await getClientAccount(t.db, owner, clientId)).thresholds).toEqual({
      "budget-limited": { warnLost: 0.45, failLost: 0.5 },
      "low-quality-score": { warnBelow: 5 },
    });
    const second = await runAudit(t.db, owner, clientId);
    expect(check(second, "budget-limited")).toMatchObject({
      failing: 0,
      grade: "A",
      items: [],
      thresholds: { warnLost: 0.45, failLost: 0.5 },
    });
    expect(check(second, "low-quality-score")).toMatchObject({ failing: 1, warnings: 0 });
    expect(second.score).toBeGreaterThan(first.score);
    expect(second.importIds).toEqual(first.importIds);

    expect((await previousAudit(t.db, owner, second))?.id).toBe(first.id);
    const { comparison } = await auditWithComparison(t.db, owner, second);
    expect(comparison).toMatchObject({ previousId: first.id, gradeBefore: first.grade });
    expect(comparison!.scoreChange).toBeCloseTo(second.score - first.score, 5);
    expect(comparison!.checks["budget-limited"]).toMatchObject({ before: "C", after: "A", failingChange: -1, trend: "better" });
    expect(comparison!.checks["job-seeker-terms"]).toMatchObject({ trend: "same", failingChange: 0 });
    expect((await listAudits(t.db, owner, clientId)).map((a) => a.id)).toEqual([second.id, first.id]);

    // Back to the defaults: the next audit grades as the first did.
    await unitOfWork(t.db, (tx) => setRuleThresholds(tx, owner, clientId, {}));
    const third = await runAudit(t.db, owner, clientId);
    expect(third.score).toBe(first.score);
    expect(third.checks).toEqual(first.checks);
  });

  it("refuses invalid thresholds and changes nothing", async () => {
    const before = (await getClientAccount(t.db, owner, clientId)).thresholds;
    const error = await unitOfWork(t.db, (tx) =>
      setRuleThresholds(tx, owner, clientId, { "budget-limited": { failLost: 3 }, "no-such-rule": { x: 1 } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThresholdValidationError);
    expect((error as ThresholdValidationError).problems.map((p) => p.issue)).toEqual(["outOfRange", "unknownRule"]);
    expect((await getClientAccount(t.db, owner, clientId)).thresholds).toEqual(before);
  });

  it("refuses another user's client account", async () => {
    await expect(runAudit(t.db, stranger, clientId)).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    expect(await latestAudit(t.db, stranger, clientId)).toBeNull();
    expect(await listAudits(t.db, stranger, clientId)).toEqual([]);
    await expect(getAudit(t.db, stranger, clientId, first.id)).rejects.toBeInstanceOf(AuditNotFoundError);
    await expect(unitOfWork(t.db, (tx) => setRuleThresholds(tx, stranger, clientId, {}))).rejects.toBeInstanceOf(
      ClientAccountNotFoundError,
    );
    // The stranger's own (empty) client account does not reach the owner's audits either.
    const theirs = (await ensureWorkspace(t.db, stranger, "Mine"))[0]!.id;
    await expect(getAudit(t.db, stranger, theirs, first.id)).rejects.toBeInstanceOf(AuditNotFoundError);
    expect(await getAudit(t.db, owner, clientId, first.id)).toEqual(first);
  });

  it("audits the latest 30 days of a day-by-day export, and period exports ending in them", async () => {
    const other = await unitOfWork(t.db, (tx) => createClientAccount(tx, owner, { name: "Daily shop", industry: "all", timeZone: "UTC" }));
    await load(other.id, "daily.csv", dailyCampaigns(45));
    // A keyword export for May (ends before the campaign window: its own kind's window is May).
    await load(other.id, "keywords.csv", fixture("google-keywords.csv"));
    const { dataset, period, importIds } = await loadAuditDataset(t.db, other);
    expect(importIds).toHaveLength(2);
    expect(period).toEqual({ start: "2026-05-01", end: "2026-06-14" });
    const brand = dataset.campaigns.find((c) => c.campaign === "Brand")!;
    expect(brand).toMatchObject({
      days: 30,
      impressions: 30_000,
      costCents: 150_000,
      conversions: 150,
      bidStrategyType: "Maximize conversions",
    });
    expect(brand.daily).toHaveLength(30);
    expect(brand.daily[0]!.day).toBe("2026-05-16");
    expect(brand.impressionShare).toEqual({ value: 0.85, bound: "exact" });
    const generic = dataset.campaigns.find((c) => c.campaign === "Generic")!;
    expect(generic).toMatchObject({ days: 30, conversions: 20, lostIsBudget: { value: 0.35, bound: "exact" } });
    expect(dataset.keywords).toHaveLength(5);

    const audit = await runAudit(t.db, owner, other.id);
    // Generic converted until ten days before the end, and spent since: silent for the last 7 days.
    expect(check(audit, "conversions-silent").items).toEqual([
      expect.objectContaining({
        campaign: "Generic",
        figures: expect.objectContaining({ costCents: 7 * 8000, conversions: 0, lastConversionDay: "2026-06-04", days: 7 }),
      }),
    ]);
    expect(check(audit, "budget-limited").items.map((i) => [i.campaign, i.severity, i.figures.lostIsBudget])).toEqual([
      ["Generic", "fail", 0.35],
    ]);
    // The first client account's audits are its own.
    expect((await latestAudit(t.db, owner, clientId))?.clientAccountId).toBe(clientId);
  });

  describe("false positives and each platform's own checks (issue #26)", () => {
    const account = (name: string) => unitOfWork(t.db, (tx) => createClientAccount(tx, owner, { name, industry: "all", timeZone: "UTC" }));

    it("passes conversion tracking when only the account's own totals row shows conversions", async () => {
      // Enabled campaigns without conversions; `Total: Account` counts the removed campaign's six.
      const client = await account("Totals shop");
      await load(client.id, "campaigns.csv", fixture("google-campaign-removed.csv"));
      const audit = await runAudit(t.db, owner, client.id);
      expect(check(audit, "conversion-tracking")).toMatchObject({ status: "graded", audited: 1, failing: 0, items: [] });
      const { dataset } = await loadAuditDataset(t.db, client);
      expect(dataset.conversionEvidence).toEqual([
        expect.objectContaining({ platform: "google", measured: true, rowConversions: 0, totalsConversions: 6, foundIn: "Total: Account" }),
      ]);
    });

    it("judges no conversion tracking without a Conversions column, and finds conversions in another report's rows", async () => {
      const client = await account("Columns shop");
      await load(client.id, "campaigns.csv", fixture("google-campaign-no-conversions.csv"));
      // A campaign report without the column says nothing about conversions.
      expect(check(await runAudit(t.db, owner, client.id), "conversion-tracking")).toMatchObject({ status: "not-applicable" });
      // The keyword report of the same month has them.
      await load(client.id, "keywords.csv", fixture("google-keywords.csv"));
      const audit = await runAudit(t.db, owner, client.id);
      expect(check(audit, "conversion-tracking")).toMatchObject({ status: "graded", failing: 0 });
      const { dataset } = await loadAuditDataset(t.db, client);
      expect(dataset.conversionEvidence[0]).toMatchObject({ measured: true, foundIn: "keyword", costCents: 351_200 });
    });

    it("still fails conversion tracking when nothing in the period shows a conversion", async () => {
      const client = await account("Silent shop");
      await load(client.id, "daily.csv", dailyCampaigns(45));
      await unitOfWork(t.db, (tx) => setRuleThresholds(tx, owner, client.id, {}));
      const { dataset } = await loadAuditDataset(t.db, client);
      const evidence = dataset.conversionEvidence[0]!;
      expect(evidence).toMatchObject({ measured: true, foundIn: "campaign" });
      // Built the same with no conversions at all, the check fails.
      const none = { ...evidence, rowConversions: 0, totalsConversions: 0, foundIn: null };
      const result = runRules({ ...dataset, conversionEvidence: [none] });
      expect(result.checks.find((c) => c.ruleId === "conversion-tracking")).toMatchObject({ failing: 1, grade: "C" });
    });

    it("does not fail an RSA with 14 headlines rated Excellent, nor one with all 15", async () => {
      const client = await account("Headlines shop");
      await load(client.id, "ads.csv", fixture("google-ads-15-headlines.csv"));
      const { dataset } = await loadAuditDataset(t.db, client);
      expect(dataset.ads.map((a) => [a.adGroup, a.headlines, a.descriptions, a.strength, a.headlineColumns, a.descriptionColumns])).toEqual(
        [
          ["Trail", 14, 4, "excellent", 15, 4],
          ["Trail Sale", 15, 4, "average", 15, 4],
          ["Wide Fit", 4, 2, "poor", 15, 4],
        ],
      );
      const assets = check(await runAudit(t.db, owner, client.id), "rsa-assets");
      expect(assets).toMatchObject({ audited: 3, failing: 1, warnings: 0 });
      expect(assets.items.map((i) => [i.adGroup, i.severity, i.figures.headlines])).toEqual([["Wide Fit", "fail", 4]]);
    });

    it("audits a Meta campaign-level export with Meta's own checks", async () => {
      const client = await account("Meta campaigns");
      await load(client.id, "meta.csv", fixture("meta-campaigns.csv"));
      const audit = await runAudit(t.db, owner, client.id);
      // Spring Sale: 6.2 impressions per person over May (over 5 warns; its week is 1.4).
      expect(check(audit, "meta-frequency")).toMatchObject({ status: "graded", audited: 3, failing: 0, warnings: 1 });
      expect(check(audit, "meta-frequency").items[0]).toMatchObject({
        campaign: "Spring Sale",
        adGroup: null,
        severity: "warn",
        figures: { monthlyFrequency: 6.2, frequency: 1.4, reach: 20000, days: 31 },
      });
      // Retargeting spent $95 without a result.
      expect(check(audit, "meta-delivery").items).toEqual([
        expect.objectContaining({
          campaign: "Retargeting",
          severity: "fail",
          figures: expect.objectContaining({ costCents: 9500, results: 0 }),
        }),
      ]);
      expect(check(audit, "meta-learning-limited").status).toBe("graded");
    });

    it("finds a Meta ad set's rising cost per result and its wearing-out ads day by day", async () => {
      const client = await account("Meta daily");
      await load(client.id, "meta.csv", fixture("meta-adsets-daily.csv"));
      const audit = await runAudit(t.db, owner, client.id);
      const trend = check(audit, "meta-cost-per-result-trend");
      expect(trend).toMatchObject({ status: "graded", audited: 2, failing: 1 });
      expect(trend.items[0]).toMatchObject({
        campaign: "Summer Sale",
        adGroup: "Retargeting",
        figures: {
          firstCostPerResultCents: 1000,
          secondCostPerResultCents: 2500,
          costPerResultChange: 1.5,
          firstPeriod: "2026-06-01..2026-06-07",
          secondPeriod: "2026-06-08..2026-06-14",
        },
      });
      const fatigue = check(audit, "meta-creative-fatigue");
      expect(fatigue).toMatchObject({ status: "graded", audited: 2, failing: 1 });
      expect(fatigue.items[0]).toMatchObject({
        adGroup: "Retargeting",
        figures: { firstCtr: 0.02, secondCtr: 0.011, ctrChange: -0.45, firstFrequency: 2, secondFrequency: 3.33 },
      });
      expect(check(audit, "meta-frequency").items.map((i) => i.adGroup)).toEqual(["Retargeting"]);
    });

    it("audits a Microsoft Advertising account with Microsoft's own checks", async () => {
      const client = await account("Microsoft shop");
      await load(client.id, "campaigns.csv", fixture("microsoft-campaigns.csv"));
      await load(client.id, "keywords.csv", fixture("microsoft-keywords-network.csv"));
      const audit = await runAudit(t.db, owner, client.id);
      const budget = check(audit, "ms-budget-limited");
      expect(budget).toMatchObject({ category: "microsoft", status: "graded", audited: 2, failing: 1 });
      expect(budget.items[0]).toMatchObject({ campaign: "Generic Shoes", figures: { lostIsBudget: 0.423, impressionShare: 0.385 } });
      // Google's checks leave Microsoft's campaigns and keywords to these.
      expect(check(audit, "budget-limited").status).toBe("not-applicable");
      expect(check(audit, "low-quality-score").status).toBe("not-applicable");
      expect(check(audit, "ms-rank-limited")).toMatchObject({ status: "graded", failing: 0 });
      // Partners: $120 and no conversion, against $27.27 per conversion on Microsoft's own sites.
      expect(check(audit, "ms-search-partners").items).toEqual([
        expect.objectContaining({
          campaign: "Generic Shoes",
          severity: "fail",
          figures: expect.objectContaining({
            network: "Syndicated search partners",
            partnerCostCents: 12000,
            conversions: 0,
            ownedCpaCents: 2727,
            partnerCpaCents: null,
          }),
        }),
      ]);
      // Broad match: $90 per conversion against exact's $18.75.
      expect(check(audit, "ms-match-types").items).toEqual([
        expect.objectContaining({
          campaign: "Generic Shoes",
          severity: "fail",
          figures: expect.objectContaining({ broadCpaCents: 9000, otherCpaCents: 1875, broadCostCents: 27000 }),
        }),
      ]);
      expect(check(audit, "ms-quality-score").items.map((i) => [i.keyword, i.figures.qualityScore])).toEqual([["running shoes", 4]]);
      expect(check(audit, "ms-quality-components").items.map((i) => [i.keyword, i.figures.expectedCtr])).toEqual([
        ["running shoes", "below"],
      ]);
      expect(check(audit, "conversion-tracking")).toMatchObject({ status: "graded", failing: 0 });
    });
  });
});
