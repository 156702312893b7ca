/**
 * Bad input of any shape, against the built server on each database: fast-check posts generated
 * bodies (forms with junk values and NUL bytes, broken percent-encoding, broken multipart, JSON,
 * plain text, XML, nothing, too much) to every action and API endpoint, anonymously and signed in
 * (as a member and as an admin), and asserts that no answer is a 5xx and that nothing changed:
 * no money moved, no account, message, subscription, session or e-mail appeared. Every page with a
 * loader is then fetched with junk in its query string (repeated, broken, huge and hostile values of
 * every parameter a loader reads), with the same two assertions.
 *
 * Runs after `npm run build` (npm test builds first); without a build it is skipped.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/db.server";
import { createUser } from "~/users/users.server";
import { seedContent } from "../../db/seed";
import { serverCommand } from "../../scripts/lib";
import { sessionCookie } from "../support/app-database";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { appSources, routeModules } from "../support/route-files";
import { rowCounts } from "../support/row-counts";
import { freePort } from "../support/servers";

const SECRET = "fuzz-session-secret-0123456789-0123456789";
process.env.SESSION_SECRET = SECRET;
const BUILT = fs.existsSync(path.resolve("build/index.js"));
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

/** Every route with an action (or a loader), as a URL (parameters filled with plausible values). */
function routeUrls(kind: "action" | "loader"): string[] {
  const exported = new RegExp(`export (async function|const) ${kind}\\b`);
  const files = routeModules()
    .filter((route) => exported.test(route.source))
    .map((route) => route.name);
  return files.map((file) => {
    const segments = file
      .replace(/\[\.\]/g, "\u0000")
      .split(".")
      .map((segment) => segment.replace(/\u0000/g, "."))
      .filter((segment) => !segment.startsWith("_") || segment === "_index")
      .map((segment) => {
        if (segment === "($locale)") return "en";
        if (segment === "_index") return "?index";
        if (segment === "$provider") return "google";
        if (segment.startsWith("$")) return crypto.randomUUID();
        return segment.replace(/_$/, "");
      })
      .filter(Boolean);
    const index = segments.at(-1) === "?index";
    const pathPart = `/${segments.filter((segment) => segment !== "?index").join("/")}`;
    return index ? `${pathPart}?index` : pathPart;
  });
}

const FIELD_NAMES = [
  "intent",
  "email",
  "password",
  "confirmPassword",
  "currentPassword",
  "name",
  "message",
  "subject",
  "code",
  "recoveryCode",
  "amount",
  "quick",
  "method",
  "destination",
  "idempotencyKey",
  "transactionId",
  "reason",
  "payoutReference",
  "redirectTo",
  "rememberMe",
  "newEmail",
  "phone",
  "plan",
  "terms",
  "token",
  "theme",
  "language",
  "q",
  "cardDepositHoldDays",
  "analytics",
  "marketing",
  "avatar",
  "id",
  "_formToken",
  "website",
  "orderId",
  "orderDate",
  "cashbackUserSharePercent",
  "conversionId",
  "clickId",
  "claimId",
  "commission",
  "report",
  "planId",
  "referralId",
  "referralQualifying",
  "referralBonusReferrer",
  "referralBonusFriend",
  "partnerCommissionPercent",
  "role",
  "direction",
  "sessionId",
  "body",
  // The ad suite's forms.
  "file",
  "clientAccountId",
  "industry",
  "timeZone",
  "confirm",
  "tipId",
  "note",
  "kind",
  "threshold",
  "days",
  "campaign",
  "alertId",
  "enabled",
  // The assistant's form.
  "question",
  // The keyword generator.
  "seeds",
  "landingPage",
  "negatives",
  "listId",
  // The white-label reports.
  "agencyName",
  "primaryColor",
  "accentColor",
  "footer",
  "logo",
  "shareId",
  "from",
  "to",
  // The monthly report schedule.
  "recipients",
];

const junk = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 40 }).map((value) => `${value}\u0000${value}`),
  fc.constantFrom(
    "",
    " ",
    "-1",
    "0",
    "1e309",
    "NaN",
    "null",
    "[]",
    "{}",
    "9".repeat(40),
    "../../etc/passwd",
    "<script>x</script>",
    "%",
    "\u202e",
  ),
);

/** Every query parameter a loader reads (kept in step by a check below), plus ones none reads. */
const QUERY_NAMES = [
  "applied",
  "n",
  "wasted",
  "planId",
  "payment",
  "done",
  "network",
  "category",
  "clickref",
  "days",
  "plan",
  "edit",
  "email",
  "from",
  "intent",
  "month",
  "page",
  "q",
  "range",
  "redirectTo",
  "saved",
  "state",
  "status",
  "store",
  "t",
  "tab",
  "to",
  "token",
  "type",
  "u",
  "code",
  "sort",
  "x",
  "role",
  "ledgerPage",
  "clicksPage",
  "action",
  "actor",
  "subject",
  "language",
  "method",
  "batch",
  "locale",
  "suspended",
  "audit",
  "client",
  "platform",
  "campaign",
  "dir",
  "period",
  "locked",
  "recovery",
  "filter",
];

const queries: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.tuple(fc.constantFrom(...QUERY_NAMES), junk), { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString()),
  // The same parameter twice, broken percent-encoding, a very long value.
  fc.constantFrom(...QUERY_NAMES).map((name) => `${name}=1&${name}=2&${name}=%zz&${name}=%E0%A4%A`),
  fc.constantFrom(...QUERY_NAMES).map((name) => `${name}=${"9".repeat(4000)}`),
  fc.constantFrom(
    "page=-1",
    "page=1e309",
    "page=99999999999",
    "from=2026-02-31&to=1999-13-01",
    "month=0000-00",
    "range=..",
    "redirectTo=//evil.example",
    "redirectTo=%0d%0aSet-Cookie:x=1",
  ),
);

type Body = { contentType?: string; body?: string };

const bodies: fc.Arbitrary<Body> = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), junk, { maxKeys: 6 }).map((fields) => ({
    contentType: "application/x-www-form-urlencoded",
    body: new URLSearchParams(fields).toString(),
  })),
  fc
    .string({ maxLength: 60 })
    .map((value) => ({ contentType: "application/x-www-form-urlencoded", body: `email=%zz${value}&password=%E0%A4%A&x=%00` })),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), junk, { maxKeys: 4 }).map((fields) => {
    const boundary = "----fuzz";
    const parts = Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    return { contentType: `multipart/form-data; boundary=${boundary}`, body: `${parts.join("")}--${boundary}--\r\n` };
  }),
  fc.string({ maxLength: 80 }).map((value) => ({
    contentType: "multipart/form-data; boundary=----fuzz",
    body: `------fuzz\r\nContent-Disposition: form-data; name="x"\r\n\r\n${value}`,
  })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ contentType: "application/json", body: JSON.stringify(value) })),
  fc.string({ maxLength: 80 }).map((value) => ({ contentType: "application/json", body: `{"email": ${value}` })),
  fc.string({ maxLength: 80 }).map((value) => ({ contentType: "text/plain", body: value })),
  fc.constant({ contentType: "application/xml", body: "<?xml version='1.0'?><a>&x;</a>" }),
  fc.constant({}),
  fc.constant({ contentType: "application/x-www-form-urlencoded", body: `a=${"x".repeat(80 * 1024)}` }),
);

async function counts(db: Db) {
  const tables = [
    "users",
    "transactions",
    "ledger_entries",
    "withdrawals",
    "payments",
    "contact_messages",
    "newsletter_subscriptions",
    "outbox",
    "oauth_accounts",
    "settings",
    "verifications",
  ];
  const result = await rowCounts(db, tables);
  const sessions = await sql<{ n: number | string }>`select count(*) as n from sessions where revoked_at is null`.execute(db);
  result.sessions = Number(sessions.rows[0]!.n);
  return result;
}

for (const dialect of testDialects()) {
  describe.skipIf(!BUILT)(`every action and API endpoint answers bad input with a 4xx [${dialect}]`, () => {
    let database: TestDatabase;
    let server: ChildProcess;
    let base = "";
    const cookies: Record<"anonymous" | "member" | "admin", string> = { anonymous: "", member: "", admin: "" };
    let schema: string | undefined;
    let serverLog = "";

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await seedContent(database.db);
      const member = await createUser(database.db, {
        email: "fuzz-member@example.com",
        name: "Fuzz",
        password: "Fuzz-pass-1!",
        emailVerified: true,
      });
      const admin = await createUser(database.db, {
        email: "fuzz-admin@example.com",
        name: "Admin",
        password: "Fuzz-pass-1!",
        emailVerified: true,
        role: "admin",
      });
      // With two-factor authentication on, so the back office's own actions are reached, not its setup page.
      await database.db.updateTable("users").set({ totpEnabledAt: new Date().toISOString() }).where("id", "=", admin.id).execute();
      cookies.member = await sessionCookie(database.db, member);
      cookies.admin = await sessionCookie(database.db, admin);
      let databaseUrl: string;
      if (dialect === "sqlite") {
        const row = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(database.db);
        databaseUrl = `file:${row.rows[0]!.file}`;
      } else {
        schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]!.schema;
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.searchParams.set("options", `-c search_path=${schema}`);
        databaseUrl = url.href;
      }
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = spawn(serverCommand().command, serverCommand().args, {
        stdio: ["ignore", "ignore", "pipe"],
        env: {
          ...process.env,
          NODE_ENV: "production",
          APP_ENV: "test",
          PORT: String(port),
          APP_URL: base,
          DATABASE_URL: databaseUrl,
          SESSION_SECRET: SECRET,
          JOBS: "off",
          TRUST_PROXY: "1",
        },
      });
      // The server's own log, shown only when a request failed.
      server.stderr?.on("data", (chunk: Buffer) => {
        serverLog = `${serverLog}${chunk.toString()}`.slice(-20_000);
      });
      for (let i = 0; i < 150; i++) {
        try {
          if ((await fetch(`${base}/healthz`)).ok) return;
        } catch {
          // starting
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("the fuzz server did not start");
    }, 60_000);

    afterAll(async () => {
      server?.kill("SIGTERM");
      await database?.destroy();
    });

    type Who = keyof typeof cookies;
    type Sent = { response: Response; label: string };
    /**
     * Sends RUNS requests made of generated values to each URL as each person (each request from an
     * address of its own in `network`), then proves no request answered 5xx, the database is unchanged
     * and the server is still well.
     */
    async function expectNoHarm<T>(
      urls: string[],
      values: fc.Arbitrary<T>,
      network: string,
      skip: (url: string, who: Who) => boolean,
      send: (url: string, value: T, dataRequest: boolean, headers: Record<string, string>) => Promise<Sent>,
    ) {
      const before = await counts(database.db);
      const failures: string[] = [];
      let sent = 0;
      let n = 0;
      for (const who of ["anonymous", "member", "admin"] as const) {
        for (const url of urls) {
          if (skip(url, who)) continue;
          await fc
            .assert(
              fc.asyncProperty(values, fc.boolean(), async (value, dataRequest) => {
                const headers: Record<string, string> = { "X-Forwarded-For": `${network}.${Math.floor(n / 250) % 250}.${(n++ % 250) + 1}` };
                if (cookies[who]) headers.Cookie = cookies[who];
                const { response, label } = await send(url, value, dataRequest, headers);
                sent++;
                await response.arrayBuffer();
                if (response.status >= 500) failures.push(`${who} ${label}: ${response.status}`);
                return response.status < 500;
              }),
              { numRuns: RUNS, endOnFailure: true },
            )
            .catch(() => undefined);
        }
      }
      expect(failures, failures.length ? serverLog : undefined).toEqual([]);
      expect(sent).toBeGreaterThan(urls.length * 2 * RUNS);
      expect(await counts(database.db)).toEqual(before);
      // The server is still well.
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }

    it("no 5xx, and nothing changes", async () => {
      const urls = routeUrls("action");
      expect(urls.length).toBeGreaterThan(30);
      await expectNoHarm(
        urls,
        bodies,
        "198.51",
        // Logging out would end the session the next requests ride on; it has no body to judge.
        (url, who) => url.endsWith("/logout") && who !== "anonymous",
        async (url, { contentType, body }, dataRequest, headers) => {
          const [pathname, query] = url.split("?");
          const target = dataRequest && !url.startsWith("/api/") ? `${pathname}.data${query ? `?${query}` : ""}` : url;
          if (contentType) headers["Content-Type"] = contentType;
          const response = await fetch(`${base}${target}`, { method: "POST", headers, body, redirect: "manual" });
          return { response, label: `POST ${target} (${contentType ?? "no body"})` };
        },
      );
    }, 180_000);

    it("every page answers junk in its query string without a 5xx, and changes nothing", async () => {
      const urls = routeUrls("loader");
      expect(urls.length).toBeGreaterThan(40);
      await expectNoHarm(
        urls,
        queries,
        "203.0",
        (url) => url.endsWith("/logout"),
        async (url, query, dataRequest, headers) => {
          const [pathname, own] = url.split("?");
          const search = [own, query].filter(Boolean).join("&");
          const target = `${dataRequest && !url.startsWith("/api/") ? `${pathname}.data` : pathname}${search ? `?${search}` : ""}`;
          const response = await fetch(`${base}${target}`, { headers, redirect: "manual" });
          return { response, label: `GET ${target.slice(0, 200)}` };
        },
      );
    }, 180_000);
  });
}

describe("the query fuzz knows every parameter a loader reads", () => {
  it("QUERY_NAMES covers each searchParams read in app/", () => {
    const read = new Set<string>();
    for (const source of appSources()) {
      for (const match of source.matchAll(/search(?:Params)?\.(?:get|getAll|has)\("([A-Za-z_]+)"\)/g)) read.add(match[1]!);
    }
    expect([...read].filter((name) => !QUERY_NAMES.includes(name))).toEqual([]);
  });
});
