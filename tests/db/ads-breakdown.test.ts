/**
 * Meta breakdown exports through the domain (issue #26): stored, their summary rows are never rows,
 * so the dashboard's totals and the client report's figures are the export's own totals (not twice
 * them), each campaign counts once however many buckets it has, the import records its dimensions
 * and its preview says the rows add up to the file's totals.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { createClientAccount, ensureWorkspace } from "~/ads/accounts.server";
import { adsDashboard } from "~/ads/dashboard.server";
import { getImportPreview, rowCount, stageImport, storeImport } from "~/ads/imports.server";
import { reportPdfFor } from "~/ads/reports/pdf.server";
import { reportData } from "~/ads/reports/report.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createUser } from "~/users/users.server";
import { formatMoney } from "~/utils/money";
import { describeEachDatabase } from "../support/databases";
import { pdfPageTexts, squeeze } from "../support/pdf-text";

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/ads", name)));
const MAY = { from: "2026-05-01", to: "2026-05-31" };

describeEachDatabase("Meta breakdown imports", (t) => {
  let owner: string;
  let clientId: string;

  beforeAll(async () => {
    owner = (await createUser(t.db, { email: "breakdowns@example.com", name: "Agency", password: "correct horse battery" })).id;
    clientId = (await ensureWorkspace(t.db, owner, "My business"))[0]!.id;
  });

  async function imported(client: string, name: string): Promise<string> {
    const id = await stageImport(t.db, { ownerId: owner, clientAccountId: client, filename: name, bytes: fixture(name) });
    await storeImport(t.db, owner, id);
    return id;
  }

  it("stores an age × gender export without its summary row: the dashboard and the report show the export's totals", async () => {
    const id = await imported(clientId, "meta-breakdown-age-gender.csv");
    const preview = await getImportPreview(t.db, owner, id);
    expect(preview.summary).toMatchObject({ rows: 11, breakdown: ["age", "gender"] });
    expect(preview.summary!.reconciliation).toMatchObject({ status: "match", line: 2, scope: "account", reachDeduplicated: true });
    expect(await rowCount(t.db, clientId)).toBe(11);
    const stored = await t.db.selectFrom("adImports").select("breakdown").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.breakdown).toBe("age,gender");

    // The file's summary row (line 2): 50,800 impressions, 661 link clicks, $748.52, 35 purchases worth $2,281.65.
    const dashboard = await adsDashboard(t.db, owner, clientId, {
      period: MAY,
      platform: null,
      campaign: null,
      sort: "spend",
      dir: "desc",
    });
    expect(dashboard.sources).toEqual([
      { platform: "meta", level: "campaign", periodExports: true, allTime: false, breakdown: ["age", "gender"] },
    ]);
    expect(dashboard.kpis.spendCents.value).toBe(74852);
    expect(dashboard.kpis.impressions.value).toBe(50800);
    expect(dashboard.kpis.clicks.value).toBe(661);
    expect(dashboard.kpis.conversions.value).toBe(35);
    expect(dashboard.kpis.conversionValueCents.value).toBe(228165);
    expect(dashboard.kpis.campaigns.value).toBe(2);
    // One line per campaign, its buckets summed once.
    expect(dashboard.campaigns.map((row) => [row.campaign, row.spendCents, row.impressions])).toEqual([
      ["Spring Sale", 61448, 41400],
      ["Retargeting", 13404, 9400],
    ]);

    const report = await reportData(t.db, owner, clientId, MAY);
    expect(report.hasData).toBe(true);
    expect(report.kpis.spendCents.value).toBe(74852);
    expect(report.kpis.impressions.value).toBe(50800);
    expect(report.kpis.conversions.value).toBe(35);
    expect(report.campaigns.map((row) => [row.campaign, row.spendCents])).toEqual([
      ["Spring Sale", 61448],
      ["Retargeting", 13404],
    ]);
    expect(report.breakdowns).toEqual([{ platform: "meta", breakdown: ["age", "gender"] }]);
    // The client's PDF: the export's real total spend, and what its rows are broken down by.
    const { pdf } = await reportPdfFor(t.db, owner, clientId, MAY, "en");
    const all = squeeze(pdfPageTexts(pdf).join(" "));
    expect(all).toContain(squeeze(formatMoney(74852, "en", "USD")));
    expect(all).toContain(squeeze("Broken down by age and gender"));
    expect(all).not.toContain(squeeze(formatMoney(2 * 74852, "en", "USD")));
  });

  it("works out the totals check of a preview kept before there was one", async () => {
    const client = await unitOfWork(t.db, (tx) => createClientAccount(tx, owner, { name: "Older", industry: "all", timeZone: "UTC" }));
    const id = await stageImport(t.db, {
      ownerId: owner,
      clientAccountId: client.id,
      filename: "c.csv",
      bytes: fixture("google-campaign.csv"),
    });
    const row = await t.db.selectFrom("adImports").select("summary").where("id", "=", id).executeTakeFirstOrThrow();
    const { reconciliation: _kept, breakdown: _breakdown, ...older } = JSON.parse(row.summary) as Record<string, unknown>;
    await t.db
      .updateTable("adImports")
      .set({ summary: JSON.stringify(older) })
      .where("id", "=", id)
      .execute();
    const preview = await getImportPreview(t.db, owner, id);
    expect(preview.summary!.reconciliation).toMatchObject({
      status: "differs",
      line: 9,
      label: "Total: Account",
      reason: "unlisted-entities",
      differences: [
        { metric: "impressions", rows: 157610, file: 158610, difference: 1000 },
        { metric: "clicks", rows: 3676, file: 3706, difference: 30 },
        { metric: "costCents", rows: 545200, file: 549700, difference: 4500 },
        { metric: "conversions", rows: 119.42, file: 120.42, difference: 1 },
      ],
    });
  });

  it("stores a placement export without its ad sets' summary rows: the totals are the sum of those summaries", async () => {
    const client = await unitOfWork(t.db, (tx) =>
      createClientAccount(tx, owner, { name: "Placements", industry: "all", timeZone: "Europe/Amsterdam" }),
    );
    const id = await imported(client.id, "meta-breakdown-placement.csv");
    expect(await rowCount(t.db, client.id)).toBe(8);
    const preview = await getImportPreview(t.db, owner, id);
    expect(preview.summary!.reconciliation).toMatchObject({ status: "match", scope: "entity", checked: 2 });
    const dashboard = await adsDashboard(t.db, owner, client.id, {
      period: MAY,
      platform: null,
      campaign: null,
      sort: "spend",
      dir: "desc",
    });
    // Lookalike 1% ($361.75, 29,000) and Interests ($57.58, 5,000): the two summary rows of the file.
    expect(dashboard.kpis.spendCents.value).toBe(36175 + 5758);
    expect(dashboard.kpis.impressions.value).toBe(29000 + 5000);
    expect(dashboard.campaigns.map((row) => [row.campaign, row.spendCents])).toEqual([["Spring Sale", 41933]]);
  });
});
