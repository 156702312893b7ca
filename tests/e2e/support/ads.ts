/**
 * Ad suite helpers for end-to-end tests: the sample exports as files, an import through the real
 * pages (upload, preview, import; or from an ad page's empty state and back), and an import
 * arranged with the import page's own domain functions for tests whose subject is what comes after it.
 */
import "./e2e-env";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { ensureWorkspace } from "../../../app/ads/accounts.server";
import { afterAdImport } from "../../../app/ads/alerts.server";
import "../../../app/job-registry.server"; // afterAdImport queues the alerts job
import { stageImport, storeImport } from "../../../app/ads/imports.server";
import { generateSampleExports } from "../../../app/ads/sample/generate";
import { fixedT } from "../../../app/i18n/translator.server";
import { e2eDatabase, visit } from "./fixtures";

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** The sample exports (app/ads/sample/generate.ts, 90 days up to yesterday) written to a temporary folder: file name → path. */
export function sampleFiles(seed = "e2e"): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-ads-e2e-"));
  const files: Record<string, string> = {};
  for (const file of generateSampleExports({ endDay: yesterday(), seed })) {
    const target = path.join(dir, file.filename);
    fs.writeFileSync(target, file.bytes);
    files[file.filename] = target;
  }
  return files;
}

/** A file in a fresh temporary folder (for uploads that must have a given name). */
export function tempFile(name: string, bytes: string | Uint8Array): string {
  const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-e2e-file-")), name);
  fs.writeFileSync(target, bytes);
  return target;
}

/** Uploads `file` on the import page (of `client` when given), checks the preview names `report`, and stores it. */
export async function importFile(page: Page, file: string, report: string, client?: string) {
  await visit(page, client ? `/en/ads/import?client=${client}` : "/en/ads/import");
  await page.getByLabel("Report file").setInputFiles(file);
  await page.getByRole("button", { name: "Preview" }).click();
  // A file over 16 KB is read by a job: the page follows it (revalidating, or refreshing itself
  // without JavaScript) until the preview shows.
  await expect(page.getByText("Preview, not stored")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(report, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText(/Imported: [\d,]+ rows stored\./)).toBeVisible();
}

/**
 * Imports `file` into the owner's first client account (made as the ad pages make it on a first
 * visit, "My ads") the way the import page does: staged (parsed, previewed), then stored, then the
 * alerts told. Returns the stored import's id.
 */
export async function importThroughDomain(ownerId: string, file: string): Promise<string> {
  const db = e2eDatabase();
  const [client] = await ensureWorkspace(db, ownerId, fixedT("en", "ads")("accounts.defaultName"));
  const staged = await stageImport(db, {
    ownerId,
    clientAccountId: client!.id,
    filename: path.basename(file),
    bytes: fs.readFileSync(file),
  });
  const { outcome, importId } = await storeImport(db, ownerId, staged);
  if (outcome !== "stored") throw new Error(`${path.basename(file)} was not stored: ${outcome}`);
  await afterAdImport(db, client!.id);
  return importId;
}

/**
 * From an ad page's empty state (saying `empty`), its link `link` to the import page; the fixture
 * `fixture` (tests/fixtures/ads) imported as `report`; then back through the menu link `back` to its page.
 */
export async function importFromEmptyPage(
  page: Page,
  { empty, link, fixture, report, back }: { empty: string; link: string; fixture: string; report: string; back: string },
) {
  await expect(page.getByTestId("empty")).toContainText(empty);
  await page.getByRole("link", { name: link }).click();
  await expect(page).toHaveURL(/\/en\/ads\/import/);
  await importFile(page, path.resolve("tests/fixtures/ads", fixture), report);
  await page.getByRole("link", { name: back, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: back })).toBeVisible();
}
