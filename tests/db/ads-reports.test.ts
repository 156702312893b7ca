/**
 * White-label reports: the branding form (a bad colour comes back with the typed values), the logo
 * (a non-image renamed .png is refused by its bytes), the PDF (its extracted text holds the agency
 * name, the KPIs and the period, in the chosen language), and share links (the report without a
 * session; expired, revoked or altered links are 404; the page links nowhere; another user's client
 * account can be neither reported on nor shared).
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-reports-test-secret-0123456789-0123456789-abcdef";

import { ClientAccountNotFoundError, ensureWorkspace } from "~/ads/accounts.server";
import { listAudits, runAudit } from "~/ads/audit/audit.server";
import { adsDashboard } from "~/ads/dashboard.server";
import { getBrand, getLogo, setLogo } from "~/ads/reports/brand.server";
import { ShareNotFoundError, createShare, listShares, openShare, readShareToken, signShareToken } from "~/ads/reports/share.server";
import { applyTip, generateTips, listTips } from "~/ads/tips.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import SharedReport, { loader as sharedLoader } from "~/routes/($locale).report.$token/route";
import { action as reportsAction, loader as reportsLoader } from "~/routes/($locale)._app.ads.reports/route";
import { action as logoAction, loader as logoLoader } from "~/routes/($locale)._app.ads.reports_.logo";
import { loader as pdfLoader } from "~/routes/($locale)._app.ads.reports_.pdf";
import { formatMoney } from "~/utils/money";
import { importSampleExports, useAdvertiser } from "../support/ads";
import { signedInMember } from "../support/app-database";
import { auditRowsBy } from "../support/audit";
import { describeEachDatabase } from "../support/databases";
import { pdfPageContents, pdfPageTexts, squeeze } from "../support/pdf-text";
import { answeredBy, renderRoute } from "../support/render-page";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const FROM = "2026-10-22";
const TO = "2026-11-20";
const PNG_1x1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

describeEachDatabase("white-label reports", (t) => {
  const stranger = { id: "", cookie: "", clientId: "" };
  const owner = useAdvertiser(t, { prefix: "reports", name: "Agency Owner", account: "Northwind Outdoor" }, async ({ id, clientId }) => {
    Object.assign(stranger, await signedInMember(t.db, "stranger", "Stranger"));
    stranger.clientId = (await ensureWorkspace(t.db, stranger.id, "Stranger's ads"))[0]!.id;
    await importSampleExports(t.db, id, clientId, { endDay: TO, days: 60 });
    await runAudit(t.db, id, clientId);
    await generateTips(t.db, clientId);
    const tip = (await listTips(t.db, id, clientId)).open.find((item) => item.kind === "raise-budget")!;
    await unitOfWork(t.db, (tx) => applyTip(tx, id, tip.id));
    // Applied inside the report's period.
    await t.db.updateTable("adTips").set({ decidedAt: "2026-11-10T09:00:00.000Z" }).where("id", "=", tip.id).execute();
  });

  type Who = "owner" | "stranger" | "anonymous";
  const cookie = (who: Who): Record<string, string> => (who === "anonymous" ? {} : { Cookie: { owner, stranger }[who].cookie });
  const params = (extra: Record<string, string> = {}) => ({
    locale: "en",
    ...extra,
  });
  const post = (url: string, who: Who, body: Record<string, string>) =>
    new Request(`${APP}${url}`, {
      method: "POST",
      headers: { Origin: APP, ...cookie(who) },
      body: new URLSearchParams(body),
    });
  const get = (url: string, who: Who) => new Request(`${APP}${url}`, { headers: cookie(who) });
  /** The reports page's action, posted by `who` (to `url` when it carries a query). */
  const act = (who: Who, body: Record<string, string>, url = "/en/ads/reports") =>
    answer(() => reportsAction({ request: post(url, who, body), params: params(), context: {} }));
  /** The share form for the report of FROM to TO. */
  const shareForm = (language: string, days: string) => ({ intent: "share", from: FROM, to: TO, language, days });
  /** The reports page's loader, as `who` sees it. */
  const reportsPage = (who: Who) => answer(() => reportsLoader({ request: get("/en/ads/reports", who), params: params(), context: {} }));

  it("answers a bad colour with the typed values and the message, and saves good ones", async () => {
    const typed = {
      intent: "brand",
      agencyName: "Blue Fjord Media",
      primaryColor: "#12345",
      accentColor: "#0ea5e9",
      footer: "Blue Fjord Media · Oslo",
    };
    const bad = await act("owner", typed);
    expect(bad.status).toBe(400);
    expect(bad.body.intent).toBe("brand");
    expect(bad.body.result.error.primaryColor).toEqual(["ads-reports:errors.colour"]);
    expect(bad.body.result.initialValue).toMatchObject({
      agencyName: "Blue Fjord Media",
      primaryColor: "#12345",
      footer: "Blue Fjord Media · Oslo",
    });
    expect((await getBrand(t.db, owner.id)).agencyName).toBe("");

    const good = await act("owner", {
      ...typed,
      primaryColor: "#1D4ED8",
    });
    expect(good.status).toBe(302);
    expect(good.location).toBe("/en/ads/reports");
    expect(await getBrand(t.db, owner.id)).toMatchObject({
      agencyName: "Blue Fjord Media",
      primaryColor: "#1d4ed8",
      accentColor: "#0ea5e9",
      footer: "Blue Fjord Media · Oslo",
    });
    expect(await auditRowsBy(t.db, owner.id, "ads.reports.brand")).toHaveLength(1);
  });

  it("refuses a non-image renamed .png by its bytes, and takes a real PNG", async () => {
    const logo = (who: Who) => answer(() => logoLoader({ request: get("/en/ads/reports/logo", who), params: params(), context: {} }));
    const upload = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const form = new FormData();
      form.set("logo", new File([bytes], name, { type: "image/png" }));
      return new Request(`${APP}/en/ads/reports/logo`, {
        method: "POST",
        headers: { Origin: APP, ...cookie("owner") },
        body: form,
      });
    };
    const fake = await answer(() =>
      logoAction({
        request: upload(new TextEncoder().encode("%PDF-1.7 not a picture at all"), "logo.png"),
        params: params(),
        context: {},
      }),
    );
    expect(fake.status).toBe(302);
    expect(await getLogo(t.db, owner.id)).toBeNull();
    expect(await unitOfWork(t.db, (tx) => setLogo(tx, owner.id, new TextEncoder().encode("GIF89a…")))).toBe("not-an-image");
    expect(await unitOfWork(t.db, (tx) => setLogo(tx, owner.id, new Uint8Array(512 * 1024 + 1).fill(0x89)))).toBe("too-large");

    const real = await answer(() =>
      logoAction({
        request: upload(new Uint8Array(PNG_1x1), "logo.bin"),
        params: params(),
        context: {},
      }),
    );
    expect(real.status).toBe(302);
    expect((await getLogo(t.db, owner.id))?.type).toBe("image/png");
    const served = await logo("owner");
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(served.body as Uint8Array).equals(PNG_1x1)).toBe(true);
    const strangers = await logo("stranger");
    expect(strangers.status).toBe(404);
  });

  /** The PDF route's answer to `query` (as `who`). */
  const pdfAt = (query: string, who: Who = "owner") =>
    answer(() => pdfLoader({ request: get(`/en/ads/reports/pdf?${query}`, who), params: params(), context: {} }));
  const pdfOf = (language: string, who: Who = "owner", client = owner.clientId) =>
    pdfAt(`client=${client}&from=${FROM}&to=${TO}&language=${language}`, who);

  it("writes the PDF with the agency, the client, the period, the KPIs, the campaigns, the audit and the applied tip", async () => {
    const dashboard = await adsDashboard(t.db, owner.id, owner.clientId, {
      period: { from: FROM, to: TO },
      platform: null,
      campaign: null,
      sort: "spend",
      dir: "desc",
    });
    expect(dashboard.kpis.spendCents.value).toBeGreaterThan(0);
    const res = await pdfOf("en");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="northwind-outdoor-${FROM}-${TO}.pdf"`);
    const pdf = Buffer.from(await res.response!.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = pdfPageTexts(pdf);
    const all = squeeze(pages.join(" "));
    for (const expected of [
      "Blue Fjord Media",
      "Advertising report",
      "Client account: Northwind Outdoor",
      "Period: October 22, 2026 – November 20, 2026",
      "Total spend",
      formatMoney(dashboard.kpis.spendCents.value!, "en", dashboard.currency),
      "Conversions",
      "Cost per conversion",
      "Spend per day",
      "Top campaigns",
      "Account audit",
      "Raised the daily budget",
      "Blue Fjord Media · Oslo",
    ]) {
      expect(all, expected).toContain(squeeze(expected));
    }
    const audit = (await listAudits(t.db, owner.id, owner.clientId, { limit: 1 }))[0]!;
    expect(all).toContain(squeeze(`Grade ${audit.grade}, score ${audit.score} out of 100`));
    pages.forEach((page, i) => expect(squeeze(page)).toContain(squeeze(`Page ${i + 1} of ${pages.length}`)));
    expect(all).not.toContain("ads-reports:");
    expect(all).not.toContain("doc.");
    // The charts are vector paths stroked in the agency's primary colour (#1d4ed8), no images of charts.
    const drawing = pdfPageContents(pdf).join("\n");
    expect(drawing).toMatch(/0\.1137\d* 0\.3058\d* 0\.847\d* SCN/);
    // A line through the period's 30 days: one path of 29 segments (or more, with the area's).
    expect(drawing).toMatch(/(?:^[\d.]+ [\d.]+ l\n){29,}/m);
    // The logo is embedded as an image.
    expect(pdf.includes(Buffer.from("/Subtype /Image"))).toBe(true);
  });

  it("writes the PDF in the chosen language", async () => {
    const res = await pdfOf("de");
    expect(res.status).toBe(200);
    const all = squeeze(pdfPageTexts(Buffer.from(await res.response!.arrayBuffer())).join(" "));
    for (const expected of [
      "Werbebericht",
      "Kundenkonto: Northwind Outdoor",
      "Zeitraum: 22. Oktober 2026 – 20. November 2026",
      "Gesamtausgaben",
      "Seite 1 von",
    ]) {
      expect(all, expected).toContain(squeeze(expected));
    }
    expect(all).not.toContain("Advertising report");
    expect(all).not.toContain("Total spend");
  });

  it("answers a bad period with the reports page and its message, not a PDF", async () => {
    const res = await pdfAt(`client=${owner.clientId}&from=${TO}&to=${FROM}&language=en`);
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/en/ads/reports?client=${owner.clientId}`);
    const language = await pdfOf("xx");
    expect(language.status).toBe(302);
  });

  it("never reports on or shares another user's client account", async () => {
    expect((await pdfOf("en", "stranger", owner.clientId)).status).toBe(404);
    await expect(
      unitOfWork(t.db, (tx) =>
        createShare(tx, stranger.id, owner.clientId, {
          period: { from: FROM, to: TO },
          language: "en",
          days: 7,
        }),
      ),
    ).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    // Posted with the owner's client account in the query: the stranger's own account is the one meant.
    const res = await act("stranger", shareForm("en", "7"), `/en/ads/reports?client=${owner.clientId}`);
    expect(res.status).toBe(302);
    expect(await listShares(t.db, owner.id, owner.clientId)).toHaveLength(0);
    expect(await listShares(t.db, stranger.id, stranger.clientId)).toHaveLength(1);
    await expect(listShares(t.db, stranger.id, owner.clientId)).rejects.toBeInstanceOf(ClientAccountNotFoundError);
  });

  const shared = (token: string, locale = "en") =>
    answer(() =>
      sharedLoader({
        request: new Request(`${APP}/${locale}/report/${token}`),
        params: { locale, token },
        context: {},
      }),
    );

  /** The shared page as the server renders it (the route's component with its loader's data). */
  async function renderShared(token: string, locale: "en" | "fr"): Promise<string> {
    const url = `${APP}/${locale}/report/${token}`;
    return renderRoute(
      { path: "/:locale/report/:token", loader: answeredBy(sharedLoader, new Request(url)), Component: SharedReport },
      new Request(url),
      locale,
    );
  }

  it("shares the report without a session, in the link's language, and links nowhere", async () => {
    const created = await act("owner", shareForm("fr", "14"));
    expect(created.status).toBe(302);
    const [link] = await listShares(t.db, owner.id, owner.clientId);
    expect(link).toMatchObject({
      period: { from: FROM, to: TO },
      language: "fr",
      revokedAt: null,
    });
    const payload = readShareToken(link!.token)!;
    expect(Object.keys(JSON.parse(Buffer.from(link!.token.split(".")[0]!, "base64url").toString()))).toEqual(["c", "f", "t", "l", "e"]);
    expect(payload).toMatchObject({
      clientAccountId: owner.clientId,
      period: { from: FROM, to: TO },
      language: "fr",
    });
    expect(payload.expiresAt - Date.now()).toBeGreaterThan(13 * 86_400_000);

    // The page lists it with its public URL.
    const page = await reportsPage("owner");
    expect(page.body.shares[0]).toMatchObject({
      state: "active",
      url: `http://localhost:3000/fr/report/${link!.token}`,
    });

    // Opened in another locale: to its own language.
    const moved = await shared(link!.token, "en");
    expect(moved).toMatchObject({
      status: 302,
      location: `/fr/report/${link!.token}`,
    });
    const opened = await shared(link!.token, "fr");
    expect(opened.status).toBe(200);
    expect(opened.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(opened.body).toMatchObject({
      found: true,
      report: {
        client: { id: owner.clientId, name: "Northwind Outdoor" },
        period: { from: FROM, to: TO },
      },
    });
    expect(opened.body.report.campaigns.length).toBeGreaterThan(0);
    expect(opened.body.report.audits.length).toBeGreaterThan(0);

    const html = await renderShared(link!.token, "fr");
    expect(html).toContain("Blue Fjord Media");
    expect(html).toContain("Rapport publicitaire");
    expect(html).toContain("Dépenses totales");
    expect(html).toContain("<svg");
    expect(html).not.toContain("Advertising report");
    // Nothing else reachable: no link, no form, nothing pointing into the app.
    expect(html).not.toMatch(/<a\s/i);
    expect(html).not.toMatch(/<form\s/i);
    for (const path of ["/en/ads", "/fr/ads", "/en/dashboard", "/fr/dashboard", "/signin", "/wallet"])
      expect(html).not.toContain(`href="${path}`);
  });

  it("answers 404 for expired, revoked, altered and unknown links", async () => {
    const [link] = await listShares(t.db, owner.id, owner.clientId);
    const token = link!.token;
    // Expired: a link made 10 days ago for 3 days.
    const old = await unitOfWork(t.db, (tx) =>
      createShare(tx, owner.id, owner.clientId, { period: { from: FROM, to: TO }, language: "en", days: 3 }, Date.now() - 10 * 86_400_000),
    );
    expect((await shared(old.token)).status).toBe(404);
    await expect(openShare(t.db, token, Date.now() + 15 * 86_400_000)).rejects.toBeInstanceOf(ShareNotFoundError);
    // A token signed with a past expiry (even with the right secret) has no life left.
    const pastSigned = signShareToken({
      clientAccountId: owner.clientId,
      period: { from: FROM, to: TO },
      language: "en",
      expiresAt: Date.now() - 1000,
    });
    expect((await shared(pastSigned)).status).toBe(404);

    // Altered signature, altered payload (a longer expiry under the old signature), another secret.
    const [body, signature] = token.split(".") as [string, string];
    const flipped = `${body}.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    const extended = `${Buffer.from(JSON.stringify({ ...payload, e: payload.e + 86_400 * 365 })).toString("base64url")}.${signature}`;
    const otherSecret = signShareToken(
      {
        clientAccountId: owner.clientId,
        period: { from: FROM, to: TO },
        language: "fr",
        expiresAt: Date.now() + 86_400_000,
      },
      "not-our-secret",
    );
    for (const bad of [flipped, extended, otherSecret, "nonsense", `${body}.`]) {
      const res = await shared(bad, "fr");
      expect(res.status, bad).toBe(404);
      expect(res.body).toMatchObject({
        found: false,
        title: "Rapport indisponible",
      });
    }
    // Correctly signed, but never given out (no row): not found either.
    const unlisted = signShareToken({
      clientAccountId: owner.clientId,
      period: { from: FROM, to: TO },
      language: "fr",
      expiresAt: Date.now() + 86_400_000,
    });
    expect((await shared(unlisted, "fr")).status).toBe(404);

    // Still valid until revoked; the stranger cannot revoke it.
    expect((await shared(token, "fr")).status).toBe(200);
    const revokeAs = (who: Who) => act(who, { intent: "revoke", shareId: link!.id });
    expect((await revokeAs("stranger")).status).toBe(302);
    expect((await shared(token, "fr")).status).toBe(200);
    expect((await revokeAs("owner")).status).toBe(302);
    expect((await shared(token, "fr")).status).toBe(404);
    const listed = await reportsPage("owner");
    expect(listed.body.shares.find((item: { id: string }) => item.id === link!.id).state).toBe("revoked");

    // The not-found page is translated and links nowhere.
    const html = await renderShared(flipped, "fr");
    expect(html).toContain("Rapport indisponible");
    expect(html).not.toMatch(/<a\s/i);
  });

  it("validates a share link's days (1–90) and answers with the typed values", async () => {
    const bad = await act("owner", shareForm("en", "91"));
    expect(bad.status).toBe(400);
    expect(bad.body.result.error.days).toEqual(["ads-reports:errors.days"]);
    expect(bad.body.result.initialValue).toMatchObject({
      days: "91",
      from: FROM,
    });
  });
});
