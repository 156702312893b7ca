/** Forms as browser tests use them: labelled fields typed into and submitted, a refusal that keeps what was typed, a deletion confirmed. */
import { expect, type Locator, type Page } from "@playwright/test";

/** Fills each field of `form` labelled as a key of `fields` with its value, then presses the button named `button`. */
export async function submitForm(form: Page | Locator, button: string, fields: Record<string, string> = {}): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value);
  await form.getByRole("button", { name: button }).click();
}

/** `form` refused what was submitted: it shows `message`, and each field labelled as a key of `kept` still holds its value. */
export async function expectRefused(form: Page | Locator, message: string, kept: Record<string, string>): Promise<void> {
  await expect(form.getByText(message)).toBeVisible();
  for (const [label, value] of Object.entries(kept)) await expect(form.getByLabel(label)).toHaveValue(value);
}

/** Presses `button` (a delete form's): the page confirms with `message`, and `gone` is no longer on it. */
export async function pressAndExpectGone(button: Locator, message: Locator, gone: Locator): Promise<void> {
  await button.click();
  await expect(message).toBeVisible();
  await expect(gone).toHaveCount(0);
}
