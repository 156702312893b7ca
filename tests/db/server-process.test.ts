/**
 * The server process as `npm start` runs it (the built app under remix-serve with the server-guard
 * preload, NODE_ENV=production, jobs in-process: pg-boss on PostgreSQL, the inline runner on SQLite):
 *
 * - a method the app does not serve (TRACE, PROPFIND) is 405 with `Allow` on every path, not 500;
 * - SIGTERM: the process exits with code 0 within 10 s, an idle keep-alive connection open, the job
 *   runner running and the database pool open (before, on PostgreSQL, the port closed and the
 *   process stayed, holding its connections).
 *
 * On SQLite always, on PostgreSQL (a database of its own, dropped afterwards) when TEST_DATABASE_URL
 * is set. It needs the build (`npm test` builds before vitest).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/db.server";
import { migrateToLatest } from "../../db/migrate";
import { buildIsStale, serverCommand } from "../../scripts/lib";
import { testDialects } from "../support/databases";
import { waitUntil } from "../support/wait";
import { freePort, serverEnvironment } from "../support/servers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD_ENTRY = path.join(ROOT, "build/index.js");

/** A database of its own for the server, migrated: its URL and how to drop it. */
async function serverDatabase(dialect: "sqlite" | "postgres"): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-server-"));
    const filename = path.join(dir, "server.db");
    const db = createDb({ kind: "sqlite", filename });
    await migrateToLatest(db);
    await db.destroy();
    return { url: `file:${filename}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `cashwise_server_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`).finally(() => admin.end());
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb({ kind: "postgres", connectionString: url.href }, { poolSize: 2 });
  await migrateToLatest(db);
  await db.destroy();
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`).finally(() => client.end());
    },
  };
}

/** One raw request (fetch refuses TRACE): status, headers, on a keep-alive agent when given. */
function request(port: number, method: string, pathname: string, agent?: http.Agent): Promise<{ status: number; allow?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: pathname, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow }));
    });
    req.on("error", reject);
    req.end();
  });
}

for (const dialect of testDialects()) {
  describe(`the server process [${dialect}]`, () => {
    let database: { url: string; drop: () => Promise<void> } | undefined;
    let server: ChildProcess | undefined;
    let exited!: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
    let port = 0;
    const output: string[] = [];

    beforeAll(async () => {
      if (!fs.existsSync(BUILD_ENTRY)) throw new Error("build/index.js is missing: run `npx remix build` first.");
      if (buildIsStale()) console.warn("server-process: build/ is older than the sources; the server runs the last build.");
      database = await serverDatabase(dialect);
      port = await freePort();
      const { command, args } = serverCommand();
      server = spawn(command, args, {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        env: serverEnvironment({
          port,
          appUrl: `http://127.0.0.1:${port}`,
          databaseUrl: database.url,
          sessionSecret: `server-process-${randomBytes(24).toString("hex")}`,
        }),
      });
      server.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      server.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      const child = server;
      exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
      await waitUntil(
        async () => {
          if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output.join("")}`);
          return fetch(`http://127.0.0.1:${port}/healthz`).then(
            (response) => response.status === 200,
            () => false,
          );
        },
        { timeoutMs: 40_000, intervalMs: 200, message: "the server answering /healthz" },
      );
    }, 60_000);

    afterAll(async () => {
      if (server && server.exitCode === null && server.signalCode === null) {
        server.kill("SIGKILL");
        await exited;
      }
      await database?.drop();
    }, 30_000);

    it("answers TRACE and other methods it does not serve with 405 and Allow, on every path", async () => {
      for (const [method, pathname] of [
        ["TRACE", "/"],
        ["TRACE", "/en/ads/reports"],
        ["TRACE", "/api/v1/auth/forgot-password"],
        ["PROPFIND", "/healthz"],
      ]) {
        expect(await request(port, method!, pathname!), `${method} ${pathname}`).toEqual({ status: 405, allow: "GET, HEAD, POST" });
      }
      expect((await request(port, "GET", "/healthz")).status).toBe(200);
    });

    it("exits with code 0 within 10 s of SIGTERM, with an idle keep-alive connection and the job runner running", async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      expect((await request(port, "GET", "/healthz", agent)).status).toBe(200);
      const started = Date.now();
      server!.kill("SIGTERM");
      const result = await exited;
      const took = Date.now() - started;
      agent.destroy();
      expect(result, output.join("")).toEqual({ code: 0, signal: null });
      expect(took).toBeLessThan(10_000);
    }, 15_000);
  });
}
