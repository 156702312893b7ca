/**
 * Configuration: owns the process environment. It is parsed once, with zod, into a typed
 * `Env`; a bad or missing value stops start-up with a message naming the variable.
 *
 * With no environment at all the app runs as the embedded default (SQLite under `data/`, a
 * session secret generated once and kept in `data/session-secret`, e-mail written to the
 * `data/outbox/` folder). `APP_ENV=production` turns those conveniences off: a deployment must
 * then configure `SESSION_SECRET`, `APP_URL` and `SMTP_URL` itself, and real money only: Stripe with
 * live keys (a test key, `sk_test_`/`rk_test_`/`pk_test_`, stops start-up; test events would credit
 * wallets for nothing).
 *
 * Every variable read here is listed in the README's configuration table.
 */
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isValidIban } from "./iban";

export type DatabaseTarget = { kind: "sqlite"; filename: string } | { kind: "postgres"; connectionString: string };

export type MailTransport = { kind: "smtp"; url: string } | { kind: "outbox"; directory: string };

export interface Env {
  appEnv: "development" | "test" | "production";
  port: number;
  appUrl: URL;
  database: DatabaseTarget;
  /** Newest first: the first secret signs, every one of them verifies (rotation). */
  sessionSecrets: string[];
  mail: MailTransport;
  mailFrom: string;
  supportEmail: string;
  supportPhone: string;
  companyAddress: string;
  /**
   * The legal line (footer, PDFs). Unset, the app says it is a demonstration installation
   * (translated) rather than invent a company, a registration or a safeguarding arrangement.
   */
  company: { name: string; registration: string | null; safeguarding: string | null; isDemo: boolean };
  payments: {
    provider: "sandbox" | "stripe";
    webhookSecret: string;
    /** `livemode`: the secret key's mode (sk_live_/rk_live_); the webhook refuses events of the other mode. */
    stripe: { secretKey: string; webhookSecret: string; livemode: boolean } | null;
  };
  /**
   * The HMAC secret of each affiliate network's signed postbacks (null: that network's postbacks
   * are refused). The sandbox network's is derived from the session secret, except in production.
   */
  postbackSecrets: Record<"sandbox" | "awin" | "impact" | "cj" | "rakuten" | "other", string | null>;
  /** How many reverse proxies append to X-Forwarded-For in front of the app (0: none, trust no header). */
  trustProxy: number;
  /** Background work: `inline` runs the job handlers in the app process, `off` only queues them (run `npm run worker`). */
  jobs: "inline" | "off";
  /**
   * The account bank payout batches (pain.001 credit transfers) are paid from. Outside production a
   * sandbox account stands in; in production it is null until all three variables are set (the
   * payout desk then refuses bank batches and says why).
   */
  payoutDebtor: { name: string; iban: string; bic: string } | null;
  /**
   * The assistant's OpenAI-compatible chat endpoint (`LLM_URL`, a base URL such as
   * https://api.openai.com/v1, with `LLM_API_KEY` and optional `LLM_MODEL`); null: answers are
   * composed from templates.
   */
  llm: { url: string; apiKey: string; model: string } | null;
  /**
   * How long a public page's stored document is served to signed-out visitors (PAGE_CACHE_TTL_SECONDS,
   * default 60; 0 turns the page cache off). A change to published content drops every stored page
   * at once in the process that made it; this bounds everything else (other processes, the clock).
   */
  pageCacheTtlSeconds: number;
  dataDir: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());

const schema = z
  .object({
    APP_ENV: z.preprocess(
      blankToUndefined,
      z
        .enum(["development", "test", "production"], {
          errorMap: () => ({ message: "must be one of development, test, production" }),
        })
        .default("development"),
    ),
    PORT: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: "must be a port number" })
        .int("must be a whole number")
        .min(1, "must be between 1 and 65535")
        .max(65535, "must be between 1 and 65535")
        .default(3000),
    ),
    DATABASE_URL: optionalString.refine(
      (value) => value === undefined || /^(file:.+|postgres(ql)?:\/\/.+)$/.test(value),
      "must start with file: (SQLite) or postgres:// (PostgreSQL)",
    ),
    SESSION_SECRET: optionalString.refine(
      (value) => value === undefined || value.split(",").every((secret) => secret.trim().length >= 32),
      "each comma-separated secret must be at least 32 characters long",
    ),
    APP_URL: optionalString.refine(
      (value) => value === undefined || /^https?:\/\/[^/]+/.test(value),
      "must be an absolute http:// or https:// URL, e.g. https://cashwise.example",
    ),
    SMTP_URL: optionalString.refine(
      (value) => value === undefined || /^smtps?:\/\/.+/.test(value),
      "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587",
    ),
    MAIL_FROM: optionalString,
    SUPPORT_EMAIL: optionalString.refine(
      (value) => value === undefined || z.string().email().safeParse(value).success,
      "must be an e-mail address",
    ),
    SUPPORT_PHONE: optionalString,
    COMPANY_ADDRESS: optionalString,
    COMPANY_NAME: optionalString,
    COMPANY_REGISTRATION: optionalString,
    SAFEGUARDING_NOTICE: optionalString,
    PAYMENT_PROVIDER: z.preprocess(
      blankToUndefined,
      z.enum(["sandbox", "stripe"], { errorMap: () => ({ message: "must be sandbox or stripe" }) }).optional(),
    ),
    POSTBACK_SECRET_SANDBOX: optionalString.refine(
      (value) => value === undefined || value.length >= 32,
      "must be at least 32 characters long",
    ),
    POSTBACK_SECRET_AWIN: optionalString.refine(
      (value) => value === undefined || value.length >= 32,
      "must be at least 32 characters long",
    ),
    POSTBACK_SECRET_IMPACT: optionalString.refine(
      (value) => value === undefined || value.length >= 32,
      "must be at least 32 characters long",
    ),
    POSTBACK_SECRET_CJ: optionalString.refine((value) => value === undefined || value.length >= 32, "must be at least 32 characters long"),
    POSTBACK_SECRET_RAKUTEN: optionalString.refine(
      (value) => value === undefined || value.length >= 32,
      "must be at least 32 characters long",
    ),
    POSTBACK_SECRET_OTHER: optionalString.refine(
      (value) => value === undefined || value.length >= 32,
      "must be at least 32 characters long",
    ),
    PAYMENT_WEBHOOK_SECRET: optionalString.refine(
      (value) => value === undefined || value.length >= 32,
      "must be at least 32 characters long",
    ),
    STRIPE_SECRET_KEY: optionalString.refine(
      (value) => value === undefined || /^(sk|rk)_(test|live)_/.test(value),
      "must be a Stripe secret key (sk_test_… or sk_live_…)",
    ),
    // Checked only (Checkout is a server-side redirect): a test publishable key must not go live either.
    STRIPE_PUBLISHABLE_KEY: optionalString.refine(
      (value) => value === undefined || /^pk_(test|live)_/.test(value),
      "must be a Stripe publishable key (pk_test_… or pk_live_…)",
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.refine(
      (value) => value === undefined || value.startsWith("whsec_"),
      "must be a Stripe webhook signing secret (whsec_…)",
    ),
    PAYOUT_DEBTOR_NAME: optionalString.refine(
      (value) => value === undefined || value.length <= 70,
      "must be at most 70 characters (the credit transfer's limit)",
    ),
    PAYOUT_DEBTOR_IBAN: z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/\s+/g, "").toUpperCase() : value),
      optionalString.refine((value) => value === undefined || isValidIban(value), "must be a valid IBAN, e.g. NL91ABNA0417164300"),
    ),
    PAYOUT_DEBTOR_BIC: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
      optionalString.refine(
        (value) => value === undefined || /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/.test(value),
        "must be a BIC of 8 or 11 characters, e.g. ABNANL2A",
      ),
    ),
    JOBS: z.preprocess(
      blankToUndefined,
      z.enum(["inline", "off"], { errorMap: () => ({ message: "must be inline or off" }) }).default("inline"),
    ),
    LLM_URL: optionalString.refine(
      (value) => value === undefined || /^https?:\/\/[^/]+/.test(value),
      "must be an http:// or https:// URL, e.g. https://api.openai.com/v1",
    ),
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    PAGE_CACHE_TTL_SECONDS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: "must be a number of seconds (0 turns the page cache off)" })
        .int("must be a whole number")
        .min(0, "must be 0 or more")
        .max(86_400, "must be at most 86400 (a day)")
        .default(60),
    ),
    TRUST_PROXY: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: "must be the number of reverse proxies in front of the app (0, 1, 2…)" })
        .int("must be a whole number")
        .min(0, "must be 0 or more")
        .max(10, "must be at most 10")
        .default(0),
    ),
  })
  .superRefine((value, ctx) => {
    const debtor = ["PAYOUT_DEBTOR_NAME", "PAYOUT_DEBTOR_IBAN", "PAYOUT_DEBTOR_BIC"] as const;
    if (debtor.some((name) => value[name])) {
      for (const name of debtor) {
        if (!value[name])
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: "is required with the other PAYOUT_DEBTOR_* variables" });
      }
    }
    if (Boolean(value.LLM_URL) !== Boolean(value.LLM_API_KEY)) {
      const [missing, given] = value.LLM_URL ? ["LLM_API_KEY", "LLM_URL"] : ["LLM_URL", "LLM_API_KEY"];
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [missing], message: `is required with ${given}: set both or neither` });
    }
    if (value.APP_ENV !== "production") return;
    const stripe = value.PAYMENT_PROVIDER === "stripe" || (value.PAYMENT_PROVIDER === undefined && value.STRIPE_SECRET_KEY);
    if (!stripe) {
      // The sandbox provider credits wallets for pretend payments: never live.
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["PAYMENT_PROVIDER"],
        message:
          "must be stripe when APP_ENV=production (the sandbox provider takes no real money); set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
      });
    }
    if (stripe) {
      for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
        if (!value[name])
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: "is required when payments go through Stripe" });
      }
    }
    // Test keys take no real money and sign test events: never in production.
    if (value.STRIPE_SECRET_KEY && /^(sk|rk)_test_/.test(value.STRIPE_SECRET_KEY))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["STRIPE_SECRET_KEY"],
        message: "must be a live key (sk_live_… or rk_live_…) when APP_ENV=production: test keys take no real money",
      });
    if (value.STRIPE_PUBLISHABLE_KEY?.startsWith("pk_test_"))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["STRIPE_PUBLISHABLE_KEY"],
        message: "must be a live key (pk_live_…) when APP_ENV=production: test keys take no real money",
      });
    for (const name of ["SESSION_SECRET", "APP_URL", "SMTP_URL"] as const) {
      if (!value[name]) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [name],
          message: "is required when APP_ENV=production",
        });
      }
    }
  });

export interface LoadEnvOptions {
  /** Where the embedded defaults live (the SQLite file, the generated secret, the outbox). */
  dataDir?: string;
}

/** Parses an environment. Pure apart from creating the generated session secret when needed. */
export function loadEnv(source: Record<string, string | undefined> = process.env, options: LoadEnvOptions = {}): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"} ${issue.message}`));
  }
  const value = parsed.data;
  const dataDir = path.resolve(options.dataDir ?? "data");
  const appUrl = new URL(value.APP_URL ?? `http://localhost:${value.PORT}`);
  const sessionSecrets = value.SESSION_SECRET
    ? value.SESSION_SECRET.split(",").map((secret) => secret.trim())
    : [generatedSessionSecret(dataDir)];

  return {
    appEnv: value.APP_ENV,
    port: value.PORT,
    appUrl,
    database: parseDatabaseUrl(value.DATABASE_URL, dataDir),
    sessionSecrets,
    mail: value.SMTP_URL ? { kind: "smtp", url: value.SMTP_URL } : { kind: "outbox", directory: path.join(dataDir, "outbox") },
    mailFrom: value.MAIL_FROM ?? `Cashwise <no-reply@${appUrl.hostname}>`,
    supportEmail: value.SUPPORT_EMAIL ?? `support@${appUrl.hostname === "localhost" ? "cashwise.localhost" : appUrl.hostname}`,
    supportPhone: value.SUPPORT_PHONE ?? "+31 20 123 4567",
    companyAddress: value.COMPANY_ADDRESS ?? "Herengracht 182, 1016 BR Amsterdam, The Netherlands",
    company: {
      name: value.COMPANY_NAME ?? "Cashwise",
      registration: value.COMPANY_REGISTRATION ?? null,
      safeguarding: value.SAFEGUARDING_NOTICE ?? null,
      isDemo: !value.COMPANY_REGISTRATION,
    },
    trustProxy: value.TRUST_PROXY,
    jobs: value.JOBS,
    pageCacheTtlSeconds: value.PAGE_CACHE_TTL_SECONDS,
    payoutDebtor:
      value.PAYOUT_DEBTOR_NAME && value.PAYOUT_DEBTOR_IBAN && value.PAYOUT_DEBTOR_BIC
        ? { name: value.PAYOUT_DEBTOR_NAME, iban: value.PAYOUT_DEBTOR_IBAN, bic: value.PAYOUT_DEBTOR_BIC }
        : value.APP_ENV === "production"
          ? null
          : // A sandbox account (a documentation IBAN) so bank batches can be tried in development.
            { name: `${value.COMPANY_NAME ?? "Cashwise"} Sandbox`.slice(0, 70), iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
    payments: {
      provider: value.PAYMENT_PROVIDER ?? (value.STRIPE_SECRET_KEY ? "stripe" : "sandbox"),
      stripe:
        value.STRIPE_SECRET_KEY && value.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: value.STRIPE_SECRET_KEY,
              webhookSecret: value.STRIPE_WEBHOOK_SECRET,
              livemode: /^(sk|rk)_live_/.test(value.STRIPE_SECRET_KEY),
            }
          : null,
      // Embedded default: derived from the session secret, so nothing more needs configuring.
      webhookSecret: value.PAYMENT_WEBHOOK_SECRET ?? derive(sessionSecrets[0]!, "payment-webhook"),
    },
    postbackSecrets: {
      sandbox: value.POSTBACK_SECRET_SANDBOX ?? (value.APP_ENV === "production" ? null : derive(sessionSecrets[0]!, "postback-sandbox")),
      awin: value.POSTBACK_SECRET_AWIN ?? null,
      impact: value.POSTBACK_SECRET_IMPACT ?? null,
      cj: value.POSTBACK_SECRET_CJ ?? null,
      rakuten: value.POSTBACK_SECRET_RAKUTEN ?? null,
      other: value.POSTBACK_SECRET_OTHER ?? null,
    },
    llm:
      value.LLM_URL && value.LLM_API_KEY
        ? { url: value.LLM_URL.replace(/\/+$/, ""), apiKey: value.LLM_API_KEY, model: value.LLM_MODEL ?? "gpt-4o-mini" }
        : null,
    dataDir,
  };
}

export function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseTarget {
  if (!url) return { kind: "sqlite", filename: path.join(dataDir, "app.db") };
  if (url.startsWith("file:")) {
    const filename = url.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    return { kind: "sqlite", filename: filename === ":memory:" ? filename : path.resolve(filename) };
  }
  return { kind: "postgres", connectionString: url };
}

function derive(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(purpose).digest("hex");
}

/** The embedded default: one random secret, created on first start and kept under `data/`. */
function generatedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** For the start scripts: parse now, or print the problems and exit. */
export function envOrExit(): Env {
  try {
    return env();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export function isHttps(config: Env = env()): boolean {
  return config.appUrl.protocol === "https:";
}
