// Temporary: screenshots of the install offer (not committed).
import { expect, test, visit } from "./support/fixtures";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE, isMobile: true });
test("screens: install offer @js-only", async ({ page, context, member: _ }) => {
  await context.addInitScript(() => window.localStorage.setItem("cashwise:visits", "5"));
  for (const theme of ["light", "dark"] as const) {
    for (const locale of ["en", "de"]) {
      await page.emulateMedia({ colorScheme: theme });
      await visit(page, `/${locale}/dashboard`);
      await expect(page.getByTestId("install-offer")).toBeVisible();
      await page.screenshot({ path: `docs/screenshots/install-offer-phone-${theme}${locale === "en" ? "" : `-${locale}`}.png` });
    }
  }
});
