/**
 * Signed postbacks from affiliate networks (`POST /api/v1/postbacks/:network`): JSON
 * (`transactionId`, `clickId`, `saleAmount`, `commission`, `currency`, `status`, `occurredAt`)
 * signed with HMAC-SHA256 over the timestamp and the raw body in
 * `X-Cashwise-Signature: t=<unix>,v1=<hex>` with the network's secret. Unknown or unconfigured
 * networks are 404; unsigned, wrongly signed or stale (over 5 minutes) requests 401; bodies that
 * are not such JSON 400/415/422 with a stable `code`; all of them change nothing. A good postback
 * goes through the one ingestion function in one unit of work. Each network's status words are
 * mapped here.
 */
import { z } from "zod";
import { apiError, apiLocale, json } from "~/utils/json.server";
import { env, type Env } from "~/config/env.server";
import { db as appDb, type Db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { signPayload, verifySignature } from "~/wallet/payments.server";
import { ingestConversion, type ReportedStatus } from "./conversions.server";

export const POSTBACK_SIGNATURE_HEADER = "X-Cashwise-Signature";
export const POSTBACK_NETWORKS = ["sandbox", "awin", "impact", "cj", "rakuten", "other"] as const;
export type PostbackNetwork = (typeof POSTBACK_NETWORKS)[number];

/** Each network's status words (Awin, Impact, CJ, Rakuten, ours), as ours. */
const STATUS_WORDS: Record<string, ReportedStatus> = {
  pending: "pending",
  approved: "approved",
  declined: "declined",
  deleted: "declined",
  reversed: "declined",
  new: "pending",
  extended: "pending",
  locked: "approved",
  closed: "approved",
  confirmed: "approved",
  rejected: "declined",
};

export function mapStatus(word: string): ReportedStatus | null {
  return STATUS_WORDS[word.trim().toLowerCase()] ?? null;
}

/** Dollars as the networks write them (12.5) to cents, refusing what is not a sane amount. */
const money = z
  .number()
  .finite()
  .min(0)
  .max(10_000_000)
  .transform((value) => Math.round(value * 100));

/** Identifiers as networks send them: printable, no control characters (PostgreSQL refuses NUL). */
const identifier = (min: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(200)
    .regex(/^[^\p{Cc}]*$/u);

const PostbackSchema = z.object({
  transactionId: identifier(1),
  clickId: identifier(0).nullable().optional(),
  saleAmount: money,
  commission: money,
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.string().max(40),
  occurredAt: z.string().datetime({ offset: true }),
});

function isNetwork(value: string | undefined): value is PostbackNetwork {
  return (POSTBACK_NETWORKS as readonly string[]).includes(value ?? "");
}

export async function handlePostback(
  request: Request,
  network: string | undefined,
  deps: { db: Db; secrets: Env["postbackSecrets"] } = { db: appDb(), secrets: env().postbackSecrets },
): Promise<Response> {
  const locale = await apiLocale(request);
  if (!isNetwork(network)) return apiError(locale, 404, "unknown_network", "common:postback.unknownNetwork");
  const secret = deps.secrets[network];
  if (!secret) return apiError(locale, 404, "network_not_configured", "common:postback.notConfigured");
  const raw = await request.text();
  if (!verifySignature(raw, request.headers.get(POSTBACK_SIGNATURE_HEADER), secret)) {
    return apiError(locale, 401, "invalid_signature", "common:postback.invalidSignature");
  }
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.includes("json")) return apiError(locale, 415, "unsupported_media_type", "auth:api.unsupportedMediaType");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return apiError(locale, 400, "malformed_json", "auth:api.malformedJson");
  }
  const parsed = PostbackSchema.safeParse(body);
  if (!parsed.success) {
    return apiError(locale, 422, "validation_failed", "common:postback.invalid", {
      fields: [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "body"))],
    });
  }
  const status = mapStatus(parsed.data.status);
  if (!status) return apiError(locale, 422, "unknown_status", "common:postback.unknownStatus");
  // The ledger keeps US dollars; another currency would need a rate we do not have.
  if (parsed.data.currency !== "USD") return apiError(locale, 422, "unsupported_currency", "common:postback.unsupportedCurrency");
  const result = await unitOfWork(deps.db, (tx) =>
    ingestConversion(tx, {
      network,
      transactionId: parsed.data.transactionId,
      clickId: parsed.data.clickId || null,
      saleAmountCents: parsed.data.saleAmount,
      commissionCents: parsed.data.commission,
      currency: parsed.data.currency,
      status,
      occurredAt: new Date(parsed.data.occurredAt).toISOString(),
      source: "postback",
      raw,
    }),
  );
  return json({ status: "ok", outcome: result.outcome });
}

/** What the sandbox network does when its merchant page reports an order: a signed postback, server to server. */
export async function sendSandboxPostback(
  body: {
    transactionId: string;
    clickId: string | null;
    saleAmount: number;
    commission: number;
    status: "pending" | "approved" | "declined";
    occurredAt: string;
  },
  config = env(),
): Promise<number> {
  const secret = config.postbackSecrets.sandbox;
  if (!secret) return 404;
  const payload = JSON.stringify({ ...body, currency: "USD" });
  const response = await fetch(new URL("/api/v1/postbacks/sandbox", config.appUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", [POSTBACK_SIGNATURE_HEADER]: signPayload(payload, secret) },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
}
