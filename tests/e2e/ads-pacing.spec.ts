/**
 * Budget pacing (#28) end to end without JavaScript: a new member's empty page says what to
 * import; with a Google Ads campaign report by day (40 days up to yesterday, two campaigns with
 * daily budgets) the month's table shows each campaign's budget and source, spend so far, the
 * recent rate and its days, the projection and the status, a chart each, the source file named;
 * the month selector opens the month before. The member's client account is in UTC, so "today"
 * is the server's UTC date.
 */
import { importThroughDomain, tempFile } from "./support/ads";
import { expect, expectTexts, test, visit } from "./support/fixtures";

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A campaign report by day: "Brand" ($50 budget) spends $50 a day, "Generic" ($100 budget) $40 a day. */
function campaignReport(): { file: string; previousMonth: string } {
  const today = Date.parse(`${dayOf(Date.now())}T00:00:00Z`);
  const days = Array.from({ length: 40 }, (_, i) => dayOf(today - (40 - i) * DAY_MS));
  const lines = [
    "Campaign report",
    `"${days[0]} - ${days.at(-1)}"`,
    "Day,Campaign status,Campaign,Budget,Budget type,Currency code,Impr.,Clicks,Cost,Conversions",
  ];
  for (const day of days) {
    lines.push(`${day},Enabled,Brand,50.00,Daily,USD,1000,50,50.00,2`);
    lines.push(`${day},Enabled,Generic,100.00,Daily,USD,1000,20,40.00,1`);
  }
  const first = new Date(today);
  const previous = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - 1, 1));
  return {
    file: tempFile("Campaign report.csv", `${lines.join("\n")}\n`),
    previousMonth: previous.toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" }),
  };
}

test("budget pacing: what to import, then each campaign's month against its budget with a chart, and the month before, without JavaScript", async ({
  page,
  member,
}) => {
  await visit(page, "/en/ads/pacing");
  await expect(page.getByRole("heading", { level: 1, name: "Budget pacing" })).toBeVisible();
  await expect(page.getByTestId("empty")).toContainText("No campaign budgets and daily spend yet");
  await expect(page.getByRole("link", { name: "Import a report" })).toBeVisible();

  const { file, previousMonth } = campaignReport();
  await importThroughDomain(member.id, file);
  await page.getByRole("navigation", { name: "Ad tools" }).getByRole("link", { name: "Pacing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Budget pacing" })).toBeVisible();
  await expect(page.getByTestId("pacing-sources")).toContainText("Spend by day: Campaign report.csv (Google Ads campaign report,");

  const rows = page.getByTestId("pacing-row");
  await expect(rows).toHaveCount(2);
  const brand = rows.filter({ hasText: "Brand" });
  await expectTexts(brand, ["$50.00", "campaign report", "$50.00 a day", "last 7 days with data:"]);
  await expect(brand.getByTestId("pacing-status")).toHaveText(/^On pace/);
  const generic = rows.filter({ hasText: "Generic" });
  await expect(generic).toContainText("$40.00 a day");
  await expect(generic.getByTestId("pacing-status")).toHaveText(/^Under \(-\d+(\.\d)?%\)$/);
  await expect(page.getByTestId("pacing-chart")).toHaveCount(2);
  await expect(page.getByTestId("pacing-chart").first().getByRole("img")).toBeVisible();

  await page.getByLabel("Month", { exact: true }).selectOption({ label: previousMonth });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  await expect(page.getByTestId("pacing-month")).toContainText(`${previousMonth}, measured to`);
  // A month that has ended is its spend: nothing is projected beyond it.
  await expect(rows.filter({ hasText: "Generic" }).getByTestId("pacing-status")).toHaveText(/^Under/);
  await expect(page.getByTestId("pacing-chart")).toHaveCount(2);
});
