/**
 * The loyalty back office, end to end without JavaScript (#29): an admin adjusts a member's points
 * (refused without a reason, the typed points kept; then added, audited, and on the member's
 * loyalty page), and the loyalty settings form answers a broken order of levels on the field that
 * breaks it, keeping every typed value, then saves. The saved values are the ones in force, so no
 * other test's points or fees change. The admin is a fixture (two-factor on).
 */
import { createAccount, e2eDatabase, expect, test, visit, anotherBrowser } from "./support/fixtures";

test("an admin adjusts a member's points with a reason; the member sees them on their loyalty page", async ({
  page,
  browser,
  admin: _,
}) => {
  const member = await createAccount("user", "points");
  await visit(page, `/en/admin/users/${member.id}`);
  await expect(page.getByTestId("loyalty-balance")).toHaveText("0");

  const adjust = page.getByRole("region", { name: "Adjust the points" });
  await adjust.getByLabel("Points", { exact: true }).fill("1500");
  await adjust.getByRole("button", { name: "Adjust points" }).click();
  await expect(adjust.getByText("Enter the reason for the adjustment.")).toBeVisible();
  await expect(adjust.getByLabel("Points", { exact: true })).toHaveValue("1500");
  await adjust.getByLabel("Reason", { exact: true }).fill("Welcome to the scheme");
  await adjust.getByRole("button", { name: "Adjust points" }).click();
  await expect(page.getByText("1,500 points added.")).toBeVisible();
  await expect(page.getByTestId("loyalty-balance")).toHaveText("1,500");
  await expect(page.getByTestId("loyalty-history")).toContainText("Welcome to the scheme");

  const audit = await e2eDatabase()
    .selectFrom("auditLog")
    .select("action")
    .where("subject", "=", `user:${member.id}`)
    .where("action", "=", "loyalty.adjusted")
    .execute();
  expect(audit).toHaveLength(1);

  const memberPage = await anotherBrowser(browser, member, { javaScript: false });
  await memberPage.goto("/en/loyalty");
  await expect(memberPage.getByText("Adjustment: Welcome to the scheme")).toBeVisible();
  await memberPage.context().close();
});

test("the loyalty settings refuse levels out of order on the offending field, keep what was typed, then save", async ({
  page,
  admin: _,
}) => {
  await visit(page, "/en/admin/settings");
  const form = page.getByRole("button", { name: "Save loyalty settings" }).locator("xpath=ancestor::form");
  const gold = form.getByLabel("Gold from (points)");
  const silver = form.getByLabel("Silver from (points)");
  const [silverBefore, goldBefore] = [await silver.inputValue(), await gold.inputValue()];
  await gold.fill(silverBefore);
  await form.getByRole("button", { name: "Save loyalty settings" }).click();
  await expect(page.getByText("Gold must need more points than Silver.")).toBeVisible();
  await expect(page.getByLabel("Gold from (points)")).toHaveValue(silverBefore);

  await page.getByLabel("Gold from (points)").fill(goldBefore);
  await page.getByRole("button", { name: "Save loyalty settings" }).click();
  await expect(page.getByText("Loyalty settings saved.")).toBeVisible();
  await expect(page.getByLabel("Gold from (points)")).toHaveValue(goldBefore);
});
