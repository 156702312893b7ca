/**
 * The agency overview end to end, with and without JavaScript: a member with two client accounts
 * (one with an imported campaign report, one empty, arranged through the domain) sees both on
 * `/ads/clients` with the figures and their period, sorts by name, opens the empty one's dashboard
 * from its name, and the ad pages then open on that client account without `?client=`.
 */
import path from "node:path";
import { createClientAccount } from "../../app/ads/accounts.server";
import { unitOfWork } from "../../app/db/unit-of-work.server";
import { importThroughDomain } from "./support/ads";
import { e2eDatabase, expect, expectTexts, ready, test, visit } from "./support/fixtures";

test("agency overview: every client with its figures and period, sorted by name, a client opened and kept across pages @js", async ({
  page,
  member,
}) => {
  await importThroughDomain(member.id, path.resolve("tests/fixtures/ads/google-campaign.csv"));
  await unitOfWork(e2eDatabase(), (tx) => createClientAccount(tx, member.id, { name: "Zeta Bakery", industry: "all", timeZone: "UTC" }));

  await visit(page, "/en/ads");
  await page.getByRole("link", { name: "All clients", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All clients" })).toBeVisible();
  await ready(page);
  const rows = page.getByTestId("client-row");
  await expect(rows).toHaveCount(2);
  const mine = rows.filter({ hasText: "My ads" });
  await expectTexts(mine, ["May 1, 2026 – May 31, 2026", "$5,452.00", "No budgets"]);
  await expect(rows.filter({ hasText: "Zeta Bakery" })).toContainText("Nothing imported yet");
  // Spend, largest first: the empty client last.
  await expect(rows.first()).toContainText("My ads");

  await page.getByRole("link", { name: "Client", exact: true }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await ready(page);
  await expect(rows.first()).toContainText("My ads");
  await page.getByRole("link", { name: "Client", exact: true }).click();
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await ready(page);
  await expect(rows.first()).toContainText("Zeta Bakery");

  await rows.first().getByRole("link", { name: "Zeta Bakery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ad performance" })).toBeVisible();
  await expect(page.getByTestId("period")).toHaveText("Zeta Bakery");
  // A link without `?client=` (the keyword generator's address typed in) opens on the same client.
  await visit(page, "/en/ads/keywords");
  await expect(page.getByText(/for Zeta Bakery/)).toBeVisible();
});
