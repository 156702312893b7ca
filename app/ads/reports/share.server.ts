/**
 * Share links of white-label reports: owns `ad_report_shares` and the links' tokens. A token is
 * `<payload>.<signature>` in base64url: the payload (JSON) holds only the client account's id, the
 * period, the language and the expiry (seconds); the signature is its HMAC-SHA256 with the first
 * session secret (any configured secret verifies, so secrets can be rotated). The row, found by the
 * signature, lets the owner list and revoke links; making the same link twice (the same input in the
 * same second) answers the first one's row. A token is honoured only when its signature is
 * right, it has not expired, its row exists and is not revoked: anything else is "not found".
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { audit } from "~/audit/audit.server";
import { env } from "~/config/env.server";
import { now, type DbOrTx, type Tx } from "~/db/db.server";
import { isLocale, type Locale } from "~/i18n/config";
import { getClientAccount } from "../accounts.server";
import type { DayRange } from "../dashboard-query";
import { NamedError } from "~/utils/named-error";

const DAY_MS = 86_400_000;

export interface SharePayload {
  clientAccountId: string;
  period: DayRange;
  language: Locale;
  /** Expiry, milliseconds since the epoch (whole seconds in the token). */
  expiresAt: number;
}

export class ShareNotFoundError extends NamedError {
  constructor() {
    super("share link not found");
  }
}

const sign = (data: string, secret: string) => createHmac("sha256", secret).update(data).digest("base64url");

/** The signed token of a payload (with the first configured secret, unless one is given). */
export function signShareToken(payload: SharePayload, secret = env().sessionSecrets[0]!): string {
  const body = Buffer.from(
    JSON.stringify({
      c: payload.clientAccountId,
      f: payload.period.from,
      t: payload.period.to,
      l: payload.language,
      e: Math.floor(payload.expiresAt / 1000),
    }),
  ).toString("base64url");
  return `${body}.${sign(body, secret)}`;
}

/** The payload of a token whose signature one of the secrets made, else null (expiry not checked). */
export function readShareToken(token: string, secrets = env().sessionSecrets): (SharePayload & { signature: string }) | null {
  const match = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, body, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, "base64url");
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(sign(body, secret), "base64url");
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  try {
    const data = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
    const day = /^\d{4}-\d{2}-\d{2}$/;
    if (typeof data.c !== "string" || typeof data.f !== "string" || typeof data.t !== "string" || !day.test(data.f) || !day.test(data.t))
      return null;
    if (!isLocale(data.l) || typeof data.e !== "number" || !Number.isFinite(data.e)) return null;
    return {
      clientAccountId: data.c,
      period: { from: data.f, to: data.t },
      language: data.l,
      expiresAt: data.e * 1000,
      signature,
    };
  } catch {
    return null;
  }
}

export interface ShareLink {
  id: string;
  period: DayRange;
  language: Locale;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
  /** The token (rebuilt from the row: the same payload signs to the same token). */
  token: string;
}

type ShareRow = {
  id: string;
  clientAccountId: string;
  periodFrom: string;
  periodTo: string;
  language: string;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
};

function toLink(row: ShareRow): ShareLink {
  const language = isLocale(row.language) ? row.language : "en";
  const period = { from: row.periodFrom, to: row.periodTo };
  return {
    id: row.id,
    period,
    language,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
    token: signShareToken({
      clientAccountId: row.clientAccountId,
      period,
      language,
      expiresAt: Date.parse(row.expiresAt),
    }),
  };
}

/** Makes a share link of the owner's client account's report, valid `days` days from now. */
export async function createShare(
  tx: Tx,
  ownerId: string,
  clientAccountId: string,
  input: { period: DayRange; language: Locale; days: number },
  nowMs = Date.now(),
): Promise<ShareLink> {
  const client = await getClientAccount(tx, ownerId, clientAccountId);
  // Whole seconds, as the token carries them.
  const expiresAt = Math.floor((nowMs + input.days * DAY_MS) / 1000) * 1000;
  const token = signShareToken({
    clientAccountId: client.id,
    period: input.period,
    language: input.language,
    expiresAt,
  });
  const signature = token.split(".")[1]!;
  const id = randomUUID();
  // Idempotent: the same input in the same second signs to the same token, so a double submit (or
  // two parallel requests) finds the first one's row instead of tripping the unique signature.
  const inserted = await tx
    .insertInto("adReportShares")
    .values({
      id,
      clientAccountId: client.id,
      createdBy: ownerId,
      periodFrom: input.period.from,
      periodTo: input.period.to,
      language: input.language,
      signature,
      expiresAt: new Date(expiresAt).toISOString(),
      revokedAt: null,
      createdAt: now(),
    })
    .onConflict((oc) => oc.column("signature").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const existing = await tx.selectFrom("adReportShares").selectAll().where("signature", "=", signature).executeTakeFirstOrThrow();
    if (existing.revokedAt) {
      // Made again after it was revoked (within the same second): the owner wants it open again.
      await tx.updateTable("adReportShares").set({ revokedAt: null }).where("id", "=", existing.id).execute();
      await audit(tx, { actorId: ownerId, action: "ads.reports.share-restore", subject: `ad-report-share:${existing.id}` });
      return toLink({ ...existing, revokedAt: null });
    }
    return toLink(existing);
  }
  await audit(tx, {
    actorId: ownerId,
    action: "ads.reports.share",
    subject: `ad-report-share:${id}`,
    details: {
      clientAccountId: client.id,
      from: input.period.from,
      to: input.period.to,
      language: input.language,
      days: input.days,
    },
  });
  const row = await tx.selectFrom("adReportShares").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return toLink(row);
}

/** The client account's share links, newest first (revoked and expired ones included). */
export async function listShares(db: DbOrTx, ownerId: string, clientAccountId: string): Promise<ShareLink[]> {
  const client = await getClientAccount(db, ownerId, clientAccountId);
  const rows = await db
    .selectFrom("adReportShares")
    .select(["id", "clientAccountId", "periodFrom", "periodTo", "language", "expiresAt", "revokedAt", "createdAt"])
    .where("clientAccountId", "=", client.id)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows.map(toLink);
}

/** Revokes one of the owner's share links (`ShareNotFoundError` for anyone else's). */
export async function revokeShare(tx: Tx, ownerId: string, shareId: string): Promise<void> {
  const row = await tx
    .selectFrom("adReportShares")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adReportShares.clientAccountId")
    .select(["adReportShares.id", "adReportShares.revokedAt"])
    .where("adReportShares.id", "=", shareId)
    .where("adClientAccounts.ownerId", "=", ownerId)
    .executeTakeFirst();
  if (!row) throw new ShareNotFoundError();
  if (row.revokedAt) return;
  await tx.updateTable("adReportShares").set({ revokedAt: now() }).where("id", "=", shareId).execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.reports.share-revoke",
    subject: `ad-report-share:${shareId}`,
  });
}

/**
 * What a presented token opens: the payload and the owner of its client account, when the token
 * is signed, unexpired, and its link exists and is not revoked; else `ShareNotFoundError`.
 */
export async function openShare(db: DbOrTx, token: string, nowMs = Date.now()): Promise<SharePayload & { ownerId: string }> {
  const payload = readShareToken(token);
  if (!payload || payload.expiresAt <= nowMs) throw new ShareNotFoundError();
  const row = await db
    .selectFrom("adReportShares")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adReportShares.clientAccountId")
    .select(["adReportShares.revokedAt", "adReportShares.clientAccountId", "adClientAccounts.ownerId"])
    .where("adReportShares.signature", "=", payload.signature)
    .executeTakeFirst();
  if (!row || row.revokedAt || row.clientAccountId !== payload.clientAccountId) throw new ShareNotFoundError();
  return {
    clientAccountId: payload.clientAccountId,
    period: payload.period,
    language: payload.language,
    expiresAt: payload.expiresAt,
    ownerId: row.ownerId,
  };
}
