/**
 * Clicks: owns the `clicks` table and the way out to a partner store. "Shop now" records a click
 * (a random, unguessable id; the member; the store; the time; a keyed hash of the client address;
 * the user agent; whether it came from a bot) and sends the browser to the store's tracking link
 * with the click id in the network's own sub-id parameter, so the sale comes back with it.
 * Bots' clicks are recorded and never credited. Paused stores, and the sandbox network outside a
 * demo or test installation, are refused.
 */
import { createHmac, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import type { DbOrTx, Tx } from "~/db/db.server";
import type { StoreNetwork } from "~/db/schema";

/** Where each network expects the publisher's own id on a tracking link. */
export const NETWORK_SUB_ID: Record<StoreNetwork, string> = {
  awin: "clickref",
  impact: "subId1",
  cj: "sid",
  rakuten: "u1",
  sandbox: "clickref",
  other: "subid",
};

/** 24 base64url characters (144 random bits): unguessable, short enough for every network's field. */
export function newClickId(): string {
  return randomBytes(18).toString("base64url");
}

/** A client address as stored with a click: keyed, so the table holds no addresses. */
export function hashAddress(address: string, secret: string): string {
  return createHmac("sha256", secret).update(`click-ip:${address}`).digest("hex").slice(0, 32);
}

export interface TrackableStore {
  slug: string;
  network: StoreNetwork;
  trackingUrl: string | null;
}

/**
 * The store's tracking link for one click: `{clickId}` in the template is replaced; a template
 * without it gets the network's sub-id parameter. The sandbox network's link is its merchant page
 * on this server. Null when the store has no usable link.
 */
export function trackingUrlFor(store: TrackableStore, clickId: string, appUrl: URL): string | null {
  if (store.network === "sandbox") {
    const url = new URL(`/sandbox/merchant/${encodeURIComponent(store.slug)}`, appUrl);
    url.searchParams.set(NETWORK_SUB_ID.sandbox, clickId);
    return url.href;
  }
  if (!store.trackingUrl) return null;
  if (store.trackingUrl.includes("{clickId}")) return store.trackingUrl.replaceAll("{clickId}", encodeURIComponent(clickId));
  try {
    const url = new URL(store.trackingUrl);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    url.searchParams.set(NETWORK_SUB_ID[store.network], clickId);
    return url.href;
  } catch {
    return null;
  }
}

export type ClickOutcome =
  | { outcome: "redirect"; url: string; clickId: string; bot: boolean }
  | { outcome: "notFound" }
  | { outcome: "paused"; store: { name: string; slug: string } }
  | { outcome: "unavailable"; store: { name: string; slug: string } };

export interface ClickInput {
  userId: string;
  slug: string;
  clientAddress: string;
  userAgent: string | null;
  secret: string;
  appUrl: URL;
  /** The sandbox network is for the demo and tests only. */
  sandboxAllowed: boolean;
  now?: string;
}

/** Records one "Shop now" and answers where to send the browser. */
export async function clickOut(tx: Tx, input: ClickInput): Promise<ClickOutcome> {
  const store = await tx
    .selectFrom("stores")
    .select(["id", "slug", "name", "network", "trackingUrl", "active"])
    .where("slug", "=", input.slug)
    .executeTakeFirst();
  if (!store) return { outcome: "notFound" };
  const named = { name: store.name, slug: store.slug };
  if (store.active !== 1) return { outcome: "paused", store: named };
  if (store.network === "sandbox" && !input.sandboxAllowed) return { outcome: "unavailable", store: named };
  const clickId = newClickId();
  const url = trackingUrlFor(store, clickId, input.appUrl);
  if (!url) return { outcome: "unavailable", store: named };
  const bot = isbot(input.userAgent ?? "");
  await tx
    .insertInto("clicks")
    .values({
      id: clickId,
      userId: input.userId,
      storeId: store.id,
      ipHash: hashAddress(input.clientAddress, input.secret),
      userAgent: input.userAgent ? input.userAgent.slice(0, 300) : null,
      isBot: bot ? 1 : 0,
      createdAt: input.now ?? new Date().toISOString(),
    })
    .execute();
  return { outcome: "redirect", url, clickId, bot };
}

/** One click with its store, for the member who made it (never another member's). */
export async function getClick(db: DbOrTx, clickId: string) {
  return db
    .selectFrom("clicks")
    .innerJoin("stores", "stores.id", "clicks.storeId")
    .select(["clicks.id", "clicks.userId", "clicks.createdAt", "clicks.isBot", "stores.slug", "stores.name"])
    .where("clicks.id", "=", clickId)
    .executeTakeFirst();
}
