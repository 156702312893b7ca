/**
 * The import preview (`/ads/import/:importId`) as the server renders it, on money: a Google Ads
 * keyword report in Canadian dollars writes its totals in `CA$`, a row whose `Cost / conv.` does
 * not match its cost and conversions is reported with both amounts as money (not as raw cents) and
 * one whose CTR does not match with both as percentages, and ROAS as a ratio; a Meta export that
 * states no currency (`Amount spent` without `(USD)`) into a client account without one shows its
 * amounts without any currency sign, never as dollars, and says the currency is not in the file;
 * stored, the dashboard's currency stays unknown (null) rather than becoming US dollars.
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-import-preview-money-secret-0123456789-0123456789";

import { createClientAccount, ensureWorkspace } from "~/ads/accounts.server";
import { adsDashboard } from "~/ads/dashboard.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { kpiFormatters } from "~/ads/kpi-format";
import { unitOfWork } from "~/db/unit-of-work.server";
import ImportPage, { loader as previewLoader } from "~/routes/($locale)._app.ads.import_.$importId/route";
import { signedInMember, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answeredBy, renderRoute } from "../support/render-page";

const APP = "http://localhost:3000";

/**
 * Google Ads' keyword report layout (title line, date line, header, rows, totals rows; the fact
 * sheet's §1), in CAD. Line 4 says CA$30.00 per conversion where its cost and conversions give
 * CA$25.00 (as after an edit in a spreadsheet), line 5 a CTR of 2.50% where 40 clicks on 2,000
 * impressions are 2.00%: those two differences are the point. The totals row is the rows' sum.
 */
const GOOGLE_CAD = [
  "Search keyword report",
  '"October 1, 2026 - October 31, 2026"',
  "Keyword status,Keyword,Match type,Campaign,Ad group,Status,Max. CPC,Quality Score,Exp. CTR,Ad relevance,Landing page exp.,Currency code,Impr.,Clicks,CTR,Avg. CPC,Cost,Conversions,Cost / conv.",
  'Enabled,[maple boots],Exact match,Boots,Winter,Eligible,2.50,8,Above average,Above average,Average,CAD,"1,000",50,5.00%,2.00,100.00,4.00,30.00',
  'Enabled,"""winter boots""",Phrase match,Boots,Winter,Eligible,2.00,6,Average,Above average,Below average,CAD,"2,000",40,2.50%,1.50,60.00,2.00,30.00',
  ',Total: Account,,,,,,,,,,CAD,"3,000",90,3.00%,1.78,160.00,6.00,26.67',
].join("\n");

/** A Meta export whose spend column names no currency (`Amount spent`, as when the column is renamed in a spreadsheet). */
const META_NO_CURRENCY = [
  "Reporting starts,Reporting ends,Campaign name,Ad set name,Impressions,Amount spent,Link clicks,Purchases",
  "2026-10-01,2026-10-01,Autumn Sale,All,1000,100.00,50,4",
  "2026-10-02,2026-10-02,Autumn Sale,All,1000,60.00,40,2",
].join("\n");

describeEachDatabase("the import preview's money", (t) => {
  let ownerId = "";
  let cookie = "";

  useAppDatabase(t, async () => {
    ({ id: ownerId, cookie } = await signedInMember(t.db, "preview", "Owner"));
  });

  async function render(importId: string, clientId: string) {
    const url = `${APP}/en/ads/import/${importId}?client=${clientId}`;
    const loader = answeredBy(previewLoader, new Request(url, { headers: { Cookie: cookie } }));
    const html = await renderRoute(
      { id: "preview", path: "/:locale/ads/import/:importId", loader, Component: ImportPage },
      new Request(url),
    );
    return html.replace(/<!-- -->/g, "");
  }

  it("writes a Canadian export's amounts in CA$, a recomputed cost per conversion as money and a CTR as a percentage", async () => {
    const clientId = (await ensureWorkspace(t.db, ownerId, "Maple Leaf Outfitters"))[0]!.id;
    const importId = await stageImport(t.db, {
      ownerId,
      clientAccountId: clientId,
      filename: "keywords.csv",
      bytes: new TextEncoder().encode(GOOGLE_CAD),
    });
    const html = await render(importId, clientId);
    expect(html).toContain(">CA$160.00<");
    expect(html).toContain(">CA$26.67<");
    expect(html).toContain("Line 4, column “Cost / conv.”: the file says CA$30.00, recomputed from the row it is CA$25.00");
    expect(html).toContain("Line 5, column “CTR”: the file says 2.5%, recomputed from the row it is 2%");
    expect(html).not.toMatch(/the file says 3,000|>\$160\.00</);
  });

  it("writes the amounts of a file without a currency without any sign", async () => {
    const client = await unitOfWork(t.db, (tx) =>
      createClientAccount(tx, ownerId, { name: "No currency", industry: "all", timeZone: "UTC" }),
    );
    const importId = await stageImport(t.db, {
      ownerId,
      clientAccountId: client.id,
      filename: "meta.csv",
      bytes: new TextEncoder().encode(META_NO_CURRENCY),
    });
    const html = await render(importId, client.id);
    expect(html).toContain(">160.00<");
    expect(html).toContain(">not in the file<");
    expect(html).not.toContain("$");
    await storeImport(t.db, ownerId, importId);
    const dashboard = await adsDashboard(t.db, ownerId, client.id, {
      period: null,
      platform: null,
      campaign: null,
      sort: "spend",
      dir: "desc",
    });
    expect(dashboard.currency).toBeNull();
    const f = kpiFormatters("en", dashboard.currency, {
      missing: "–",
      roas: (v) => v,
      change: { none: "", flat: "", up: (v) => v, down: (v) => v },
    });
    expect(f.kpi("spendCents", dashboard.kpis.spendCents.value)).toBe("160.00");
  });
});
