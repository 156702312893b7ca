/**
 * The period the report form (`/ads/reports`) starts on is the one the dashboard opens on: one rule,
 * `latestImportPeriod` (app/ads/dashboard.server.ts). The latest performance import's period (a
 * newer Keyword Planner export does not count); when the dashboard opens on every stored row (the
 * latest import is an "All time" export, or nothing is imported), which dates cannot say, the
 * report form offers the last 30 days.
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-report-period-test-secret-0123456789-0123456789";

import fs from "node:fs";
import path from "node:path";
import { adsDashboard, latestImportPeriod } from "~/ads/dashboard.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { reportDefaultPeriod } from "~/ads/reports/report.server";
import { loader as reportsLoader } from "~/routes/($locale)._app.ads.reports/route";
import { useAdvertiser } from "../support/ads";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const encode = (text: string) => new TextEncoder().encode(text);
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/ads", name)));

/** A Google Ads campaign report of one period; `dates` is its date line ("All time" or a range). */
const googleCampaignPeriod = (dates: string) =>
  encode(
    [
      "Campaign report",
      dates,
      "Campaign,Currency code,Impr.,Clicks,Cost,Conversions,Conv. value",
      "Brand,USD,1000,100,50.00,5.00,250.00",
      "",
    ].join("\n"),
  );

const MAY_1_7 = { from: "2026-05-01", to: "2026-05-07" };

/** The last 30 days before a day. */
function last30(today: string) {
  const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-30), to: day(-1) };
}

describeEachDatabase("the report form's period", (t) => {
  const advertiser = useAdvertiser(t, { prefix: "report-period", name: "Agency", account: "Northwind Outdoor" });

  async function importFile(bytes: Uint8Array, filename = "export.csv") {
    const id = await stageImport(t.db, { ownerId: advertiser.id, clientAccountId: advertiser.clientId, filename, bytes });
    expect((await storeImport(t.db, advertiser.id, id)).outcome).toBe("stored");
  }
  const dashboardPeriod = async () =>
    (
      await adsDashboard(t.db, advertiser.id, advertiser.clientId, {
        period: null,
        platform: null,
        campaign: null,
        sort: "spend",
        dir: "desc",
      })
    ).period;
  const pagePeriod = async () => {
    const page = await answer(() =>
      reportsLoader({
        request: new Request(`${APP}/en/ads/reports`, { headers: { Cookie: advertiser.cookie } }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(page.status).toBe(200);
    return page.body.period as { from: string; to: string };
  };
  const today = () => new Date().toISOString().slice(0, 10);

  it("offers the last 30 days while nothing is imported (the dashboard shows every stored row)", async () => {
    expect(await latestImportPeriod(t.db, advertiser.clientId)).toBe("all");
    expect(await dashboardPeriod()).toBe("all");
    expect(await reportDefaultPeriod(t.db, advertiser.clientId, new Date("2026-06-15T12:00:00Z"))).toEqual({
      from: "2026-05-16",
      to: "2026-06-14",
    });
    expect(await pagePeriod()).toEqual(last30(today()));
  });

  it("starts on the latest performance import's period, as the dashboard does; a newer Keyword Planner export does not count", async () => {
    await importFile(googleCampaignPeriod('"May 1, 2026 - May 7, 2026"'));
    expect(await latestImportPeriod(t.db, advertiser.clientId)).toEqual(MAY_1_7);
    expect(await dashboardPeriod()).toEqual(MAY_1_7);
    expect(await pagePeriod()).toEqual(MAY_1_7);

    await importFile(fixture("keyword-planner.csv"), "keyword-planner.csv");
    expect(await dashboardPeriod()).toEqual(MAY_1_7);
    expect(await pagePeriod()).toEqual(MAY_1_7);
  });

  it("follows the dashboard to every stored row when the latest import is an All time export: the form offers the last 30 days", async () => {
    await importFile(googleCampaignPeriod("All time"));
    expect(await latestImportPeriod(t.db, advertiser.clientId)).toBe("all");
    expect(await dashboardPeriod()).toBe("all");
    // Not the older import's May 1–7 (the rule the page had of its own).
    expect(await pagePeriod()).toEqual(last30(today()));
  });
});
