/**
 * The ad suite end to end without JavaScript, as a newcomer with the free trial: upload the
 * exports they downloaded (a Google Ads campaign report by day, the UTF-16 search terms report, a
 * keyword report, an Editor keywords export), check each preview, import; the dashboard shows the
 * period's figures; a bad file is answered with its line and column. Then, on the same exports
 * imported with the import page's own domain functions: the audit runs and grades; the tips are
 * worked out; a tip is applied and its Google Ads Editor CSV downloaded. Client accounts are
 * added, edited and deleted. Members come from the fixtures.
 */
import fs from "node:fs";
import { importFile, importThroughDomain, sampleFiles, tempFile } from "./support/ads";
import { expect, test, visit } from "./support/fixtures";
import { pressAndExpectGone } from "./support/forms";

/** The sample exports of the journey: the file names and the report each preview must name. */
const EXPORTS = (files: Record<string, string>) => {
  const editor = Object.keys(files).find((name) => name.endsWith("- Keywords.csv"))!;
  return [
    [files["Campaign report.csv"]!, "Campaign report"],
    [files["Search terms report.csv"]!, "Search terms report"],
    [files["Search keyword report.csv"]!, "Search keyword report"],
    [files[editor]!, "Google Ads Editor: keywords"],
  ] as const;
};

test("upload → preview → import → dashboard, and a bad file answered with its line and column, without JavaScript", async ({
  page,
  member: _,
}) => {
  await visit(page, "/en/dashboard");
  await page.getByRole("link", { name: "Ad tools" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Ad performance" })).toBeVisible();

  // A file that is not an export: where it went wrong, and nothing stored.
  const bad = tempFile(
    "campaigns.csv",
    'Campaign report\n"May 1, 2026 - May 31, 2026"\nCampaign,Impr.,Clicks,Cost,Currency code\nBrand,12x,5,1.00,USD\n',
  );
  await visit(page, "/en/ads/import");
  await page.getByLabel("Report file").setInputFiles(bad);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Line 4, column “Impr.”: expected a whole number, found “12x”.")).toBeVisible();
  await expect(page.getByText("Nothing imported into this client account yet.")).toBeVisible();

  for (const [file, report] of EXPORTS(sampleFiles())) await importFile(page, file, report);

  // The dashboard opens on the latest import's period, with the spec's words.
  await visit(page, "/en/ads");
  for (const label of ["Total spend", "Clicks", "Impressions", "Click-through rate", "Campaigns"])
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  await expect(page.locator("table").getByText("Generic - Hiking Gear", { exact: true }).first()).toBeVisible();
});

test("audit → tips worked out → a tip dismissed only with a reason, applied → its Editor CSV, without JavaScript", async ({
  page,
  member,
}) => {
  for (const [file] of EXPORTS(sampleFiles())) await importThroughDomain(member.id, file);

  // The audit grades the checks.
  await visit(page, "/en/ads");
  await page.getByRole("link", { name: "Audit", exact: true }).click();
  await page.getByRole("button", { name: "Run audit" }).click();
  await expect(page.getByText(/^[ABC]$/).first()).toBeVisible();

  // Tips: worked out now (the daily job does the same), applied, and the Editor file downloaded.
  await page.getByRole("link", { name: "Tips", exact: true }).click();
  await page.getByRole("button", { name: "Check for tips now" }).click();
  await expect(page.getByText(/^Checked: \d+ new tips?\.$/)).toBeVisible();
  const negatives = page
    .locator("li[id^=tip-]")
    .filter({ hasText: /search terms? in .* without a conversion/ })
    .first();
  await expect(negatives).toBeVisible();
  // Dismissing needs a reason (what was typed stays).
  await negatives.getByLabel("Note (optional)").fill("checking first");
  await negatives.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("Choose a reason for dismissing this tip.")).toBeVisible();
  const again = page
    .locator("li[id^=tip-]")
    .filter({ hasText: /search terms? in .* without a conversion/ })
    .first();
  await again.getByRole("button", { name: "Apply" }).click();
  // The answer is the tip itself, at the top, with its file and how to import it.
  const applied = page.getByTestId("just-applied");
  await expect(applied.getByText("Marked as applied. The change is ready as a file for Google Ads Editor:")).toBeVisible();
  await expect(applied.getByText("In Google Ads Editor: Account › Import › From file")).toBeVisible();
  const download = page.waitForEvent("download");
  await applied.getByRole("link", { name: "Download the Google Ads Editor file" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cashwise-add-negatives-.+\.csv$/);
  const csv = fs.readFileSync(await file.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe("Campaign,Ad Group,Keyword,Criterion Type");
  expect(csv).toMatch(/,Negative Exact\r\n/);
});

test("client accounts: add, edit (an empty name refused, the chosen industry kept), and delete (only when confirmed), without JavaScript", async ({
  page,
  member: _,
}) => {
  await visit(page, "/en/ads/accounts");
  await expect(page.getByText("My ads", { exact: true }).first()).toBeVisible();

  const add = page.getByRole("region", { name: "Add a client account" });
  await add.getByLabel("Name").fill("Café Noir");
  await add.getByRole("button", { name: "Add client account" }).click();
  await expect(page.getByText("Client account “Café Noir” added.")).toBeVisible();
  // The new client account's currency is not set until its first import.
  await expect(page.getByText("currency set by the first import").first()).toBeVisible();

  await page.getByRole("link", { name: "Edit Café Noir" }).click();
  await page.getByLabel("Name").fill("");
  await page.getByLabel("Industry").selectOption("real-estate");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a name.")).toBeVisible();
  await expect(page.getByLabel("Industry")).toHaveValue("real-estate");
  await page.getByLabel("Name").fill("Café Blanc");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Client account “Café Blanc” saved.")).toBeVisible();

  await page.getByRole("link", { name: "Edit Café Blanc" }).click();
  await page.getByRole("button", { name: "Delete client account" }).click();
  await expect(page.getByText("Tick the box to confirm the deletion.")).toBeVisible();
  await page.getByRole("checkbox", { name: "Yes, delete “Café Blanc” and its data" }).check();
  await pressAndExpectGone(
    page.getByRole("button", { name: "Delete client account" }),
    page.getByText("Client account “Café Blanc” and everything imported into it were deleted."),
    page.getByRole("link", { name: "Edit Café Blanc" }),
  );
});
