/**
 * Bad input of any shape gets a 4xx with a clear page and changes nothing: bodies that are not
 * forms, broken forms, NUL bytes, oversized bodies (while the server stays responsive), foreign
 * preflights, posts under another host name; and redirectTo never leaves the site.
 */
import { expect, test } from "@playwright/test";
import { PASSWORD, signIn, signUpAndVerify } from "./support/accounts";
import { asNewVisitor, uniqueAddress } from "./support/visitor";

const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

test.describe("bad input is a 4xx, never a 5xx", () => {
  test("a page action refuses bodies that are not forms (415), broken forms and NUL bytes (400)", async ({ request }) => {
    const headers = { "X-Forwarded-For": uniqueAddress() };
    const json = await request.post("/en/contact", { headers: { ...headers, "Content-Type": "application/json" }, data: JSON.stringify({ name: "x" }) });
    expect(json.status()).toBe(415);
    expect(await json.text()).toContain("This page only accepts its own form");
    const plain = await request.post("/en/signin", { headers: { ...headers, "Content-Type": "text/plain" }, data: "email=a" });
    expect(plain.status()).toBe(415);
    const none = await request.post("/en/forgot-password", { headers });
    expect(none.status()).toBe(415);
    const broken = await request.post("/en/signin", {
      headers: { ...headers, "Content-Type": "multipart/form-data; boundary=----x" },
      data: "------x\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\nno closing boundary",
    });
    expect(broken.status()).toBe(400);
    const nul = await request.post("/en/signin", { headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, data: "email=a%00b%40example.com&password=x" });
    expect(nul.status()).toBe(400);
    const nulQuery = await request.get("/en/webshops?q=%00", { headers });
    expect(nulQuery.status()).toBe(400);
    const dataNul = await request.post("/en/contact.data", { headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, data: "name=%00" });
    expect(dataNul.status()).toBeLessThan(500);
  });

  test("an oversized body is refused with 413 before it is read, and the server stays fast", async ({ request }) => {
    const big = "a=" + "x".repeat(5 * 1024 * 1024);
    const [refused] = await Promise.all(
      Array.from({ length: 4 }, () =>
        request.post("/en/contact", { headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": uniqueAddress() }, data: big }),
      ),
    );
    expect(refused!.status()).toBe(413);
    expect(await refused!.text()).toContain("larger than this page accepts");
    const started = Date.now();
    expect((await request.get("/healthz")).status()).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    const api = await request.post("/api/v1/auth/forgot-password", { headers: { "Content-Type": "application/json" }, data: JSON.stringify({ email: "x".repeat(200 * 1024) }) });
    expect(api.status()).toBe(413);
    expect(await api.json()).toMatchObject({ code: "payload_too_large" });
  });

  test("a foreign preflight grants nothing; a post from our pages under another host name is 421", async ({ request }) => {
    const preflight = await request.fetch("/en/dashboard.data", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers()["access-control-allow-origin"]).toBeUndefined();
    const misdirected = await request.post("/en/contact", {
      headers: { Origin: BASE, Host: "other.example", "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": uniqueAddress() },
      data: "name=x",
    });
    expect(misdirected.status()).toBe(421);
  });
});

test.describe("redirectTo stays on this site", () => {
  test("a tab in redirectTo (/%09/evil.example) lands on the dashboard, not on another site", async ({ page }) => {
    await asNewVisitor(page);
    const { email } = await signUpAndVerify(page, "redirect");
    await page.goto("/en/signin?redirectTo=%2F%09%2Fevil.example");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/en\/dashboard$/);
    void signIn;
  });
});
