/**
 * Bad input of any shape gets a 4xx with a clear page and changes nothing: bodies that are not
 * forms, broken forms, NUL bytes, oversized bodies (while the server stays responsive), foreign
 * preflights, posts under another host name (the server guard, scripts/server-guard.cjs, and the
 * form reader, over HTTP); and redirectTo never leaves the site, even in a real browser. The
 * sign-in throttle's rules (only failures count) are route tests in tests/db/account-rules.test.ts.
 */
import net from "node:net";
import { createAccount, expect, PASSWORD, test, visit } from "./support/fixtures";
import { E2E_APP_URL, E2E_PORT } from "./support/e2e-env";
import { uniqueAddress } from "./support/visitor";

const PORT = E2E_PORT;
const BASE = E2E_APP_URL;

/** A POST that announces `length` bytes but sends only a few: what a server must answer from the headers. */
function rawPost(path: string, contentType: string, length: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\nX-Forwarded-For: ${uniqueAddress()}\r\n\r\na=xxxx`,
      );
    });
    let raw = "";
    socket.on("data", (chunk) => (raw += chunk.toString()));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      resolve({ status, body: raw.slice(raw.indexOf("\r\n\r\n") + 4) });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
  });
}

test.describe("bad input is a 4xx, never a 5xx", () => {
  test("a page action refuses bodies that are not forms (415), broken forms and NUL bytes (400)", async ({ request }) => {
    const headers = { "X-Forwarded-For": uniqueAddress() };
    /** A post of `data` sent as `contentType` (no body and no type when not given), from this test's address. */
    const post = (path: string, contentType?: string, data?: string) =>
      request.post(path, { headers: contentType ? { ...headers, "Content-Type": contentType } : headers, data });
    const FORM = "application/x-www-form-urlencoded";
    const json = await post("/en/contact", "application/json", JSON.stringify({ name: "x" }));
    expect(json.status()).toBe(415);
    expect(await json.text()).toContain("This page only accepts its own form");
    const refused: [path: string, contentType: string | undefined, data: string | undefined, status: number][] = [
      ["/en/signin", "text/plain", "email=a", 415],
      ["/en/forgot-password", undefined, undefined, 415],
      [
        "/en/signin",
        "multipart/form-data; boundary=----x",
        '------x\r\nContent-Disposition: form-data; name="email"\r\n\r\nno closing boundary',
        400,
      ],
      ["/en/signin", FORM, "email=a%00b%40example.com&password=x", 400],
    ];
    for (const [path, contentType, data, status] of refused) {
      expect((await post(path, contentType, data)).status(), `${path} (${contentType ?? "no body"})`).toBe(status);
    }
    const nulQuery = await request.get("/en/webshops?q=%00", { headers });
    expect(nulQuery.status()).toBe(400);
    const dataNul = await post("/en/contact.data", FORM, "name=%00");
    expect(dataNul.status()).toBeLessThan(500);
  });

  test("an oversized body is refused with 413 before it is read, and the server stays fast", async ({ request }) => {
    // Four anonymous posts announcing 100 MB each: answered from their headers, the body never read.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => rawPost("/en/contact", "application/x-www-form-urlencoded", 100 * 1024 * 1024)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.body).toContain("larger than this page accepts");
    }
    const started = Date.now();
    expect((await request.get("/healthz")).status()).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    const api = await rawPost("/api/v1/auth/forgot-password", "application/json", 200 * 1024);
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toMatchObject({ code: "payload_too_large" });
  });

  test("a foreign preflight grants nothing; a post from our pages under another host name is 421", async ({ request }) => {
    const preflight = await request.fetch("/en/dashboard.data", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers()["access-control-allow-origin"]).toBeUndefined();
    const misdirected = await request.post("/en/contact", {
      headers: {
        Origin: BASE,
        Host: "other.example",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": uniqueAddress(),
      },
      data: "name=x",
    });
    expect(misdirected.status()).toBe(421);
  });
});

test.describe("redirectTo stays on this site", () => {
  test("a tab in redirectTo (/%09/evil.example) lands on the dashboard, not on another site", async ({ page, visitor: _ }) => {
    const { email } = await createAccount("user", "redirect");
    await visit(page, "/en/signin?redirectTo=%2F%09%2Fevil.example");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/en\/dashboard$/);
  });
});
