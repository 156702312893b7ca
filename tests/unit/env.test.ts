import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "~/config/env.server";
import { configuredSandbox, configuredStripe } from "~/wallet/sandbox-provider.server";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-env-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function problems(source: Record<string, string>): string[] {
  try {
    loadEnv(source, { dataDir });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadEnv", () => {
  it("runs the embedded default with no configuration at all", () => {
    const env = loadEnv({}, { dataDir });
    expect(env.appEnv).toBe("development");
    expect(env.port).toBe(3000);
    expect(env.appUrl.href).toBe("http://localhost:3000/");
    expect(env.database).toEqual({ kind: "sqlite", filename: path.join(dataDir, "app.db") });
    expect(env.mail).toEqual({ kind: "outbox", directory: path.join(dataDir, "outbox") });
    expect(env.sessionSecrets).toHaveLength(1);
    expect(env.sessionSecrets[0]!.length).toBeGreaterThanOrEqual(32);
  });

  it("generates the session secret once and keeps it under the data folder", () => {
    const first = loadEnv({}, { dataDir }).sessionSecrets[0];
    const second = loadEnv({}, { dataDir }).sessionSecrets[0];
    expect(second).toBe(first);
    expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(first);
    expect(fs.statSync(path.join(dataDir, "session-secret")).mode & 0o077).toBe(0);
  });

  it("reads DATABASE_URL as SQLite for file: and PostgreSQL for postgres://", () => {
    expect(loadEnv({ DATABASE_URL: "file:./tmp/x.db" }, { dataDir }).database).toEqual({
      kind: "sqlite",
      filename: path.resolve("tmp/x.db"),
    });
    expect(loadEnv({ DATABASE_URL: "postgres://u@h:5432/db" }, { dataDir }).database).toEqual({
      kind: "postgres",
      connectionString: "postgres://u@h:5432/db",
    });
    expect(problems({ DATABASE_URL: "mysql://nope" })).toEqual(["DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)"]);
  });

  it("splits SESSION_SECRET on commas for rotation, newest first", () => {
    const a = "a".repeat(32);
    const b = "b".repeat(40);
    expect(loadEnv({ SESSION_SECRET: `${a}, ${b}` }, { dataDir }).sessionSecrets).toEqual([a, b]);
    expect(problems({ SESSION_SECRET: `${a},short` })).toEqual([
      "SESSION_SECRET each comma-separated secret must be at least 32 characters long",
    ]);
  });

  it("names the variable that is wrong", () => {
    expect(problems({ PORT: "http" })).toEqual(["PORT must be a port number"]);
    expect(problems({ PORT: "70000" })).toEqual(["PORT must be between 1 and 65535"]);
    expect(problems({ APP_ENV: "staging" })).toEqual(["APP_ENV must be one of development, test, production"]);
    expect(problems({ APP_URL: "cashwise.example" })[0]).toMatch(/^APP_URL must be an absolute/);
    expect(problems({ SMTP_URL: "mail.example" })[0]).toMatch(/^SMTP_URL must be an smtp/);
  });

  it("requires SESSION_SECRET, APP_URL, SMTP_URL and a real payment provider in production", () => {
    expect(problems({ APP_ENV: "production" }).sort()).toEqual([
      "APP_URL is required when APP_ENV=production",
      "PAYMENT_PROVIDER must be stripe when APP_ENV=production (the sandbox provider takes no real money); set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
      "SESSION_SECRET is required when APP_ENV=production",
      "SMTP_URL is required when APP_ENV=production",
    ]);
    const live = {
      APP_ENV: "production",
      SESSION_SECRET: "s".repeat(32),
      APP_URL: "https://cashwise.example",
      SMTP_URL: "smtp://mail.example:587",
    };
    // Production with no real provider was free money: the sandbox never goes live.
    expect(problems({ ...live, PAYMENT_PROVIDER: "sandbox" })).toEqual([
      "PAYMENT_PROVIDER must be stripe when APP_ENV=production (the sandbox provider takes no real money); set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    ]);
    expect(problems({ ...live, STRIPE_SECRET_KEY: "sk_live_x" })).toEqual([
      "STRIPE_WEBHOOK_SECRET is required when payments go through Stripe",
    ]);
    const env = loadEnv({ ...live, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }, { dataDir });
    expect(configuredSandbox(env)).toBeNull();
    expect(configuredStripe(env)).not.toBeNull();
    expect(env.jobs).toBe("inline");
    expect(problems({ JOBS: "sometimes" })).toEqual(["JOBS must be inline or off"]);
    expect(env.mail).toEqual({ kind: "smtp", url: "smtp://mail.example:587" });
    expect(env.mailFrom).toBe("Cashwise <no-reply@cashwise.example>");
    expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(false);
    // The embedded default (no environment at all) is the sandbox.
    expect(configuredSandbox(loadEnv({}, { dataDir }))).not.toBeNull();
  });

  it("refuses Stripe test keys in production (#25, finding 5), and knows the key's mode", () => {
    const live = {
      APP_ENV: "production",
      SESSION_SECRET: "s".repeat(32),
      APP_URL: "https://cashwise.example",
      SMTP_URL: "smtp://mail.example:587",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    };
    const testKey = "STRIPE_SECRET_KEY must be a live key (sk_live_… or rk_live_…) when APP_ENV=production: test keys take no real money";
    expect(problems({ ...live, STRIPE_SECRET_KEY: "sk_test_x" })).toEqual([testKey]);
    expect(problems({ ...live, STRIPE_SECRET_KEY: "rk_test_x" })).toEqual([testKey]);
    expect(problems({ ...live, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" })).toEqual([
      "STRIPE_PUBLISHABLE_KEY must be a live key (pk_live_…) when APP_ENV=production: test keys take no real money",
    ]);
    expect(problems({ ...live, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: "publishable" })).toEqual([
      "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)",
    ]);
    // The start scripts print the message and stop.
    expect(() => loadEnv({ ...live, STRIPE_SECRET_KEY: "sk_test_x" }, { dataDir })).toThrow(/STRIPE_SECRET_KEY must be a live key/);
    expect(loadEnv({ ...live, STRIPE_SECRET_KEY: "rk_live_x", STRIPE_PUBLISHABLE_KEY: "pk_live_x" }, { dataDir }).payments.stripe).toEqual({
      secretKey: "rk_live_x",
      webhookSecret: "whsec_x",
      livemode: true,
    });
    // Outside production a test key is what one develops with.
    const dev = loadEnv(
      { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" },
      { dataDir },
    );
    expect(dev.payments.stripe?.livemode).toBe(false);
  });

  it("treats blank values as unset", () => {
    expect(loadEnv({ PORT: "", DATABASE_URL: " " }, { dataDir }).port).toBe(3000);
  });
});
