/**
 * Client accounts: owns `ad_client_accounts`, the ad suite's unit of ownership. Every import,
 * audit, tip and alert belongs to a client account inside its owner's workspace (a business has
 * one, an agency many). A workspace starts with one client account (made the first time the ad
 * tools open, with a fixed id so two first requests cannot make two); its currency is set by its
 * first import and never mixed. Only the owner reads or changes a client account: every function
 * takes the owner's id and a client account of someone else is "not found".
 */
import { randomUUID } from "node:crypto";
import { v5 as uuidv5 } from "uuid";
import { audit } from "~/audit/audit.server";
import { now, type DbOrTx, type Tx } from "~/db/db.server";
import { CLIENT_NAME_MAX } from "./account-form";
import { INDUSTRIES, type Industry } from "./benchmarks";
import { NamedError } from "~/utils/named-error";

/** Fixed namespace for the default client account's id (uuid v5 of the owner's id). */
const DEFAULT_ACCOUNT_NAMESPACE = "6f1d2a64-3d4b-4c3e-9a55-0b9f7d1f2c10";

export interface ClientAccount {
  id: string;
  name: string;
  currency: string | null;
  industry: Industry;
  timeZone: string;
  thresholds: Record<string, Record<string, number>>;
  createdAt: string;
}

export class ClientAccountNotFoundError extends NamedError {
  constructor() {
    super("client account not found");
  }
}

export class LastClientAccountError extends NamedError {
  constructor() {
    super("a workspace keeps at least one client account");
  }
}

type Row = {
  id: string;
  name: string;
  currency: string | null;
  industry: string;
  timeZone: string;
  thresholds: string;
  createdAt: string;
};

function toAccount(row: Row): ClientAccount {
  let thresholds: ClientAccount["thresholds"] = {};
  try {
    thresholds = JSON.parse(row.thresholds) as ClientAccount["thresholds"];
  } catch {
    thresholds = {};
  }
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    industry: (INDUSTRIES as readonly string[]).includes(row.industry) ? (row.industry as Industry) : "all",
    timeZone: row.timeZone,
    thresholds,
    createdAt: row.createdAt,
  };
}

const COLUMNS = ["id", "name", "currency", "industry", "timeZone", "thresholds", "createdAt"] as const;

/** The owner's client accounts, by name; the first call makes the workspace's first one. */
export async function ensureWorkspace(db: DbOrTx, ownerId: string, defaultName: string): Promise<ClientAccount[]> {
  const existing = await listClientAccounts(db, ownerId);
  if (existing.length) return existing;
  const at = now();
  await db
    .insertInto("adClientAccounts")
    .values({
      id: uuidv5(ownerId, DEFAULT_ACCOUNT_NAMESPACE),
      ownerId,
      name: defaultName.slice(0, CLIENT_NAME_MAX),
      currency: null,
      createdAt: at,
      updatedAt: at,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return listClientAccounts(db, ownerId);
}

/**
 * The client account a page is about: the one the link names (`?client=`) when it is the owner's,
 * else the one this browser session last named, else the first by name. Naming another than the
 * session's records it (`sessions.ad_client_id`), so links without `?client=` (the main menu, the
 * assistant) keep the chosen client for the rest of the session.
 */
export async function chooseClientAccount(
  db: DbOrTx,
  session: { id: string; adClientId: string | null },
  accounts: ClientAccount[],
  wanted: string | null,
): Promise<ClientAccount> {
  const named = accounts.find((account) => account.id === wanted);
  if (!named) return accounts.find((account) => account.id === session.adClientId) ?? accounts[0]!;
  if (named.id !== session.adClientId && accounts.length > 1)
    await db.updateTable("sessions").set({ adClientId: named.id }).where("id", "=", session.id).execute();
  return named;
}

export async function listClientAccounts(db: DbOrTx, ownerId: string): Promise<ClientAccount[]> {
  const rows = await db
    .selectFrom("adClientAccounts")
    .select(COLUMNS)
    .where("ownerId", "=", ownerId)
    .orderBy("name")
    .orderBy("createdAt")
    .execute();
  return rows.map(toAccount);
}

/**
 * A client account's `read` (pacing, competitors…) behind the owner check: another user's client
 * account, or none, is `ClientAccountNotFoundError`. The read itself serves jobs that already hold
 * the account.
 */
export function ownersRead<Options, Report>(
  read: (db: DbOrTx, clientAccountId: string, options?: Options) => Promise<Report>,
): (db: DbOrTx, ownerId: string, clientAccountId: string, options?: Options) => Promise<Report> {
  return async (db, ownerId, clientAccountId, options) => {
    await getClientAccount(db, ownerId, clientAccountId);
    return read(db, clientAccountId, options);
  };
}

/** The owner's client account `id`; `ClientAccountNotFoundError` for anyone else's or none. */
export async function getClientAccount(db: DbOrTx, ownerId: string, id: string): Promise<ClientAccount> {
  const row = await db
    .selectFrom("adClientAccounts")
    .select(COLUMNS)
    .where("id", "=", id)
    .where("ownerId", "=", ownerId)
    .executeTakeFirst();
  if (!row) throw new ClientAccountNotFoundError();
  return toAccount(row);
}

export interface ClientAccountInput {
  name: string;
  industry: Industry;
  timeZone: string;
}

export async function createClientAccount(
  tx: Tx,
  ownerId: string,
  input: ClientAccountInput & { currency?: string | null },
): Promise<ClientAccount> {
  const at = now();
  const id = randomUUID();
  await tx
    .insertInto("adClientAccounts")
    .values({
      id,
      ownerId,
      name: input.name.slice(0, CLIENT_NAME_MAX),
      currency: input.currency ?? null,
      industry: input.industry,
      timeZone: input.timeZone,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.client.create",
    subject: `ad-client:${id}`,
    after: { name: input.name, industry: input.industry, timeZone: input.timeZone },
  });
  return getClientAccount(tx, ownerId, id);
}

export async function updateClientAccount(tx: Tx, ownerId: string, id: string, input: ClientAccountInput): Promise<ClientAccount> {
  const before = await getClientAccount(tx, ownerId, id);
  await tx
    .updateTable("adClientAccounts")
    .set({ name: input.name.slice(0, CLIENT_NAME_MAX), industry: input.industry, timeZone: input.timeZone, updatedAt: now() })
    .where("id", "=", id)
    .where("ownerId", "=", ownerId)
    .execute();
  const after = await getClientAccount(tx, ownerId, id);
  const changed = { name: after.name, industry: after.industry, timeZone: after.timeZone };
  const was = { name: before.name, industry: before.industry, timeZone: before.timeZone };
  if (JSON.stringify(changed) !== JSON.stringify(was)) {
    await audit(tx, { actorId: ownerId, action: "ads.client.update", subject: `ad-client:${id}`, before: was, after: changed });
  }
  return after;
}

/** Sets the auditor thresholds this client account overrides (validated by the caller). */
export async function setThresholds(tx: Tx, ownerId: string, id: string, thresholds: ClientAccount["thresholds"]): Promise<void> {
  const before = await getClientAccount(tx, ownerId, id);
  await tx
    .updateTable("adClientAccounts")
    .set({ thresholds: JSON.stringify(thresholds), updatedAt: now() })
    .where("id", "=", id)
    .where("ownerId", "=", ownerId)
    .execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.client.thresholds",
    subject: `ad-client:${id}`,
    before: { thresholds: before.thresholds },
    after: { thresholds },
  });
}

/** Per client account: how many imports are stored and the latest day or period end they cover. */
export async function clientAccountStats(db: DbOrTx, ownerId: string): Promise<Record<string, { imports: number; latest: string | null }>> {
  const rows = await db
    .selectFrom("adImports")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adImports.clientAccountId")
    .select((eb) => [
      "adImports.clientAccountId",
      eb.fn.countAll<string | number>().as("imports"),
      eb.fn.max("adImports.periodEnd").as("latest"),
    ])
    .where("adClientAccounts.ownerId", "=", ownerId)
    .where("adImports.status", "=", "imported")
    .groupBy("adImports.clientAccountId")
    .execute();
  return Object.fromEntries(
    rows.map((row) => [row.clientAccountId, { imports: Number(row.imports), latest: (row.latest as string | null) ?? null }]),
  );
}

/** Deletes a client account and everything imported into it; the last one of a workspace stays. */
export async function deleteClientAccount(tx: Tx, ownerId: string, id: string): Promise<void> {
  const account = await getClientAccount(tx, ownerId, id);
  const count = await tx
    .selectFrom("adClientAccounts")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("ownerId", "=", ownerId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) <= 1) throw new LastClientAccountError();
  await tx.deleteFrom("adRows").where("clientAccountId", "=", id).execute();
  await tx.deleteFrom("adClientAccounts").where("id", "=", id).where("ownerId", "=", ownerId).execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.client.delete",
    subject: `ad-client:${id}`,
    before: { name: account.name, currency: account.currency },
  });
}
