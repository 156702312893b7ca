/**
 * White-label report branding: owns `ad_report_brands`, one row per workspace (its owner): the
 * agency's name, colours, footer text and logo. The logo is a PNG or JPEG of at most 512 KB,
 * recognised by its bytes' signature (never by its name or the type the browser claims); pdfkit
 * embeds exactly these two kinds. Every change is audited.
 */
import { audit } from "~/audit/audit.server";
import { now, type DbOrTx, type Tx } from "~/db/db.server";
import { sniffImage } from "~/users/avatar.server";
import { DEFAULT_ACCENT, DEFAULT_PRIMARY, LOGO_MAX_BYTES, type BrandInput } from "./form";

export type LogoType = "image/png" | "image/jpeg";

export interface Brand {
  agencyName: string;
  primaryColor: string;
  accentColor: string;
  footer: string;
  /** The logo's last change (for cache busting), or null when there is no logo. */
  logoUpdatedAt: string | null;
}

export interface Logo {
  bytes: Buffer;
  type: LogoType;
}

const DEFAULTS: Brand = {
  agencyName: "",
  primaryColor: DEFAULT_PRIMARY,
  accentColor: DEFAULT_ACCENT,
  footer: "",
  logoUpdatedAt: null,
};

/** The workspace's branding (defaults until saved). */
export async function getBrand(db: DbOrTx, ownerId: string): Promise<Brand> {
  const row = await db
    .selectFrom("adReportBrands")
    .select(["agencyName", "primaryColor", "accentColor", "footer", "logoType", "updatedAt"])
    .where("ownerId", "=", ownerId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULTS };
  return {
    agencyName: row.agencyName,
    primaryColor: row.primaryColor,
    accentColor: row.accentColor,
    footer: row.footer,
    logoUpdatedAt: row.logoType ? row.updatedAt : null,
  };
}

export async function getLogo(db: DbOrTx, ownerId: string): Promise<Logo | null> {
  const row = await db.selectFrom("adReportBrands").select(["logoData", "logoType"]).where("ownerId", "=", ownerId).executeTakeFirst();
  if (!row?.logoData || (row.logoType !== "image/png" && row.logoType !== "image/jpeg")) return null;
  return { bytes: Buffer.from(row.logoData, "base64"), type: row.logoType };
}

async function ensureRow(tx: Tx, ownerId: string): Promise<void> {
  await tx
    .insertInto("adReportBrands")
    .values({ ownerId, logoData: null, logoType: null, updatedAt: now() })
    .onConflict((oc) => oc.column("ownerId").doNothing())
    .execute();
}

/** Saves the agency name, colours and footer (validated by `BrandSchema`). */
export async function saveBrand(tx: Tx, ownerId: string, input: BrandInput): Promise<Brand> {
  const before = await getBrand(tx, ownerId);
  await ensureRow(tx, ownerId);
  await tx
    .updateTable("adReportBrands")
    .set({
      agencyName: input.agencyName,
      primaryColor: input.primaryColor,
      accentColor: input.accentColor,
      footer: input.footer,
      updatedAt: now(),
    })
    .where("ownerId", "=", ownerId)
    .execute();
  const was = {
    agencyName: before.agencyName,
    primaryColor: before.primaryColor,
    accentColor: before.accentColor,
    footer: before.footer,
  };
  const is = {
    agencyName: input.agencyName,
    primaryColor: input.primaryColor,
    accentColor: input.accentColor,
    footer: input.footer,
  };
  await audit(tx, {
    actorId: ownerId,
    action: "ads.reports.brand",
    subject: `user:${ownerId}`,
    before: was,
    after: is,
  });
  return getBrand(tx, ownerId);
}

export type LogoOutcome = "saved" | "too-large" | "not-an-image" | "empty";

/** The image type the bytes really are, when it is one a report can carry (PNG, JPEG). */
export function logoTypeOf(bytes: Uint8Array): LogoType | null {
  const type = sniffImage(bytes);
  return type === "image/png" || type === "image/jpeg" ? type : null;
}

export async function setLogo(tx: Tx, ownerId: string, bytes: Uint8Array): Promise<LogoOutcome> {
  if (bytes.length === 0) return "empty";
  if (bytes.length > LOGO_MAX_BYTES) return "too-large";
  const type = logoTypeOf(bytes);
  if (!type) return "not-an-image";
  await ensureRow(tx, ownerId);
  await tx
    .updateTable("adReportBrands")
    .set({
      logoData: Buffer.from(bytes).toString("base64"),
      logoType: type,
      updatedAt: now(),
    })
    .where("ownerId", "=", ownerId)
    .execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.reports.logo",
    subject: `user:${ownerId}`,
    details: { type, bytes: bytes.length },
  });
  return "saved";
}

export async function removeLogo(tx: Tx, ownerId: string): Promise<void> {
  await tx.updateTable("adReportBrands").set({ logoData: null, logoType: null, updatedAt: now() }).where("ownerId", "=", ownerId).execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.reports.logo-remove",
    subject: `user:${ownerId}`,
  });
}
