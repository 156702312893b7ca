/**
 * The page cache in the server process as `npm start` runs it (the built app under remix-serve with
 * the server guard): a signed-out visitor's second visit to a public page is answered from memory
 * (the same document without its nonce, a CSP of hashes that covers every inline script and style,
 * the variant's cookies replayed, gzip or not, 304 on its ETag, HEAD without a body); signed-in
 * visitors, visitors with a message, query strings and pages that do not opt in are rendered afresh
 * every time. The cache works alike on either database, so this runs on SQLite only. It needs the
 * build (`npm test` builds before vitest).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "page-cache-server-secret-0123456789-0123456789";

import { createDb } from "~/db/db.server";
import { setFlash } from "~/utils/flash.server";
import { migrateToLatest } from "../../db/migrate";
import { buildIsStale, serverCommand } from "../../scripts/lib";
import { backOfficeCookies } from "../support/app-database";
import { freePort, serverEnvironment } from "../support/servers";
import { waitUntil } from "../support/wait";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** What a browser opening a page sends (the language cookie is set only for such a request). */
const NAVIGATION = { Accept: "text/html", "Sec-Fetch-Mode": "navigate" };

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the page cache in the server process", () => {
  let server: ChildProcess | undefined;
  let dir = "";
  let base = "";
  let member = "";
  const output: string[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(path.join(ROOT, "build/index.js"))) throw new Error("build/index.js is missing: run `npx remix build` first.");
    if (buildIsStale()) console.warn("page-cache-server: build/ is older than the sources; the server runs the last build.");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-page-cache-"));
    const filename = path.join(dir, "server.db");
    const db = createDb({ kind: "sqlite", filename });
    await migrateToLatest(db);
    member = (await backOfficeCookies(db)).cookies.member;
    await db.destroy();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const { command, args } = serverCommand();
    server = spawn(command, args, {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: serverEnvironment({ port, appUrl: base, databaseUrl: `file:${filename}`, sessionSecret: process.env.SESSION_SECRET! }),
    });
    server.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    const child = server;
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output.join("")}`);
        return fetch(`${base}/healthz`).then(
          (response) => response.status === 200,
          () => false,
        );
      },
      { timeoutMs: 40_000, intervalMs: 200, message: "the server answering /healthz" },
    );
  }, 60_000);

  afterAll(() => {
    server?.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** One request as a browser makes it (fetch would say `Sec-Fetch-Mode: cors`): status, headers and the body, gunzipped. */
  const get = (pathname: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ response: { status: number; headers: Headers }; body: string }>((resolve, reject) => {
      const request = http.request(`${base}${pathname}`, { method, headers: { "Accept-Encoding": "gzip", ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) answer.append(name, one);
          const body = res.headers["content-encoding"] === "gzip" && raw.byteLength > 0 ? zlib.gunzipSync(raw) : raw;
          resolve({ response: { status: res.statusCode ?? 0, headers: answer }, body: body.toString("utf8") });
        });
      });
      request.on("error", reject);
      request.end();
    });
  /** Asks until the page is answered from memory (it is stored once its first answer has been sent). */
  const fromMemory = (pathname: string, headers: Record<string, string> = {}) =>
    waitUntil(
      async () => {
        const answer = await get(pathname, headers);
        return answer.response.headers.get("x-page-cache") === "hit" ? answer : null;
      },
      { timeoutMs: 10_000, message: `${pathname} answered from the page cache` },
    );

  it("answers a first visitor's second visit from memory: the same page, a CSP of hashes, its cookies, 304 on its ETag", async () => {
    const first = await get("/en/about", NAVIGATION);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("x-page-cache")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(first.response.headers.get("content-security-policy")!)![1]!;
    const firstCookies = first.response.headers.getSetCookie().map((cookie) => cookie.split("=", 1)[0]);
    expect(firstCookies.sort()).toEqual(["cw_css", "lng"]);
    // It sets cookies, so no shared cache may keep it; the browser asks again each time.
    expect(first.response.headers.get("cache-control")).toBe("private, no-cache");

    const second = await fromMemory("/en/about", NAVIGATION);
    expect(second.body).toBe(first.body.replaceAll(` nonce="${nonce}"`, ""));
    expect(second.body).not.toContain("nonce=");
    expect(second.response.headers.getSetCookie()).toEqual(first.response.headers.getSetCookie());
    expect(second.response.headers.get("cache-control")).toBe("private, no-cache");
    expect(second.response.headers.get("vary")).toMatch(/Cookie/);

    const csp = second.response.headers.get("content-security-policy")!;
    expect(csp).not.toMatch(/nonce-|strict-dynamic|unsafe-inline/);
    const scripts = [...second.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes, text]) => !/src=/.test(attributes!) && text,
    );
    const styles = [...second.body.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    expect(styles).toHaveLength(1); // a first visit: the stylesheet inline
    const scriptSources = /script-src ([^;]*)/.exec(csp)![1]!.split(" ");
    const styleSources = /style-src ([^;]*)/.exec(csp)![1]!.split(" ");
    for (const [, , text] of scripts) expect(scriptSources).toContain(sha256(text!));
    for (const [, text] of styles) expect(styleSources).toContain(sha256(text!));
    for (const header of ["x-frame-options", "x-content-type-options", "referrer-policy", "permissions-policy"])
      expect(second.response.headers.get(header), header).toBe(first.response.headers.get(header));

    const etag = second.response.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await get("/en/about", { ...NAVIGATION, "If-None-Match": etag });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(second.response.headers.get("content-encoding")).toBe("gzip");
    // Not gzipped when the client does not take it; the same document either way.
    const identity = await get("/en/about", { ...NAVIGATION, "Accept-Encoding": "identity" });
    expect(identity.response.headers.get("x-page-cache")).toBe("hit");
    expect(identity.response.headers.get("content-encoding")).toBeNull();
    expect(identity.body).toBe(second.body);
    const head = await get("/en/about", NAVIGATION, "HEAD");
    expect(head.response.headers.get("x-page-cache")).toBe("hit");
    expect(head.body).toBe("");
  });

  it("keeps a returning visitor's page for a shared cache too: no cookie set, public with s-maxage", async () => {
    const first = await get("/en/pricing");
    const css = first.response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("cw_css="))!
      .split(";")[0]!;
    const returning = await fromMemory("/en/pricing", { Cookie: css });
    expect(returning.response.headers.getSetCookie()).toEqual([]);
    expect(returning.response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, must-revalidate");
    expect(returning.body).toContain('rel="stylesheet"');
    expect(returning.body).not.toContain("<style");
  });

  it("renders afresh for signed-in visitors, visitors with a message, query strings and pages that do not opt in", async () => {
    // The anonymous page is in memory…
    await get("/en");
    await fromMemory("/en");
    // …and never reaches a signed-in member, whose header leads to their dashboard.
    for (let visit = 0; visit < 2; visit++) {
      const signedIn = await get("/en", { Cookie: member });
      expect(signedIn.response.headers.get("x-page-cache")).toBeNull();
      expect(signedIn.response.headers.get("content-security-policy")).toMatch(/'nonce-/);
      expect(signedIn.body).toContain('href="/en/dashboard"');
      expect(signedIn.response.headers.get("cache-control") ?? "").not.toMatch(/public/);
    }
    const flash = (await setFlash({ kind: "notice", key: "verify.unverifiedSignIn" })).split(";")[0]!;
    for (const [pathname, headers] of [
      ["/en/blog", { Cookie: flash }],
      ["/en/webshops?q=shoes", {}],
      ["/en/contact", {}],
      ["/en/signin", {}],
    ] as const) {
      for (let visit = 0; visit < 3; visit++) {
        const answer = await get(pathname, headers);
        expect(answer.response.status, pathname).toBe(200);
        expect(answer.response.headers.get("x-page-cache"), pathname).toBeNull();
        expect(answer.response.headers.get("content-security-policy"), pathname).toMatch(/'nonce-/);
      }
    }
  });
});
