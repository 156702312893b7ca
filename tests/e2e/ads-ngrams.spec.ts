/**
 * The n-gram analysis end to end (#28 §1): a new member with a Google Ads search terms report
 * (tests/fixtures/ads/google-search-terms.csv, imported with the import page's own domain
 * functions) opens N-grams from the ad nav, sees the table with its source, keeps only the wasted
 * n-grams, selects two and downloads them as exact campaign negatives in a Google Ads Editor CSV;
 * without JavaScript and (@js) with it. Nothing selected answers the page with the reason.
 */
import fs from "node:fs";
import path from "node:path";
import { importThroughDomain } from "./support/ads";
import { expect, ready, test, visit } from "./support/fixtures";

test("n-grams: the table from a search terms report, only the wasted ones, two downloaded as Editor negatives @js", async ({
  page,
  member,
}) => {
  // Two full page loads of the table after the import, the error page and the download: a long journey.
  test.slow();
  await visit(page, "/en/ads/ngrams");
  await expect(page.getByTestId("empty")).toContainText("No search terms report imported yet");
  await importThroughDomain(member.id, path.resolve("tests/fixtures/ads/google-search-terms.csv"));

  await visit(page, "/en/ads");
  await page.getByRole("link", { name: "N-grams", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "N-gram analysis" })).toBeVisible();
  await expect(page.getByTestId("ngrams-source")).toHaveText(
    /^From google-search-terms\.csv \(Google Ads, imported [A-Z][a-z]+ \d{1,2}, \d{4}\): search terms of May 1, 2026 – May 31, 2026\.$/,
  );
  await expect(page.getByTestId("ngrams-summary")).toHaveText("4 search terms, $330.00 cost, 37 conversions in this view.");
  await ready(page);
  const rows = page.getByTestId("ngram-row");
  const row = (ngram: string) => rows.filter({ has: page.getByRole("rowheader", { name: ngram, exact: true }) });
  // Sorted by cost: "shoes" is in every term.
  await expect(rows.first().getByRole("rowheader")).toHaveText("shoes");
  await expect(row("shoes").getByRole("cell")).toContainText(["4", "4,500", "410", "$330.00", "37", "$0.00", "$8.92", "9%"]);
  await expect(row("jobs")).toContainText("Wasted: cost above the account's cost per conversion");
  await expect(row("running")).not.toContainText("Wasted");

  // Only the wasted ones.
  await page.getByLabel("Only wasted spend (significant cost, no conversion)").check();
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/[?&]wasted=1/);
  await expect(page.getByTestId("ngrams-count")).toHaveText("3 n-grams, 3 with wasted spend.");
  await expect(rows).toHaveCount(3);
  await expect(rows.getByRole("rowheader")).toHaveText(["jobs", "running shoes jobs", "shoes jobs"]);

  // Nothing selected: back to the same view, with the reason.
  await page.getByRole("button", { name: "Download Google Ads Editor CSV" }).click();
  await expect(page.getByText("Select at least one n-gram.")).toBeVisible();
  await expect(page).toHaveURL(/\/en\/ads\/ngrams\?.*wasted=1/);
  await ready(page);

  await page.getByLabel("Select jobs", { exact: true }).check();
  await page.getByLabel("Select shoes jobs", { exact: true }).check();
  await page.getByLabel("Match type").selectOption("exact");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Google Ads Editor CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("cashwise-negatives-exact-2026-05-01_2026-05-31.csv");
  const lines = fs
    .readFileSync(await file.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines).toEqual([
    "Campaign,Ad Group,Keyword,Criterion Type",
    "Generic Shoes,,jobs,Campaign Negative Exact",
    "Generic Shoes,,shoes jobs,Campaign Negative Exact",
  ]);
});
