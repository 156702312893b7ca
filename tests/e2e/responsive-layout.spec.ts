/**
 * Layout checks measured in the browser (issue #24, "What a newcomer stumbles over"), without
 * JavaScript: the phone's tab bar in German (labels inside their own tabs, "Mehr" opening every
 * other section), the back office's lists at 390 px (nothing wider than the screen, each row a card
 * of "label: value" lines: the one DataTable), the profile's header at 1280 px (name, "Member
 * since" and the badge each on one line, a file input wide enough for its text) and the dark
 * theme's controls (the surface colour, not the browser's grey; the 2FA heading below the sticky
 * header).
 */
import type { Locator, Page } from "@playwright/test";
import { e2eDatabase, expect, test, visit } from "./support/fixtures";

const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, "the element has a box").not.toBeNull();
  return found!;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The elements of the page wider than the viewport or reaching past its right edge (tag and text). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Content inside a visually hidden box (a screen reader's, clipped to nothing) is not on screen.
      let clipped = false;
      for (let box: HTMLElement | null = element; box && !clipped; box = box.parentElement) {
        const style = getComputedStyle(box);
        clipped = style.position === "absolute" && style.clip !== "auto";
      }
      if (clipped) continue;
      // Nor is what a closed menu (a `<details>`) holds beside its summary.
      const menu = element.closest("details");
      if (menu && !menu.open && !element.closest("summary")) continue;
      if (rect.right > width + 1 || rect.left < -1)
        found.push(`${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 40)}`);
    }
    return found;
  });
}

/** How many lines of text an element takes (its height over its line height). */
async function lines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const lineHeight = Number.parseFloat(style.lineHeight);
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    return Math.round((element.getBoundingClientRect().height - padding) / lineHeight);
  });
}

/** The tab bar's five labels: each on one line inside its own tab, none overlapping another. */
async function expectTabLabelsFit(page: Page, where: string) {
  const tabs = page.getByTestId("bottom-bar").locator(":scope > ul > li");
  await expect(tabs).toHaveCount(5);
  const labels: Box[] = [];
  for (let index = 0; index < 5; index++) {
    const tab = await box(tabs.nth(index));
    const text = tabs.nth(index).locator("span").last();
    const label = await box(text);
    const name = `${where}: "${await text.innerText()}"`;
    expect(label.x, `${name} starts inside its tab`).toBeGreaterThanOrEqual(tab.x);
    expect(label.x + label.width, `${name} ends inside its tab`).toBeLessThanOrEqual(tab.x + tab.width + 0.5);
    expect(await lines(text), `${name} is one line, no word broken`).toBe(1);
    for (const other of labels) expect(overlaps(label, other), `${name} overlaps another label`).toBe(false);
    labels.push(label);
  }
}

test("the phone's tab bar: its labels fit in every language; in German, Mehr opens Cashback, Webshops and Anzeigen", async ({
  page,
  member: _,
}) => {
  await page.setViewportSize(PHONE);
  for (const locale of ["en", "nl", "fr", "es"]) {
    await visit(page, `/${locale}/dashboard`);
    await expectTabLabelsFit(page, locale);
  }
  await visit(page, "/de/dashboard");
  await expectTabLabelsFit(page, "de");
  const bar = page.getByTestId("bottom-bar");
  await expect(bar).toContainText("Übersicht");
  await expect(bar).toContainText("Mehr");
  // The sections beyond the four tabs are one tap away in the bar itself, not in the avatar menu.
  const more = page.getByTestId("tab-more");
  await expect(more.getByRole("link", { name: "Webshops" })).toBeHidden();
  await more.locator("summary").click();
  for (const name of ["Cashback", "Webshops", "Anzeigen"]) await expect(more.getByRole("link", { name, exact: true })).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  await more.getByRole("link", { name: "Webshops", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/webshops$/);
});

test("the back office's lists at 390 px: nothing wider than the screen, every row a card of label: value lines", async ({
  page,
  admin,
}) => {
  await page.setViewportSize(PHONE);
  await visit(page, `/en/admin/users?q=${encodeURIComponent(admin.email)}`);
  const row = page.getByTestId("users-table").locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expectTabLabelsFit(page, "back office");
  // A card: the name is its title, then one line per column with the column's name beside the value.
  const card = await box(row);
  const name = await box(row.getByRole("link", { name: admin.name }));
  const email = row.getByRole("cell", { name: `Email ${admin.email}` });
  await expect(email).toBeVisible();
  const emailBox = await box(email);
  expect(card.x).toBeGreaterThanOrEqual(0);
  expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width);
  expect(emailBox.y, "the e-mail is on a line below the name").toBeGreaterThanOrEqual(name.y + name.height);
  expect(emailBox.x + emailBox.width).toBeLessThanOrEqual(card.x + card.width);
  await expect(page.getByTestId("users-table").getByRole("columnheader", { name: "Email" })).not.toBeInViewport();
  expect(await overflowing(page)).toEqual([]);

  // The admin settings page is for admins, not a developer's to-do list.
  await visit(page, "/en/admin/settings");
  await expect(page.getByText("More settings arrive here")).toHaveCount(0);
});

test("every back-office page at 390 px: nothing wider than the screen", async ({ page, admin }) => {
  await page.setViewportSize(PHONE);
  for (const path of [
    "/en/admin/dashboard",
    "/en/admin/withdrawals",
    "/en/admin/messages",
    "/en/admin/conversions",
    "/en/admin/claims",
    "/en/admin/referrals",
    "/en/admin/stores",
    "/en/admin/content/blog",
    "/en/admin/content/subscribers",
    "/en/admin/audit",
    `/de/admin/users/${admin.id}`,
  ]) {
    await visit(page, path);
    expect(await overflowing(page), path).toEqual([]);
  }
  await expectTabLabelsFit(page, "German back office");
});

test("the profile at 1280 px: a long name, member since and the badge each on one line; the picture's file input shows its text; at 390 px every value inside its card", async ({
  page,
  member,
}) => {
  const longName = "Alexandra Katharina von Hohenberg-Schmidt";
  await e2eDatabase().updateTable("users").set({ name: longName }).where("id", "=", member.id).execute();
  await page.setViewportSize({ width: 1280, height: 900 });
  await visit(page, "/en/profile");
  await expect(page.getByTestId("profile-name")).toHaveText(longName);
  expect(await lines(page.getByTestId("profile-name")), "the name").toBe(1);
  expect(await lines(page.getByTestId("member-since")), "member since").toBe(1);
  expect(await lines(page.getByTestId("verified-badge")), "the badge").toBe(1);
  const file = page.getByLabel(/^Choose a picture/);
  expect((await box(file)).width, "the file input is not squeezed").toBeGreaterThanOrEqual(280);

  // On a phone every value stays inside its card (a long e-mail address breaks instead).
  await page.setViewportSize(PHONE);
  await visit(page, "/en/profile");
  const card = await box(page.getByTestId("personal-info"));
  for (const value of await page.getByTestId("personal-info").locator("dd").all()) {
    const valueBox = await box(value);
    expect(valueBox.x + valueBox.width, await value.innerText()).toBeLessThanOrEqual(card.x + card.width + 0.5);
  }
  expect((await box(page.getByLabel(/^Choose a picture/))).width, "the file input takes the card's width").toBeGreaterThanOrEqual(280);
  expect(await overflowing(page)).toEqual([]);
});

test("dark mode: selects and the 2FA code box take the surface colour, and the 2FA heading stops below the sticky header", async ({
  page,
  member: _,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, "/en/settings");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page).toHaveURL(/\/en\/settings#two-factor$/);
  const section = page.locator("#two-factor");
  const surface = await section.evaluate((element) => getComputedStyle(element).backgroundColor);
  const code = page.getByLabel("Code from your app", { exact: true });
  expect(await code.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(surface);
  for (const select of await page.locator("select").all()) {
    expect(await select.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(surface);
  }
  const header = await box(page.locator("header").first());
  const heading = await box(section.getByRole("heading", { name: "Two-Factor Auth" }));
  expect(heading.y, "the heading is below the sticky header").toBeGreaterThanOrEqual(header.y + header.height);
});
