/**
 * Scale-out: two app servers of the built app (started as `npm start` starts it: remix-serve with
 * the server-guard preload, NODE_ENV=production) on one PostgreSQL database, as behind a load
 * balancer, both running the background jobs (JOBS=inline: pg-boss). Requests go straight to one
 * server or the other with the headers the proxy in front would add (TRUST_PROXY=1: the client's
 * address in X-Forwarded-For, the public host in X-Forwarded-Host, the public Origin).
 *
 * What one server did, the other must know, because the state lives in the database:
 * - sessions: signed in on A, the cookie works on B; signed out on B, A refuses the cookie;
 * - rate limits: attempts spent on A and B count together (neither alone reaches the limit);
 * - content: the assistant's search index (a per-process cache) follows a FAQ change made by
 *   another process at the next question, on both servers;
 * - jobs: started together on a fresh database, both servers set up the shared queues; each of
 *   them alone runs a delivery queued by a third process that runs no jobs; every message is sent
 *   exactly once although both servers run the job runner.
 *
 * PostgreSQL only (SQLite is one file for one server): skipped without TEST_DATABASE_URL. It needs
 * the build (`npm test` builds before vitest) and a database of its own, created through
 * TEST_DATABASE_URL's connection and dropped afterwards.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMessages } from "~/assistant/assistant.server";
import { createDb, type Db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createFaqEntry } from "~/help/faq.server";
import { OUTBOX_JOB } from "~/jobs/jobs.server";
import { enqueueMail } from "~/jobs/outbox.server";
import { RATE_LIMITS } from "~/security/rate-limit.server";
import { createUser } from "~/users/users.server";
import { migrateToLatest } from "../../db/migrate";
import { buildIsStale, serverCommand } from "../../scripts/lib";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp";
import { waitUntil } from "../support/wait";
import { freePort, serverEnvironment } from "../support/servers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD_ENTRY = path.join(ROOT, "build/index.js");
const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** The one public address both servers answer for (the load balancer's); nothing listens there. */
const PUBLIC_URL = new URL("http://cashwise-scale-out.localhost");
const SESSION_SECRET = `scale-out-${randomBytes(24).toString("hex")}`;
const SUPPORT_EMAIL = "support@cashwise-scale-out.test";
const PASSWORD = "Scale-out-pass-1!";

interface Server {
  name: string;
  port: number;
  process: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

function startServer(name: string, port: number, databaseUrl: string, smtpPort: number): Server {
  const { command, args } = serverCommand();
  const env: NodeJS.ProcessEnv = {
    ...serverEnvironment({ port, appUrl: PUBLIC_URL.origin, databaseUrl, sessionSecret: SESSION_SECRET }),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Cashwise <no-reply@cashwise-scale-out.test>",
    SUPPORT_EMAIL,
    TRUST_PROXY: "1",
  };
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { name, port, process: child, output, exited };
}

async function stopServer(server: Server): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill("SIGTERM");
  // remix-serve closes its listener on SIGTERM; the database pools keep the process up: then SIGKILL.
  const stopped = await Promise.race([
    server.exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
  ]);
  if (!stopped) {
    server.process.kill("SIGKILL");
    await server.exited;
  }
}

async function waitHealthy(server: Server): Promise<void> {
  await waitUntil(
    async () => {
      if (server.process.exitCode !== null)
        throw new Error(`server ${server.name} exited (${server.process.exitCode}):\n${server.output.join("")}`);
      try {
        const response = await fetch(`http://127.0.0.1:${server.port}/healthz`);
        return response.status === 200;
      } catch {
        return false;
      }
    },
    { timeoutMs: 40_000, intervalMs: 200, message: `server ${server.name} answering /healthz` },
  ).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${server.output.join("")}`);
  });
}

interface Visit {
  /** The client's address, as the proxy in front reports it. */
  client: string;
  cookies?: Map<string, string>;
}

/** A request to one server as it arrives from the load balancer; the answer's cookies are kept in `visit.cookies`. */
async function call(server: Server, pathname: string, visit: Visit, form?: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = {
    "X-Forwarded-For": visit.client,
    "X-Forwarded-Host": PUBLIC_URL.host,
    "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) scale-out-test",
    Accept: "text/html",
  };
  if (visit.cookies?.size) headers.Cookie = [...visit.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  let body: string | undefined;
  if (form) {
    headers.Origin = PUBLIC_URL.origin;
    headers["Sec-Fetch-Site"] = "same-origin";
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  }
  const response = await fetch(`http://127.0.0.1:${server.port}${pathname}`, {
    method: form ? "POST" : "GET",
    headers,
    body,
    redirect: "manual",
  });
  if (visit.cookies) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") visit.cookies.delete(name);
      else visit.cookies.set(name, value);
    }
  }
  return response;
}

/** The contact page's signed form token (the honeypot's), as the page rendered it. */
async function contactFormToken(server: Server, visit: Visit): Promise<string> {
  const response = await call(server, "/en/contact", visit);
  expect(response.status).toBe(200);
  const html = await response.text();
  const token = /<input[^>]*name="formToken"[^>]*value="([^"]+)"|<input[^>]*value="([^"]+)"[^>]*name="formToken"/.exec(html);
  if (!token) throw new Error("the contact page has no form token");
  return (token[1] ?? token[2])!;
}

function contactForm(name: string, formToken: string): Record<string, string> {
  return {
    name,
    email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
    company: "",
    message: "Hello, a question about my cashback, please.",
    website: "",
    formToken,
  };
}

describe.skipIf(!ADMIN_URL)("scale-out: two app servers on one PostgreSQL database", () => {
  const databaseName = `cashwise_scaleout_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  let databaseUrl = "";
  let created = false;
  let db: Db | undefined;
  let smtp: SmtpReceiver | undefined;
  let a!: Server;
  let b!: Server;
  const servers: Server[] = [];

  const mailsTo = (subject: string) => (smtp?.messages ?? []).filter((mail) => mail.subject === subject);

  /** Every outbox row sent and no delivery running anywhere: what was sent twice would show by now. */
  async function outboxSettled(): Promise<void> {
    await waitUntil(
      async () => {
        const open = await db!.selectFrom("outbox").select("id").where("status", "in", ["pending", "sending"]).execute();
        const running = await sql<{
          n: number;
        }>`select count(*)::int as n from pgboss.job where name = ${OUTBOX_JOB} and state = 'active'`.execute(db!);
        return open.length === 0 && running.rows[0]!.n === 0;
      },
      { timeoutMs: 20_000, intervalMs: 100, message: "the outbox delivered and idle" },
    );
  }

  /** What the servers logged about their job runner: nothing (it started, set up the queues, woke them). */
  function expectNoJobErrors(): void {
    for (const server of [a, b]) {
      const problems = server.output
        .join("")
        .split("\n")
        .filter((line) => /job runner could not start|could not wake the outbox|pg-boss/.test(line));
      expect(problems, `server ${server.name}`).toEqual([]);
    }
  }

  beforeAll(async () => {
    if (!fs.existsSync(BUILD_ENTRY)) {
      throw new Error(`${path.relative(ROOT, BUILD_ENTRY)} is missing: run \`npx remix build\` first (\`npm test\` builds before vitest).`);
    }
    if (buildIsStale()) console.warn("scale-out: build/ is older than the sources; the servers run the last build.");

    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`create database "${databaseName}"`);
      created = true;
    } finally {
      await admin.end();
    }
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.href;

    db = createDb({ kind: "postgres", connectionString: databaseUrl }, { poolSize: 4 });
    await migrateToLatest(db);
    smtp = await startSmtpReceiver();

    const [portA, portB] = [await freePort(), await freePort()];
    // Both at once, as a deployment starts its instances: each sets up the job queues it shares.
    a = startServer("A", portA, databaseUrl, smtp.port);
    b = startServer("B", portB, databaseUrl, smtp.port);
    servers.push(a, b);
    await Promise.all([waitHealthy(a), waitHealthy(b)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await db?.destroy();
    await smtp?.close();
    if (created) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      try {
        await admin.query(`drop database if exists "${databaseName}" with (force)`);
      } finally {
        await admin.end();
      }
    }
  }, 30_000);

  it("shares sessions: signed in on A, signed in on B; signed out on B, signed out on A", async () => {
    const email = `scale-${randomUUID()}@example.com`;
    await createUser(db!, { email, name: "Ada Scaleout", password: PASSWORD, emailVerified: true });
    const browser: Visit = { client: "203.0.113.10", cookies: new Map() };

    const signIn = await call(a, "/en/signin", browser, { email, password: PASSWORD });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("Location")).toBe("/en/dashboard");
    expect(browser.cookies!.has("__session")).toBe(true);
    const signedInCookies = new Map(browser.cookies);

    // B never saw the sign-in: it knows the session from the database.
    const onB = await call(b, "/en/dashboard", browser);
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Welcome, Ada Scaleout!");
    const onA = await call(a, "/en/dashboard", browser);
    expect(onA.status).toBe(200);

    const signOut = await call(b, "/en/logout", browser, {});
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("Location")).toBe("/en/signin");
    expect(browser.cookies!.has("__session")).toBe(false);

    // The old cookie, replayed: A must not take it from anything it remembers.
    const replay: Visit = { client: browser.client, cookies: signedInCookies };
    for (const server of [a, b]) {
      const refused = await call(server, "/en/dashboard", replay);
      expect(refused.status, `server ${server.name}`).toBe(302);
      expect(refused.headers.get("Location"), `server ${server.name}`).toBe("/en/signin?redirectTo=%2Fen%2Fdashboard");
    }
  });

  it("shares rate limits: contact messages sent through A and B count together", async () => {
    const limit = RATE_LIMITS.contact.points;
    expect(limit).toBeGreaterThan(2);
    const visitor: Visit = { client: "203.0.113.20" };
    // The form as A rendered it, sent to either server (the token is signed with the shared secret).
    const token = await contactFormToken(a, visitor);
    // Alternating A, B, A…: each server sees only part of the attempts, neither reaches the limit alone.
    const order = Array.from({ length: limit }, (_, i) => (i % 2 === 0 ? a : b));
    expect(order.filter((server) => server === a).length).toBeLessThan(limit);
    for (const [i, server] of order.entries()) {
      const sent = await call(server, "/en/contact", visitor, contactForm(`Rate Visitor ${String.fromCharCode(65 + i)}`, token));
      expect(sent.status, `message ${i + 1} through ${server.name}`).toBe(302);
    }
    for (const server of [a, b]) {
      const refused = await call(server, "/en/contact", visitor, contactForm("Rate Visitor Over", token));
      expect(refused.status, `server ${server.name}`).toBe(429);
      expect(await refused.text()).toMatch(/Too many attempts\. Please try again in \d+ minutes\./);
    }
    // Counted per client: another visitor still gets through.
    const other = await call(b, "/en/contact", { client: "203.0.113.21" }, contactForm("Rate Visitor Other", token));
    expect(other.status).toBe(302);

    const stored = await db!.selectFrom("contactMessages").select("name").where("clientAddress", "=", visitor.client).execute();
    expect(stored).toHaveLength(limit);
  });

  it("keeps no content of its own: the assistant answers from the FAQ another process just changed", async () => {
    const email = `asker-${randomUUID()}@example.com`;
    const user = await createUser(db!, { email, name: "Asker Scaleout", password: PASSWORD, emailVerified: true });
    const browser: Visit = { client: "203.0.113.40", cookies: new Map() };
    expect((await call(a, "/en/signin", browser, { email, password: PASSWORD })).status).toBe(302);
    const question = "Do you ship kangaroos to Amsterdam?";
    const answer = "Kangaroo shipping to Amsterdam is not something Cashwise offers.";
    const lastAnswer = async () => (await listMessages(db!, user.id)).filter((message) => message.role === "answer").at(-1)?.content ?? "";

    // Both servers answer once without it (each has built its search index of the English content).
    for (const server of [b, a]) {
      expect((await call(server, "/en/assistant", browser, { question })).status).toBe(302);
      expect(await lastAnswer()).not.toContain(answer);
    }
    // Published by another process (the back office on another server, a script): no server is told.
    await unitOfWork(db!, (tx) =>
      createFaqEntry(tx, {
        actor: { id: user.id, clientAddress: null },
        input: { locale: "en", category: "general", question, answer, published: true },
      }),
    );
    for (const server of [b, a]) {
      expect((await call(server, "/en/assistant", browser, { question })).status, `server ${server.name}`).toBe(302);
      expect(await lastAnswer(), `server ${server.name}`).toContain(answer);
    }
  });

  it("shares the job queue: each server runs what the others queued, every message is sent once", async () => {
    const visitor: Visit = { client: "203.0.113.30" };
    const token = await contactFormToken(b, visitor);
    const names = ["Job Visitor Alpha", "Job Visitor Bravo", "Job Visitor Charlie", "Job Visitor Delta"];
    // Sent through A, B, A, B: each stored in the one database, each server wakes the shared queue.
    for (const [i, name] of names.entries()) {
      const sent = await call(i % 2 === 0 ? a : b, "/en/contact", visitor, contactForm(name, token));
      expect(sent.status).toBe(302);
    }
    const stored = await db!.selectFrom("contactMessages").select("name").where("clientAddress", "=", visitor.client).execute();
    expect(stored.map((row) => row.name).sort()).toEqual(names);
    const subjects = names.map((name) => `New contact message from ${name}`);
    for (const subject of subjects) await smtp!.waitFor((mail) => mail.subject === subject, 20_000);

    // Started together on a fresh database, both set up the shared queues and run jobs.
    expectNoJobErrors();

    // Each server alone (the other one paused with SIGSTOP) runs a delivery queued by a third
    // process that runs no jobs itself (like an app started with JOBS=off): only the running
    // server can have sent that mail, and only from a queue it shares with the others.
    const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", max: 2, supervise: false, schedule: false, migrate: false });
    boss.on("error", () => undefined);
    await boss.start();
    try {
      for (const [worker, paused] of [
        [a, b],
        [b, a],
      ] as const) {
        paused.process.kill("SIGSTOP");
        try {
          const subject = `Delivered by server ${worker.name} ${randomUUID()}`;
          subjects.push(subject);
          await enqueueMail(db!, { to: SUPPORT_EMAIL, subject, text: "Queued by a process that runs no jobs." });
          const jobId = await boss.send(OUTBOX_JOB, {}, { singletonKey: `scale-out-${randomUUID()}` });
          expect(jobId).toBeTruthy();
          await waitUntil(async () => (await boss.getJobById(OUTBOX_JOB, jobId!))?.state === "completed", {
            timeoutMs: 20_000,
            intervalMs: 100,
            message: `server ${worker.name} running the delivery job the test process queued`,
          });
          await smtp!.waitFor((mail) => mail.subject === subject, 20_000);
        } finally {
          paused.process.kill("SIGCONT");
        }
      }
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }

    await outboxSettled();
    // Exactly once each, although two runners could have taken each delivery.
    for (const subject of subjects) expect(mailsTo(subject), subject).toHaveLength(1);
    // Each outbox row is one Message-ID (folded onto the next line when long): no row sent twice.
    const messageIds = smtp!.messages.map((mail) => /^Message-ID:\s*(<[^>]+>)/im.exec(mail.raw)?.[1]);
    expect(messageIds.every(Boolean)).toBe(true);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    const rows = await db!.selectFrom("outbox").select(["status", "attempts"]).execute();
    expect(rows.length).toBe(smtp!.messages.length);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);

    expectNoJobErrors();
  }, 60_000);
});
