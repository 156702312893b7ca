/** The back office's settings form as browser tests use it: a value refused on the server, with what was typed kept. */
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * On /admin/settings: the field labelled `label` shows `saved`; `typed` into it and saved is refused
 * with `message`, and the field keeps what was typed. Returns the field.
 */
export async function expectSettingRefused(
  page: Page,
  label: string,
  { saved, typed, message }: { saved: string; typed: string; message: string },
): Promise<Locator> {
  const field = page.getByLabel(label);
  await expect(field).toHaveValue(saved);
  await field.fill(typed);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(field).toHaveValue(typed);
  return field;
}
