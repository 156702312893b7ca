// Temporary: screenshots of the changed screens (not committed).
import type { Page } from "@playwright/test";
import { generateTips, listTips } from "../../app/ads/tips.server";
import { listClientAccounts } from "../../app/ads/accounts.server";
import { importThroughDomain, sampleFiles } from "./support/ads";
import { e2eDatabase, expect, test, visit } from "./support/fixtures";

const OUT = "docs/screenshots";
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
type Size = keyof typeof SIZES;

async function shoot(page: Page, name: string, size: Size, theme: "light" | "dark", locale: string, before?: () => Promise<void>) {
  await page.setViewportSize(SIZES[size]);
  await page.emulateMedia({ colorScheme: theme });
  if (before) await before();
  await page.screenshot({ path: `${OUT}/${name}-${size}-${theme}${locale === "en" ? "" : `-${locale}`}.png` });
}

const ALL = (["phone", "desktop"] as const).flatMap((size) =>
  (["light", "dark"] as const).flatMap((theme) => (["en", "de"] as const).map((locale) => ({ size, theme, locale }))),
);

test("screens: first steps @js-only", async ({ page, member: _ }) => {
  for (const { size, theme, locale } of ALL) {
    await page.setViewportSize(SIZES[size]);
    await visit(page, `/${locale}/dashboard`);
    await page.getByTestId("first-steps").scrollIntoViewIfNeeded();
    await shoot(page, "first-steps", size, theme, locale);
  }
});

test("screens: tips apply @js-only", async ({ page, member }) => {
  test.setTimeout(120_000);
  for (const file of Object.values(sampleFiles())) await importThroughDomain(member.id, file);
  const [client] = await listClientAccounts(e2eDatabase(), member.id);
  await generateTips(e2eDatabase(), client!.id);
  await visit(page, `/en/ads/tips?client=${client!.id}`);
  await page.locator("li[id^=tip-]").filter({ hasText: /without a conversion/ }).first().getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("just-applied")).toBeVisible();
  const tip = (await listTips(e2eDatabase(), member.id, client!.id)).applied[0]!;
  for (const { size, theme, locale } of ALL) {
    await page.setViewportSize(SIZES[size]);
    await visit(page, `/${locale}/ads/tips?client=${client!.id}&applied=${tip.id}`);
    await page.getByTestId("just-applied").scrollIntoViewIfNeeded();
    await shoot(page, "tips-apply", size, theme, locale);
  }
});

test("screens: sign-in error @js-only", async ({ page, baseURL, visitor: _ }) => {
  for (const { size, theme, locale } of ALL) {
    await page.request.post(`/${locale}/auth/facebook`, { form: { intent: "signin" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    await page.setViewportSize(SIZES[size]);
    await visit(page, `/${locale}/signin`);
    await expect(page.getByRole("alert")).toBeVisible();
    await shoot(page, "signin-error", size, theme, locale);
  }
});

test("screens: install offer and chart focus @js-only", async ({ page, demoMember: _ }) => {
  for (const { size, theme, locale } of ALL) {
    await page.setViewportSize(SIZES[size]);
    await visit(page, `/${locale}/dashboard`);
    const explorer = page.getByTestId("chart-explorer");
    await explorer.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await shoot(page, "chart-focus", size, theme, locale);
  }
});
