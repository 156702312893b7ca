/**
 * Negative-keyword conflicts end to end (issue #28): a new member's empty page leads to the import,
 * a Google Ads Editor export with negatives at every level and a shared negative keyword list is
 * uploaded through the import page, the ad nav opens "Negative conflicts", each conflict shows both
 * sides with the file it was read from, and the Google Ads Editor file that removes the blocking
 * negatives downloads with `Status` `Removed`. Without JavaScript, and again with it (@js).
 */
import fs from "node:fs";
import { importFromEmptyPage } from "./support/ads";
import { expect, test, visit } from "./support/fixtures";

test("negative conflicts: an Editor export imported, each negative with the keyword it blocks, the Editor removal file downloaded @js", async ({
  page,
  member: _,
}) => {
  await visit(page, "/en/ads/negatives");
  await expect(page.getByRole("heading", { level: 1, name: "Negative conflicts" })).toBeVisible();
  await importFromEmptyPage(page, {
    empty: "No Google Ads Editor keywords export imported yet",
    link: "Import an export",
    fixture: "editor-negatives.csv",
    report: "Google Ads Editor: keywords",
    back: "Negative conflicts",
  });
  await expect(page.getByTestId("negatives-sources")).toContainText(
    "Keywords, negatives and shared negative keyword lists: editor-negatives.csv, imported",
  );
  await expect(page.getByTestId("negatives-checked")).toHaveText(
    "6 active keywords checked against 8 negative keywords; shared lists applied to campaigns: 1.",
  );
  await expect(page.getByTestId("conflict-count")).toHaveText("3 conflicts: negative keywords that block an active keyword.");

  const rows = page.getByTestId("conflict-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByRole("rowheader")).toHaveText("cheap");
  await expect(rows.nth(0).getByRole("cell")).toHaveText(["Broad", "List Cheap stuff", "cheap hiking boots", "Broad", "Hiking", "Boots"]);
  await expect(rows.nth(1).getByRole("rowheader")).toHaveText("[running shoes]");
  await expect(rows.nth(1).getByRole("cell")).toHaveText(["Exact", "Ad group Running", "running shoes", "Exact", "Running", "Shoes"]);
  await expect(rows.nth(2).getByRole("rowheader")).toHaveText('"trail"');
  await expect(rows.nth(2).getByRole("cell")).toHaveText(["Phrase", "The campaign", "trail running shoes", "Phrase", "Trail", "Shoes"]);

  const download = page.waitForEvent("download");
  await page.getByTestId("download-removal").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("cashwise-negative-conflicts-my-ads.csv");
  const lines = fs
    .readFileSync(await file.path(), "utf8")
    .trim()
    .split("\r\n");
  expect(lines).toEqual([
    "Campaign,Ad Group,Shared set name,Keyword,Criterion Type,Status",
    ",,Cheap stuff,cheap,Negative Broad,Removed",
    "Shoes,Running,,running shoes,Negative Exact,Removed",
    "Shoes,,,trail,Campaign Negative Phrase,Removed",
  ]);

  // The audit counts them.
  await visit(page, "/en/ads/audit");
  await page.getByRole("button", { name: "Run audit" }).click();
  const check = page.locator('[data-rule="negative-keyword-conflicts"]');
  await expect(check).toContainText("Negative keywords that block active keywords");
  await expect(check).toContainText("Conflicts:3");
});
