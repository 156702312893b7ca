/** The command-line scripts, run as a user runs them, against a throw-away SQLite database. */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/db.server";
import { verifyPassword } from "~/users/password.server";

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-scripts-"));
const dbFile = path.join(dir, "scripts.db");
const env = { ...process.env, DATABASE_URL: `file:${dbFile}`, SESSION_SECRET: "s".repeat(40), APP_ENV: "test" };

async function script(name: string, args: string[] = []) {
  try {
    const { stdout, stderr } = await run("npx", ["tsx", `scripts/${name}.ts`, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

async function userRow(email: string) {
  const db = createDb({ kind: "sqlite", filename: dbFile });
  try {
    return await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  } finally {
    await db.destroy();
  }
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Each test starts the scripts as their own processes (tsx, two or three times): seconds each on a busy machine.
describe("scripts", { timeout: 90_000 }, () => {
  it("db:migrate migrates, and says so when already up to date", async () => {
    const first = await script("db-migrate");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Success: 20261121_0001_create_users");
    expect((await script("db-migrate")).stdout).toContain("Already up to date.");
  });

  it("create-admin creates a verified admin whose password works", async () => {
    const result = await script("create-admin", ["--email", "Root@Example.com", "--password", "Root-pass-1!"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Created administrator Root@Example.com.");
    const row = await userRow("Root@Example.com");
    expect(row).toMatchObject({ role: "admin" });
    expect(row?.emailVerifiedAt).toBeTruthy();
    expect(await verifyPassword(row!.passwordHash!, "Root-pass-1!")).toBe(true);
  });

  it("create-admin promotes an existing user and keeps the password", async () => {
    await script("db-seed");
    const result = await script("create-admin", ["--email", "demo@cashwise.test", "--password", "Other-pass-1!"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Promoted demo@cashwise.test");
    const row = await userRow("demo@cashwise.test");
    expect(row?.role).toBe("admin");
    expect(await verifyPassword(row!.passwordHash!, "Demo-pass-1!")).toBe(true);
  });

  it("create-admin refuses a weak password or a bad address and changes nothing", async () => {
    const weak = await script("create-admin", ["--email", "weak@example.com", "--password", "short"]);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("--password must be at least 8 characters long");
    const bad = await script("create-admin", ["--email", "not-an-email", "--password", "Good-pass-1!"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--email must be a valid e-mail address");
    expect(await userRow("weak@example.com")).toBeUndefined();
  });

  it("stops with a message naming the variable when the configuration is bad", async () => {
    const { code, stderr } = await run("npx", ["tsx", "scripts/db-migrate.ts"], {
      env: { ...env, DATABASE_URL: "mysql://nope" },
    }).then(
      (r) => ({ code: 0, stderr: r.stderr }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
    expect(code).toBe(1);
    expect(stderr).toContain("DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)");
  });
});
