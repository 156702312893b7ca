/**
 * White-label report branding: owns `ad_report_brands`, one row per workspace (its owner): the
 * agency's name, colours, footer text and logo. The logo is a PNG or JPEG of at most 512 KB,
 * recognised by its bytes' signature (never by its name or the type the browser claims); pdfkit
 * embeds exactly these two kinds. It passes the image intake (`~/utils/images.server`): at most
 * 4,000 × 4,000 pixels by its header, kept downscaled to 600 px when larger. `logoForPdf` checks a
 * stored logo again before a PDF decodes it (logos stored before that check). Every change is audited.
 */
import { audit } from "~/audit/audit.server";
import { now, type DbOrTx, type Tx } from "~/db/db.server";
import { checkUpload, imageDimensions, intakeImage, STORED_MAX_SIDE, withinPixelBounds, type UploadCheck } from "~/utils/images.server";
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

export type LogoOutcome = "saved" | "too-large" | "too-many-pixels" | "not-an-image" | "empty";

/** The logo upload's check (`checkUpload`): run it before the unit of work and hand the result to `setLogo`. */
export function checkLogo(bytes: Uint8Array): Promise<UploadCheck> {
  return checkUpload(bytes, { maxBytes: LOGO_MAX_BYTES, types: ["image/png", "image/jpeg"] });
}

/** Keeps the logo: the upload's bytes, or (better, no decoding inside the transaction) `checkLogo`'s result. */
export async function setLogo(tx: Tx, ownerId: string, upload: Uint8Array | UploadCheck): Promise<LogoOutcome> {
  const image = upload instanceof Uint8Array ? await checkLogo(upload) : upload;
  if (!image.ok) return image.reason;
  const { type } = image;
  await ensureRow(tx, ownerId);
  await tx
    .updateTable("adReportBrands")
    .set({
      logoData: image.bytes.toString("base64"),
      logoType: type,
      updatedAt: now(),
    })
    .where("ownerId", "=", ownerId)
    .execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.reports.logo",
    subject: `user:${ownerId}`,
    details: { type, bytes: image.bytes.length, width: image.width, height: image.height, downscaled: image.downscaled },
  });
  return "saved";
}

/**
 * The logo as a PDF may embed it: a stored logo is checked by its header again (one stored before
 * the intake existed may be huge): too many pixels or unreadable, the report goes without it; wider
 * or higher than 600 px, it is downscaled first. Only then does pdfkit decode it.
 */
export async function logoForPdf(logo: Logo | null): Promise<Logo | null> {
  if (!logo) return null;
  const size = await imageDimensions(logo.bytes, logo.type);
  if (!size || !withinPixelBounds(size)) return null;
  if (size.width <= STORED_MAX_SIDE && size.height <= STORED_MAX_SIDE) return logo;
  const image = await intakeImage(logo.bytes, { types: [logo.type] });
  return image.ok ? { bytes: image.bytes, type: logo.type } : null;
}

export async function removeLogo(tx: Tx, ownerId: string): Promise<void> {
  await tx.updateTable("adReportBrands").set({ logoData: null, logoType: null, updatedAt: now() }).where("ownerId", "=", ownerId).execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.reports.logo-remove",
    subject: `user:${ownerId}`,
  });
}
