import type { Page } from "@playwright/test";
import { e2eDatabase, test, visit } from "./support/fixtures";

const DIR = "/tmp/ui1/shots";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function shoot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage });
}

for (const scheme of ["light", "dark"] as const) {
  test(`member screens ${scheme}`, async ({ page, member }) => {
    await e2eDatabase().updateTable("users").set({ name: "Alexandra Katharina von Hohenberg-Schmidt" }).where("id", "=", member.id).execute();
    await page.emulateMedia({ colorScheme: scheme });
    for (const locale of ["en", "de"]) {
      await page.setViewportSize(PHONE);
      await visit(page, `/${locale}/dashboard`);
      await page.getByTestId("tab-more").locator("summary").click();
      await shoot(page, `tabbar-${locale}-phone-${scheme}`);
      await page.setViewportSize(DESKTOP);
      await visit(page, `/${locale}/profile`);
      await shoot(page, `profile-${locale}-desktop-${scheme}`);
      await page.setViewportSize(PHONE);
      await visit(page, `/${locale}/profile`);
      await shoot(page, `profile-${locale}-phone-${scheme}`, true);
    }
    await page.setViewportSize(DESKTOP);
    await visit(page, "/en/settings");
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await page.waitForURL(/#two-factor/);
    await shoot(page, `settings-2fa-desktop-${scheme}`);
  });

  test(`admin screens ${scheme}`, async ({ page, admin: _ }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const locale of ["en", "de"]) {
      await page.setViewportSize(PHONE);
      await visit(page, `/${locale}/admin/users`);
      await shoot(page, `admin-users-${locale}-phone-${scheme}`, true);
      await visit(page, `/${locale}/admin/stores`);
      await shoot(page, `admin-stores-${locale}-phone-${scheme}`);
      await visit(page, `/${locale}/admin/audit`);
      await shoot(page, `admin-audit-${locale}-phone-${scheme}`);
      await page.setViewportSize(DESKTOP);
      await visit(page, `/${locale}/admin/users`);
      await shoot(page, `admin-users-${locale}-desktop-${scheme}`);
    }
    await visit(page, "/en/admin/settings");
    await shoot(page, `admin-settings-desktop-${scheme}`, true);
  });
}
