/**
 * The stores back office: owns an admin's changes to the `stores` table and the `store_logos`
 * table. Listing for the desk (status and network filters, a search on the name, pages), creating,
 * editing, pausing and resuming a store, and its logo (PNG, JPEG or WebP up to 1 MB and 4,000 × 4,000
 * pixels, checked by the image intake like profile pictures (`~/utils/images.server`), kept in the
 * database, downscaled to 600 px when larger, and served by `/store-logos/:storeId`).
 * Every change takes the caller's unit of work (`unitOfWork`) and writes its audit row in it.
 * The public directory's reading of the same table is `stores.server.ts`.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { audit, changedFields } from "~/audit/audit.server";
import { type DbOrTx, isUniqueViolation, now, type Tx } from "~/db/db.server";
import { likePattern } from "~/db/like";
import type { Store, StoreNetwork } from "~/db/schema";
import { checkUpload, type UploadCheck } from "~/utils/images.server";
import type { Page } from "~/db/paginate.server";
import { headlineRate, networkHeadlineRate, type HeadlineRate } from "./rates";
import type { StoreInput, StoreStatus } from "./store-form";
import { paginate } from "~/db/paginate.server";
import { publicContentChanged } from "~/utils/page-cache.server";
import { NamedError } from "~/utils/named-error";

export const ADMIN_STORES_PAGE_SIZE = 20;
export const STORE_LOGO_MAX_BYTES = 1_048_576;

/** The slug belongs to another store: the form says so on its field. */
export class SlugTakenError extends NamedError {
  constructor(readonly slug: string) {
    super(`the slug ${slug} is taken`);
  }
}

/** True for a taken slug, whether seen before writing or (two admins at once) by the unique index. */
export function isSlugTaken(error: unknown): boolean {
  return error instanceof SlugTakenError || isUniqueViolation(error);
}

export interface AdminStoreRow {
  id: string;
  slug: string;
  name: string;
  logo: string | null;
  category: string;
  network: StoreNetwork;
  active: boolean;
  /** The member's rate, as the webshop pages show it. */
  headline: HeadlineRate;
  /** What the network pays (the member's rate is 90% of it). */
  networkHeadline: HeadlineRate;
  updatedAt: string;
}

export interface AdminStoreFilter {
  status?: StoreStatus;
  network?: StoreNetwork;
  query?: string;
  page?: number;
  pageSize?: number;
}

export async function listStoresForAdmin(db: DbOrTx, filter: AdminStoreFilter = {}): Promise<Page<AdminStoreRow>> {
  const pageSize = filter.pageSize ?? ADMIN_STORES_PAGE_SIZE;
  let base = db.selectFrom("stores");
  if (filter.status) base = base.where("active", "=", filter.status === "active" ? 1 : 0);
  if (filter.network) base = base.where("network", "=", filter.network);
  if (filter.query?.trim()) base = base.where(sql`lower(name)`, "like", sql`${likePattern(filter.query)} escape '\\'`);
  return paginate(
    base,
    (query) =>
      query
        .select([
          "id",
          "slug",
          "name",
          "logo",
          "category",
          "network",
          "active",
          "rateKind",
          "cashbackRateBps",
          "rateFixedCents",
          "newCustomerRateBps",
          "categoryRates",
          "updatedAt",
        ])
        .orderBy("name")
        .orderBy("slug"),
    { page: filter.page, pageSize },
    (row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      logo: row.logo,
      category: row.category,
      network: row.network,
      active: row.active === 1,
      headline: headlineRate(row),
      networkHeadline: networkHeadlineRate(row),
      updatedAt: row.updatedAt,
    }),
  );
}

/** Every store's slug and name, by name (the back office's store filters). */
export async function storeChoices(db: DbOrTx): Promise<Array<{ slug: string; name: string }>> {
  return db.selectFrom("stores").select(["slug", "name"]).orderBy("name").execute();
}

export async function getStoreForAdmin(db: DbOrTx, slug: string): Promise<Store | undefined> {
  return db.selectFrom("stores").selectAll().where("slug", "=", slug).executeTakeFirst();
}

/** The columns an input writes. */
function columns(input: StoreInput) {
  return {
    slug: input.slug,
    name: input.name,
    category: input.category,
    affiliateUrl: input.websiteUrl,
    network: input.network,
    advertiserId: input.advertiserId,
    trackingUrl: input.trackingUrl,
    rateKind: input.rateKind,
    cashbackRateBps: input.cashbackRateBps,
    rateFixedCents: input.rateKind === "fixed" ? input.rateFixedCents : null,
    newCustomerRateBps: input.rateKind === "percent" ? input.newCustomerRateBps : null,
    categoryRates: input.rateKind === "percent" && input.categoryRates.length ? JSON.stringify(input.categoryRates) : null,
    capCents: input.capCents,
    confirmationDays: input.confirmationDays,
    description: JSON.stringify(input.description),
    terms: JSON.stringify(input.terms),
  };
}

async function assertSlugFree(tx: Tx, slug: string, exceptId?: string): Promise<void> {
  let query = tx.selectFrom("stores").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw new SlugTakenError(slug);
}

/** Adds a store (active or paused) with its audit row. Throws `SlugTakenError` when the slug is in use. */
export async function createStore(
  tx: Tx,
  options: { adminId: string; input: StoreInput; status: StoreStatus; clientAddress?: string | null },
): Promise<Store> {
  await assertSlugFree(tx, options.input.slug);
  const timestamp = now();
  const id = randomUUID();
  const values = {
    id,
    ...columns(options.input),
    logo: null,
    active: options.status === "active" ? 1 : 0,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  await tx.insertInto("stores").values(values).execute();
  publicContentChanged(tx);
  await audit(tx, {
    actorId: options.adminId,
    action: "store.created",
    subject: `store:${id}`,
    after: { slug: values.slug, name: values.name, network: values.network, status: options.status },
    clientAddress: options.clientAddress,
  });
  return tx.selectFrom("stores").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/**
 * Changes a store's fields, with an audit row naming each changed column (before and after).
 * Nothing is written when nothing changed. Throws `SlugTakenError` when the new slug is in use.
 */
export async function updateStore(
  tx: Tx,
  options: { adminId: string; storeId: string; input: StoreInput; clientAddress?: string | null },
): Promise<{ outcome: "updated" | "unchanged"; store: Store } | { outcome: "notFound" }> {
  const before = await tx.selectFrom("stores").selectAll().where("id", "=", options.storeId).executeTakeFirst();
  if (!before) return { outcome: "notFound" };
  await assertSlugFree(tx, options.input.slug, before.id);
  const next = columns(options.input);
  const changes = changedFields(before as unknown as Record<string, unknown>, next as unknown as Record<string, unknown>);
  if (!changes) return { outcome: "unchanged", store: before };
  await tx
    .updateTable("stores")
    .set({ ...next, updatedAt: now() })
    .where("id", "=", before.id)
    .execute();
  publicContentChanged(tx);
  await audit(tx, {
    actorId: options.adminId,
    action: "store.updated",
    subject: `store:${before.id}`,
    ...changes,
    details: { slug: next.slug },
    clientAddress: options.clientAddress,
  });
  return { outcome: "updated", store: await tx.selectFrom("stores").selectAll().where("id", "=", before.id).executeTakeFirstOrThrow() };
}

/**
 * Pauses or resumes a store (a paused store leaves the directory and its "Shop now" is refused;
 * its members' tracked purchases are untouched). Audited; asking for the state it is in changes nothing.
 */
export async function setStoreStatus(
  tx: Tx,
  options: { adminId: string; storeId: string; status: StoreStatus; clientAddress?: string | null },
): Promise<"paused" | "resumed" | "unchanged" | "notFound"> {
  const store = await tx.selectFrom("stores").select(["id", "slug", "active"]).where("id", "=", options.storeId).executeTakeFirst();
  if (!store) return "notFound";
  const active = options.status === "active" ? 1 : 0;
  if (store.active === active) return "unchanged";
  await tx.updateTable("stores").set({ active, updatedAt: now() }).where("id", "=", store.id).execute();
  publicContentChanged(tx);
  const action = active ? "store.resumed" : "store.paused";
  await audit(tx, {
    actorId: options.adminId,
    action,
    subject: `store:${store.id}`,
    before: { status: active ? "paused" : "active" },
    after: { status: options.status },
    details: { slug: store.slug },
    clientAddress: options.clientAddress,
  });
  return active ? "resumed" : "paused";
}

export type LogoOutcome = "saved" | "removed" | "too-large" | "too-many-pixels" | "not-an-image" | "empty" | "notFound";

/** The path a store's uploaded logo is served at (versioned, so a new logo is fetched at once). */
export function storeLogoPath(storeId: string, updatedAt: string): string {
  return `/store-logos/${storeId}?v=${Date.parse(updatedAt) || 0}`;
}

/** The store logo upload's check (`checkUpload`): run it before the unit of work and hand the result to `setStoreLogo`. */
export function checkStoreLogo(bytes: Uint8Array): Promise<UploadCheck> {
  return checkUpload(bytes, { maxBytes: STORE_LOGO_MAX_BYTES, types: ["image/png", "image/jpeg", "image/webp"] });
}

/**
 * Keeps an uploaded logo (checked like profile pictures: its bytes, or better `checkStoreLogo`'s
 * result, so nothing is decoded inside the transaction) and points the store at it. Audited.
 */
export async function setStoreLogo(
  tx: Tx,
  options: { adminId: string; storeId: string; bytes: Uint8Array | UploadCheck; clientAddress?: string | null },
): Promise<LogoOutcome> {
  const image = options.bytes instanceof Uint8Array ? await checkStoreLogo(options.bytes) : options.bytes;
  if (!image.ok) return image.reason;
  const { type } = image;
  const store = await tx.selectFrom("stores").select(["id", "slug", "logo"]).where("id", "=", options.storeId).executeTakeFirst();
  if (!store) return "notFound";
  const updatedAt = now();
  const data = image.bytes.toString("base64");
  await tx
    .insertInto("storeLogos")
    .values({ storeId: store.id, data, type, updatedAt })
    .onConflict((oc) => oc.column("storeId").doUpdateSet({ data, type, updatedAt }))
    .execute();
  const logo = storeLogoPath(store.id, updatedAt);
  await tx.updateTable("stores").set({ logo, updatedAt }).where("id", "=", store.id).execute();
  publicContentChanged(tx);
  await audit(tx, {
    actorId: options.adminId,
    action: "store.logoChanged",
    subject: `store:${store.id}`,
    before: { logo: store.logo },
    after: { logo },
    details: { slug: store.slug, type, bytes: image.bytes.length, width: image.width, height: image.height },
    clientAddress: options.clientAddress,
  });
  return "saved";
}

/** Removes the store's logo (uploaded or the seeded mark): the pages show its initial instead. Audited. */
export async function removeStoreLogo(
  tx: Tx,
  options: { adminId: string; storeId: string; clientAddress?: string | null },
): Promise<LogoOutcome> {
  const store = await tx.selectFrom("stores").select(["id", "slug", "logo"]).where("id", "=", options.storeId).executeTakeFirst();
  if (!store) return "notFound";
  await tx.deleteFrom("storeLogos").where("storeId", "=", store.id).execute();
  if (store.logo === null) return "removed";
  await tx.updateTable("stores").set({ logo: null, updatedAt: now() }).where("id", "=", store.id).execute();
  publicContentChanged(tx);
  await audit(tx, {
    actorId: options.adminId,
    action: "store.logoRemoved",
    subject: `store:${store.id}`,
    before: { logo: store.logo },
    after: { logo: null },
    details: { slug: store.slug },
    clientAddress: options.clientAddress,
  });
  return "removed";
}

export async function getStoreLogo(db: DbOrTx, storeId: string): Promise<{ bytes: Buffer; type: string; updatedAt: string } | null> {
  const row = await db.selectFrom("storeLogos").select(["data", "type", "updatedAt"]).where("storeId", "=", storeId).executeTakeFirst();
  return row ? { bytes: Buffer.from(row.data, "base64"), type: row.type, updatedAt: row.updatedAt } : null;
}
