/**
 * The ad suite's part 2 end to end without JavaScript, and the part 1 forms ads.spec.ts does not
 * cover: alerts (add with a bad threshold refused, turn off and on, delete), the audit thresholds
 * (a value saved, a wrong one refused with what was typed kept, reset), the keyword generator
 * (ideas grouped into themes with where their figures come from, a list saved and downloaded as CSV
 * and as a Google Ads Editor CSV, deleted), competitors (an Auction insights export imported, the
 * table, the flags and the charts), and white-label reports (branding, the logo checked by its
 * content, the PDF, a share link opened by a stranger and revoked). The report PDF's first page is
 * also rendered to PNG with pdf.js in the browser (@js-only).
 *
 * The suite runs in parallel against one database: what the demo member's tests change lives on
 * their own rows (a distinct campaign name, the second client account "Zephyr Bikes"), and the
 * tests that need data or a workspace of their own (keywords, competitors, branding, the schedule)
 * take a new member from the fixtures and import fixtures, so their figures are known exactly: an
 * upload through the pages where its preview is part of the story (the Keyword Planner export, the
 * Auction insights export), else with the import page's own domain functions. People are signed in
 * by the fixtures (the demo member, a new member), never through the sign-in form.
 */
import fs from "node:fs";
import path from "node:path";
import { importFile, importFromEmptyPage, importThroughDomain, sampleFiles, tempFile } from "./support/ads";
import { expect, ready, test, visit } from "./support/fixtures";
import { DEMO_AD_CLIENT_ID } from "./support/paths";
import { uniqueAddress } from "./support/visitor";
import { expectRefused, pressAndExpectGone, submitForm } from "./support/forms";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("alerts: add (a zero amount refused, what was typed kept), turn off and on, delete, without JavaScript", async ({
  page,
  demoMember: _,
}) => {
  const campaign = `E2E alert ${unique()}`;
  const url = `/en/ads/alerts?client=${DEMO_AD_CLIENT_ID}`;
  await visit(page, url);
  await expect(page.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
  await expect(page.getByText("Alerts watch the figures of Zephyr Bikes")).toBeVisible();

  const add = page.getByRole("region", { name: "Add an alert" });
  await add.getByLabel("What to watch").selectOption("cpa");
  await add.getByLabel("Threshold", { exact: true }).fill("0");
  await add.getByLabel("Campaign (optional)").fill(campaign);
  await add.getByRole("button", { name: "Add alert" }).click();
  await expect(page.getByText("Enter an amount above 0 with at most two decimals (up to 10,000,000).")).toBeVisible();
  await expect(add.getByLabel("What to watch")).toHaveValue("cpa");
  await expect(add.getByLabel("Threshold", { exact: true })).toHaveValue("0");
  await expect(add.getByLabel("Campaign (optional)")).toHaveValue(campaign);
  await expect(page.getByTestId("alert-row").filter({ hasText: campaign })).toHaveCount(0);

  await add.getByLabel("Threshold", { exact: true }).fill("75.5");
  await add.getByRole("button", { name: "Add alert" }).click();
  await expect(page.getByText("Alert added. It is checked after every import and once a day.")).toBeVisible();
  const row = page.getByTestId("alert-row").filter({ hasText: `Campaign: ${campaign}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Cost per conversion above");
  // Zephyr Bikes has no import yet, so no currency: the amount without a symbol.
  await expect(row.getByRole("cell").nth(1)).toHaveText("75.50");
  await expect(row).toContainText("On");
  await expect(row).toContainText("Never");

  await row.getByRole("button", { name: /^Turn off\s*: Cost per conversion above$/ }).click();
  await expect(page.getByText("Alert turned off.")).toBeVisible();
  await expect(row.getByText("Off", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: /^Turn on\s*: Cost per conversion above$/ }).click();
  await expect(page.getByText("Alert turned on.")).toBeVisible();
  await expect(row.getByText("On", { exact: true })).toBeVisible();

  await pressAndExpectGone(
    row.getByRole("button", { name: /^Delete\s*: Cost per conversion above$/ }),
    page.getByText("Alert deleted."),
    page.getByTestId("alert-row").filter({ hasText: campaign }),
  );
});

test("audit thresholds: a value saved (in German with its decimal comma), wrong ones refused with what was typed kept, reset, without JavaScript", async ({
  page,
  demoMember: _,
}) => {
  await visit(page, `/en/ads/audit/settings?client=${DEMO_AD_CLIENT_ID}`);
  await expect(page.getByRole("heading", { level: 1, name: "Audit thresholds" })).toBeVisible();
  const gradeA = page.getByLabel("Grade A below", { exact: true });
  const gradeB = page.getByLabel("Grade B below", { exact: true });
  await expect(gradeA).toHaveValue("5");

  // A comma on an English page could be a thousands separator: refused, never guessed.
  await gradeA.fill("4,5");
  await page.getByRole("button", { name: "Save thresholds" }).click();
  await expect(page.getByText("Enter a number, for example 20 or 12.5.")).toBeVisible();
  await gradeA.fill("4.5");
  await page.getByRole("button", { name: "Save thresholds" }).click();
  await expect(page.getByText("The thresholds are saved. They apply from the next audit.")).toBeVisible();
  await expect(gradeA).toHaveValue("4.5");
  // The German page shows and takes it with the decimal comma.
  await visit(page, `/de/ads/audit/settings?client=${DEMO_AD_CLIENT_ID}`);
  await expect(page.getByLabel("Note A unter", { exact: true })).toHaveValue("4,5");
  await visit(page, `/en/ads/audit/settings?client=${DEMO_AD_CLIENT_ID}`);
  await expect(gradeA).toHaveValue("4.5");

  // Not a number: refused, the typed text kept, nothing saved.
  await gradeA.fill("abc");
  await gradeB.fill("12");
  await page.getByRole("button", { name: "Save thresholds" }).click();
  await expect(page.getByRole("alert")).toContainText("One value needs correcting.");
  await expect(page.getByText("Enter a number, for example 20 or 12.5.")).toBeVisible();
  await expect(gradeA).toHaveValue("abc");
  await expect(gradeA).toHaveAttribute("aria-invalid", "true");
  await expect(gradeB).toHaveValue("12");
  // A lower bound above its upper bound: refused too.
  await gradeA.fill("15");
  await page.getByRole("button", { name: "Save thresholds" }).click();
  await expect(page.getByText("This lower bound must not be above its upper bound.")).toBeVisible();
  await visit(page, `/en/ads/audit/settings?client=${DEMO_AD_CLIENT_ID}`);
  await expect(gradeA).toHaveValue("4.5");
  await expect(gradeB).toHaveValue("10");

  await page.getByRole("button", { name: "Reset to defaults" }).click();
  await expect(page.getByText("Every threshold is back to its default.")).toBeVisible();
  await expect(gradeA).toHaveValue("5");
});

test("keyword generator: ideas in themes with their figures' source, a list saved, its CSV and Editor CSV downloaded, deleted, without JavaScript", async ({
  page,
  member,
}) => {
  // The figures' two sources: a Keyword Planner export (UTF-16, volume buckets), uploaded and
  // previewed here, and the account's keyword report (imported as the import page stores it).
  await importFile(page, path.resolve("tests/fixtures/ads/keyword-planner.csv"), "Google Keyword Planner: keyword ideas");
  await importThroughDomain(member.id, path.resolve("tests/fixtures/ads/google-keywords.csv"));
  await visit(page, "/en/ads");
  await page.getByRole("link", { name: "Keywords", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Keyword generator" })).toBeVisible();

  // Blank lines only: refused by the server.
  await page.getByLabel("Seed keywords").fill("  \n ");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByText("Enter at least one seed keyword.")).toBeVisible();
  await expect(page.getByTestId("keyword-results")).toHaveCount(0);

  // "running shoes" is in the Keyword Planner export, "acme shoes" only in the account's keyword
  // report, the made-up "quokkafell gaiters" in neither.
  const seeds = "running shoes\nacme shoes\nquokkafell gaiters";
  await page.getByLabel("Seed keywords").fill(seeds);
  await page.getByLabel("Negative words (optional)").fill("free");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const results = page.getByTestId("keyword-results");
  await expect(results.getByRole("heading", { name: "Keyword ideas" })).toBeVisible();
  await expect(results.getByText(/^\d+ keywords in \d+ ad-group themes\.$/)).toBeVisible();
  // The whole answer parsed (the document arrives in parts) before counting, or proving something absent.
  await ready(page);
  await expect(page.getByTestId("keyword-theme").nth(1)).toBeAttached();
  const row = (keyword: string) => page.getByTestId("keyword-row").filter({ has: page.getByRole("cell", { name: keyword, exact: true }) });
  await expect(row("running shoes")).toHaveCount(1);
  await expect(row("running shoes")).toContainText("Your seed");
  await expect(row("running shoes")).toHaveAttribute("data-source", "keyword-planner");
  await expect(row("running shoes").getByRole("cell").nth(2)).toHaveText("Keyword Planner (estimate)");
  await expect(row("running shoes").getByRole("cell").nth(3)).toContainText("1,300 searches a month");
  await expect(row("running shoes").getByRole("cell").nth(3)).toContainText("competition high (87/100) · top-of-page bid $0.62 – $2.15");
  // A bucket stays a range.
  await expect(row("buy running shoes").getByRole("cell").nth(3)).toContainText(
    /1,000 – 10,000 searches a month\s*\(range, not an exact count\)/,
  );
  await expect(row("acme shoes")).toHaveAttribute("data-source", "account");
  await expect(row("acme shoes").getByRole("cell").nth(2)).toHaveText("From your account");
  await expect(row("acme shoes").getByRole("cell").nth(3)).toContainText("2,000 impressions, 300 clicks, $150.00 cost · CPC $0.50");
  await expect(row("acme shoes").getByRole("cell").nth(3)).toContainText("Measured: your keyword with this text");
  await expect(row("quokkafell gaiters")).toHaveAttribute("data-source", "none");
  await expect(row("quokkafell gaiters").getByRole("cell").nth(2)).toHaveText("No data");
  await expect(row("best quokkafell gaiters")).toContainText("Comparison");
  await expect(row("buy quokkafell gaiters")).toContainText("Buying intent");
  // The kinds of expansion the issue names, and nothing with the negative word.
  // The export's own ideas containing a seed, with their trend, and how many there were.
  await expect(results.getByTestId("keyword-planner-matches")).toHaveText(
    "5 of the 5 ideas in your Keyword Planner export contain a seed; they come first, most searched first.",
  );
  await expect(row("trail running shoes")).toContainText("Keyword Planner idea");
  await expect(row("trail running shoes").getByTestId("keyword-trend")).toHaveText("trend -10% over 3 months, +20% year on year");
  for (const kind of ["Question", "Audience or condition", "Word order"])
    await expect(results.getByRole("cell", { name: kind, exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("keyword-row").filter({ hasText: /\bfree\b/ })).toHaveCount(0);
  // The seeds stay in the form.
  await expect(page.getByLabel("Seed keywords")).toHaveValue(seeds);

  // Saving needs a name; the ideas stay on the page.
  const save = page.getByRole("region", { name: "Save this list" });
  await save.getByRole("button", { name: "Save list" }).click();
  await expect(page.getByText("Give the list a name of at most 100 characters.")).toBeVisible();
  await expect(row("running shoes")).toHaveCount(1);
  const name = `E2E shoes ${unique()}`;
  await save.getByLabel("Name of the list").fill(name);
  await save.getByRole("button", { name: "Save list" }).click();
  await expect(page.getByText(new RegExp(`^The list “${name}” is saved with \\d+ keywords\\.$`))).toBeVisible();
  await ready(page);
  const list = page.getByTestId("keyword-list").filter({ hasText: name });
  await expect(list).toHaveCount(1);
  const count = Number((await list.getByRole("cell").nth(1).textContent())!.replace(/\D/g, ""));
  expect(count).toBeGreaterThan(10);

  let download = page.waitForEvent("download");
  await list.getByRole("link", { name: /^CSV\s*:/ }).click();
  let file = await download;
  expect(file.suggestedFilename()).toMatch(/^cashwise-keywords-e2e-shoes-[a-z0-9]+\.csv$/);
  const csv = fs.readFileSync(await file.path(), "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    "Keyword,Ad group,Made from,Source,Avg. monthly searches (estimate),Searches range,Competition,Competition index,Top of page bid (low),Top of page bid (high),Impressions,Clicks,Cost,Avg. CPC,Conversions,Period,Currency",
  );
  expect(lines).toHaveLength(count + 1);
  expect(lines.find((line) => line.startsWith("running shoes,"))).toMatch(
    /^running shoes,[^,]+,Your seed,Keyword Planner \(estimate\),1300,,high,87,0\.62,2\.15,/,
  );
  expect(lines.find((line) => line.startsWith("acme shoes,"))).toBe(
    "acme shoes,acme shoes,Your seed,From your account (your keyword),,,,,,,2000,300,150.00,0.50,30,2026-05-01..2026-05-31,USD",
  );
  expect(lines.find((line) => line.startsWith("quokkafell gaiters,"))).toMatch(/^quokkafell gaiters,[^,]+,Your seed,No data,/);

  download = page.waitForEvent("download");
  await list.getByRole("link", { name: /^Google Ads Editor CSV\s*:/ }).click();
  file = await download;
  expect(file.suggestedFilename()).toMatch(/^cashwise-keywords-e2e-shoes-[a-z0-9]+-editor\.csv$/);
  const editor = fs
    .readFileSync(await file.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(editor[0]).toBe("Campaign,Ad Group,Keyword,Criterion Type");
  // Each keyword twice, as Exact and as Phrase, in the list's campaign.
  expect(editor).toHaveLength(count * 2 + 1);
  expect(editor).toContainEqual(expect.stringMatching(new RegExp(`^${name},[^,]+,running shoes,Exact$`)));
  expect(editor).toContainEqual(expect.stringMatching(new RegExp(`^${name},[^,]+,running shoes,Phrase$`)));

  // Another member's list is not found.
  const other = await page.request.get(
    new URL((await list.getByRole("link", { name: /^CSV\s*:/ }).getAttribute("href"))!, page.url())
      .toString()
      .replace(/keywords\/[0-9a-f-]{36}/, "keywords/00000000-0000-4000-8000-000000000000"),
  );
  expect(other.status()).toBe(404);

  await pressAndExpectGone(
    list.getByRole("button", { name: /^Delete\s*:/ }),
    page.getByText("The list is deleted."),
    page.getByTestId("keyword-list").filter({ hasText: name }),
  );
});

test("competitors: an Auction insights export imported, the latest period's table, new entrants and gainers flagged, a chart each, without JavaScript", async ({
  page,
  member: _,
}) => {
  await visit(page, "/en/ads/competitors");
  await importFromEmptyPage(page, {
    empty: "No Auction insights imported yet",
    link: "Import a report",
    fixture: "google-auction-insights.csv",
    report: "Auction insights report",
    back: "Competitors",
  });
  await expect(page.getByTestId("latest-period")).toHaveText("Latest period: May 18, 2026, out of 3 periods imported.");

  const flags = page.getByTestId("competitor-flags");
  await expect(flags.getByRole("listitem")).toHaveCount(2);
  await expect(flags.getByRole("listitem").filter({ hasText: "newshop.example" })).toHaveText(
    "newshop.example: New entrant · impression share 16%, change –",
  );
  await expect(flags.getByRole("listitem").filter({ hasText: "rival.example" })).toHaveText(
    "rival.example: Gaining share, Now above you · impression share 44.6%, change +6.1 pts",
  );

  const rows = page.getByTestId("competitor-row");
  await expect(rows).toHaveCount(4);
  // The client's own row first, then by the latest impression share.
  await expect(rows.nth(0).getByRole("rowheader")).toHaveText("You");
  await expect(rows.nth(0)).toContainText("42.1%");
  await expect(rows.nth(0)).toContainText("-3.1 pts");
  await expect(rows.nth(1).getByRole("rowheader")).toHaveText("rival.example");
  await expect(rows.nth(1).getByRole("cell")).toHaveText([
    "44.6%",
    "58.3%",
    "53.2%",
    "75%",
    "33%",
    "31.2%",
    "+6.1 pts",
    "Gaining shareNow above you",
  ]);
  await expect(rows.nth(2).getByRole("rowheader")).toHaveText("newshop.example");
  await expect(rows.nth(2)).toContainText("New entrant");
  // "< 10%" stays a bound: a share somewhere in 0–10%, so its change is a range and never a flag.
  await expect(rows.nth(3).getByRole("rowheader")).toHaveText("small.example");
  await expect(rows.nth(3).getByRole("cell").first()).toHaveText("< 10%");
  await expect(rows.nth(3).getByRole("cell").last()).toHaveText("");

  const charts = page.getByTestId("competitor-chart");
  await expect(charts).toHaveCount(4);
  await expect(charts.first().getByRole("heading")).toHaveText("You");
  await expect(page.getByRole("img", { name: /Impression share of rival\.example/ })).toBeVisible();
});

test("white-label reports: branding (a bad colour refused), the logo checked by its content, the PDF, a share link for a stranger, revoked, without JavaScript", async ({
  page,
  member,
  browser,
}) => {
  const files = sampleFiles("reports");
  await importThroughDomain(member.id, files["Campaign report.csv"]!);
  // A Keyword Planner export imported after it covers a year of searches, not of ad figures.
  await importThroughDomain(member.id, path.resolve("tests/fixtures/ads/keyword-planner.csv"));
  const agency = `Peak Media ${unique()}`;

  await visit(page, "/en/ads");
  await page.getByRole("link", { name: "Reports", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "White-label reports" })).toBeVisible();
  const brand = page.getByRole("region", { name: "Branding" });
  const footer = "Peak Media · hello@peak.example";
  await submitForm(brand, "Save branding", {
    "Agency name": agency,
    "Primary colour": "green",
    "Accent colour": "#0369A1",
    "Footer text": footer,
  });
  await expectRefused(brand, "Please enter a colour as # followed by six hex digits, such as #047857.", {
    "Primary colour": "green",
    "Agency name": agency,
    "Footer text": footer,
  });
  await submitForm(brand, "Save branding", { "Primary colour": "#1D4ED8" });
  await expect(page.getByText("Your branding has been saved.")).toBeVisible();
  await expect(brand.getByLabel("Agency name")).toHaveValue(agency);
  await expect(brand.getByLabel("Primary colour")).toHaveValue("#1d4ed8");
  await expect(brand.getByLabel("Accent colour")).toHaveValue("#0369a1");

  // A logo is checked by its bytes: a text file named .png is refused, a real PNG accepted.
  await expect(brand.getByText("No logo yet: reports show the agency name only.")).toBeVisible();
  await brand.getByLabel("Logo file").setInputFiles(tempFile("logo.png", "not an image at all, just text\n"));
  await brand.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("That file is not a PNG or JPEG image.")).toBeVisible();
  await expect(page.getByTestId("report-logo")).toHaveCount(0);
  await brand.getByLabel("Logo file").setInputFiles(path.resolve("public/icons/icon-192.png"));
  await brand.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("Your logo has been uploaded.")).toBeVisible();
  const logo = await page.request.get((await page.getByTestId("report-logo").getAttribute("src"))!);
  expect(logo.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await logo.body()).equals(fs.readFileSync("public/icons/icon-192.png"))).toBe(true);

  // The PDF: offered for the latest performance import's period (the campaign report's 90 days up to yesterday).
  const pdfForm = page.getByTestId("report-pdf-form");
  const from = await pdfForm.getByLabel("From").inputValue();
  const to = await pdfForm.getByLabel("To").inputValue();
  expect(to).toBe(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  expect((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1).toBe(90);
  const download = page.waitForEvent("download");
  await pdfForm.getByRole("button", { name: "Download PDF" }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`my-ads-${from}-${to}.pdf`);
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");
  const direct = await page.request.get(pdf.url());
  expect(direct.status()).toBe(200);
  expect(direct.headers()["content-type"]).toBe("application/pdf");
  expect(direct.headers()["content-disposition"]).toBe(`attachment; filename="my-ads-${from}-${to}.pdf"`);
  expect(direct.headers()["cache-control"]).toBe("no-store");

  // A share link, opened by someone who is not signed in.
  const share = page.getByRole("region", { name: "Share links" });
  await expect(share.getByText("No share links yet for this client account.")).toBeVisible();
  await share.getByLabel("Valid for (days, 1–90)").fill("7");
  await share.getByRole("button", { name: "Create share link" }).click();
  await expect(page.getByText("A share link has been created. Copy it from the list below.")).toBeVisible();
  const shared = page.getByTestId("report-share");
  await expect(shared).toHaveCount(1);
  await expect(shared).toContainText("Active");
  const link = await shared.getByTestId("report-share-url").inputValue();
  expect(link).toMatch(/\/en\/report\/[^/?#]+$/);
  const sharePath = new URL(link).pathname;

  const stranger = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() } });
  const visitor = await stranger.newPage();
  const opened = await visitor.goto(sharePath);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  const report = visitor.getByTestId("shared-report");
  await expect(report.getByText(agency, { exact: true })).toBeVisible();
  await expect(report.getByText("Client account: My ads")).toBeVisible();
  await expect(report.getByRole("img", { name: `Logo of ${agency}` })).toBeVisible();
  await expect(report.getByText("Peak Media · hello@peak.example")).toBeVisible();
  for (const [key, label] of [
    ["spendCents", "Total spend"],
    ["clicks", "Clicks"],
    ["impressions", "Impressions"],
    ["conversions", "Conversions"],
  ] as const) {
    await expect(visitor.getByTestId(`shared-kpi-${key}`).locator("dt")).toHaveText(label);
  }
  await expect(visitor.getByTestId("shared-kpi-spendCents").locator("dd").first()).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(visitor.getByTestId("shared-kpi-clicks").locator("dd").first()).toHaveText(/^[1-9][\d,]*$/);
  await expect(report.getByRole("heading", { name: "Top campaigns" })).toBeVisible();
  // Nothing of the product around it: no navigation, no link anywhere but on the page itself.
  await expect(visitor.getByRole("navigation")).toHaveCount(0);
  const hrefs = await visitor.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(hrefs.filter((href) => !href.startsWith("#"))).toEqual([]);
  expect((await stranger.cookies()).map((cookie) => cookie.name)).not.toContain("__session");
  // The token is the whole key: an altered one opens nothing.
  const altered = await visitor.goto(`${sharePath.slice(0, -2)}${sharePath.endsWith("AA") ? "BB" : "AA"}`);
  expect(altered?.status()).toBe(404);
  await expect(visitor.getByTestId("shared-report-not-found")).toContainText("Report not available");

  await shared.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("The share link has been revoked.")).toBeVisible();
  await expect(page.getByTestId("report-share")).toContainText("Revoked");
  await expect(page.getByTestId("report-share-url")).toHaveCount(0);
  const revoked = await visitor.goto(sharePath);
  expect(revoked?.status()).toBe(404);
  await expect(visitor.getByTestId("shared-report-not-found")).toContainText(
    "This report link has expired, has been revoked or is not valid.",
  );
  await expect(visitor.getByText(agency)).toHaveCount(0);
  await stranger.close();
});

test("the report PDF's first page rendered to PNG with pdf.js is a real page @js-only", async ({
  page: member,
  demoMember: _,
  browser,
}, testInfo) => {
  await visit(member, "/en/ads/reports");
  const form = member.getByTestId("report-pdf-form");
  const query = new URLSearchParams({
    client: await form.locator("input[name=client]").inputValue(),
    from: await form.getByLabel("From").inputValue(),
    to: await form.getByLabel("To").inputValue(),
    language: "en",
  });
  // Offered first: the period of the latest performance import (the sample's 90 days), not the
  // year of the Keyword Planner export the seed imported last.
  const days = (Date.parse(query.get("to")!) - Date.parse(query.get("from")!)) / 86_400_000 + 1;
  expect(days).toBeGreaterThanOrEqual(28);
  expect(days).toBeLessThanOrEqual(92);
  const response = await member.request.get(`/en/ads/reports/pdf?${query}`);
  expect(response.status()).toBe(200);
  const pdf = Buffer.from(await response.body());
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // pdf.js from node_modules, served to a blank page at an address of its own (no app, no CSP).
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 1000, height: 1400 } });
  const page = await context.newPage();
  const root = path.resolve("node_modules/pdfjs-dist");
  await context.route("http://pdfjs.test/**", async (route) => {
    const pathname = decodeURIComponent(new URL(route.request().url()).pathname);
    if (pathname === "/")
      return route.fulfill({ contentType: "text/html", body: '<!doctype html><html><body style="margin:0"></body></html>' });
    const file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    const type = file.endsWith(".mjs") ? "text/javascript" : file.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return route.fulfill({ contentType: type, body: fs.readFileSync(file) });
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("http://pdfjs.test/");
  const rendered = await page.evaluate(async (base64) => {
    const pdfjs = await import("http://pdfjs.test/build/pdf.mjs" as string);
    pdfjs.GlobalWorkerOptions.workerSrc = "http://pdfjs.test/build/pdf.worker.mjs";
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const doc = await pdfjs.getDocument({ data, standardFontDataUrl: "http://pdfjs.test/standard_fonts/" }).promise;
    const first = await doc.getPage(1);
    const viewport = first.getViewport({ scale: 1.5 });
    const canvas = document.createElement("canvas");
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    document.body.append(canvas);
    await first.render({ canvasContext: canvas.getContext("2d")!, viewport }).promise;
    const pixels = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let ink = 0;
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
      if (r < 235 || g < 235 || b < 235) ink += 1;
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured += 1;
    }
    const items = (await first.getTextContent()).items as Array<{ str?: string; transform?: number[] }>;
    const text = items.map((item) => item.str ?? "").join(" ");
    // Where each text first sits on the page (its baseline, in PDF points from the bottom).
    const baselines: Record<string, number> = {};
    for (const item of items) if (item.str && item.transform && !(item.str in baselines)) baselines[item.str] = item.transform[5]!;
    return {
      pages: doc.numPages,
      width: canvas.width,
      height: canvas.height,
      ink: ink / (pixels.length / 4),
      coloured,
      text,
      baselines,
      png: canvas.toDataURL("image/png"),
    };
  }, pdf.toString("base64"));
  expect(errors).toEqual([]);

  const png = Buffer.from(rendered.png.replace(/^data:image\/png;base64,/, ""), "base64");
  const target = testInfo.outputPath("report-page-1.png");
  fs.writeFileSync(target, png);
  await testInfo.attach("report-page-1", { path: target, contentType: "image/png" });
  // An A4 page at 1.5 × 72 dpi, a PNG of a real page (not a few bytes of white).
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([rendered.width, rendered.height]);
  expect(rendered.width).toBeGreaterThan(800);
  expect(rendered.height).toBeGreaterThan(rendered.width);
  expect(png.length).toBeGreaterThan(20_000);
  expect(rendered.pages).toBeGreaterThanOrEqual(1);
  // Text, charts and the brand colour: a good share of the page is not white, some of it in colour.
  expect(rendered.ink).toBeGreaterThan(0.03);
  expect(rendered.ink).toBeLessThan(0.9);
  expect(rendered.coloured).toBeGreaterThan(1_000);
  // And the page reads as the report: the client and the key figures.
  expect(rendered.text).toContain("Northwind Outdoor");
  expect(rendered.text).toContain("Total spend");
  // The key figures in rows of three panels: each row's labels on one line (not a staircase).
  for (const row of [
    ["Total spend", "Impressions", "Clicks"],
    ["Click-through rate", "Average CPC", "Conversions"],
  ]) {
    const [first, ...rest] = row.map((label) => rendered.baselines[label]);
    expect(first).toBeDefined();
    for (const other of rest) expect(Math.abs(other! - first!)).toBeLessThan(1);
  }
  expect(rendered.baselines["Click-through rate"]!).toBeLessThan(rendered.baselines["Total spend"]! - 40);
  await context.close();
});

test("monthly report by e-mail: a bad address refused with what was typed kept, the schedule saved, without JavaScript", async ({
  page,
  member: _,
}) => {
  await visit(page, "/en/ads/reports");
  const schedule = page.getByRole("region", { name: "Monthly report by email" });
  await expect(schedule.getByText("No monthly report has been sent yet.")).toBeVisible();
  await schedule.getByLabel("Report language").selectOption("de");
  await submitForm(schedule, "Save schedule", { Recipients: "client@shop.example\nnot-an-address" });
  await expectRefused(schedule, "Not a valid email address: not-an-address", {
    Recipients: "client@shop.example\nnot-an-address",
    "Report language": "de",
  });

  await submitForm(schedule, "Save schedule", { Recipients: "client@shop.example\nboss@shop.example" });
  await expect(page.getByText("The monthly report schedule has been saved.")).toBeVisible();
  await expect(schedule.getByLabel("Recipients")).toHaveValue("client@shop.example\nboss@shop.example");
  await expect(schedule.getByLabel("Report language")).toHaveValue("de");
  await expect(schedule.getByLabel("Send this report every month")).toBeChecked();
});
