/**
 * A tip's Apply answers with the tip itself where it was clicked (the top of the tips page), with
 * its Google Ads Editor file to download right there and one sentence on importing it in Editor;
 * server-rendered, so it works without JavaScript.
 * The routes' own action, loader and component on each database.
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-tips-apply-test-secret-0123456789-0123456789";

import { generateTips, listTips } from "~/ads/tips.server";
import { fixedT } from "~/i18n/translator.server";
import TipsPage, { action as tipsAction, loader as tipsLoader } from "~/routes/($locale)._app.ads.tips/route";
import { importSampleExports, useAdvertiser } from "../support/ads";
import { describeEachDatabase } from "../support/databases";
import { answeredBy, renderRoute } from "../support/render-page";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const t = fixedT("en", "ads-tips");

describeEachDatabase("a tip's Apply", (context) => {
  const advertiser = useAdvertiser(
    context,
    { prefix: "apply", name: "Tip Owner", account: "Northwind Outdoor" },
    async ({ id, clientId }) => {
      await importSampleExports(context.db, id, clientId, { endDay: "2026-11-20" });
      await generateTips(context.db, clientId);
    },
  );

  const apply = (tipId: string) =>
    answer(() =>
      tipsAction({
        request: new Request(`${APP}/en/ads/tips?client=${advertiser.clientId}`, {
          method: "POST",
          headers: { Origin: APP, Cookie: advertiser.cookie },
          body: new URLSearchParams({ intent: "apply", tipId }),
        }),
        params: { locale: "en" },
        context: {},
      }),
    );

  /** The page at `path` as the server renders it for the owner. */
  async function render(path: string) {
    const url = `${APP}${path}`;
    const loader = answeredBy(tipsLoader, new Request(url, { headers: { Cookie: advertiser.cookie } }));
    return renderRoute({ id: "tips", path: "/:locale/ads/tips", loader, Component: TipsPage }, new Request(url));
  }

  /** The applied tip's own block (its id), as rendered. */
  function tipBlock(html: string, tipId: string): string {
    const start = html.indexOf(`id="tip-${tipId}"`);
    expect(start).toBeGreaterThan(-1);
    return html.slice(start, html.indexOf("</section>", start));
  }

  it("answers with the tip itself, its Editor file to download and how to import it, at the top of the page", async () => {
    const tip = (await listTips(context.db, advertiser.id, advertiser.clientId)).open.find((item) => item.hasEditorFile)!;
    expect(tip).toBeDefined();
    const reply = await apply(tip.id);
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`/en/ads/tips?client=${advertiser.clientId}&applied=${tip.id}#tip-${tip.id}`);

    const html = await render(reply.location!.split("#")[0]!);
    const block = tipBlock(html, tip.id);
    expect(block).toContain(`href="/en/ads/tips/${tip.id}/editor.csv"`);
    expect(block).toContain(t("download"));
    expect(block).toContain(t("howToUpload"));
    expect(block).toContain(t("appliedWithFile"));
    // Above the open tips, not 1,000 px lower in the applied list (where it is listed without a second id).
    const openList = html.indexOf('id="open-tips"');
    expect(openList).toBeGreaterThan(-1);
    expect(html.indexOf(`id="tip-${tip.id}"`)).toBeLessThan(openList);
    expect(html.split(`id="tip-${tip.id}"`).length).toBe(2);
  });
});
