/**
 * Profile pictures: PNG, JPEG or WebP up to 1 MB, recognised by their content (the file's first
 * bytes), never by the name or the type the browser claims, and at most 4,000 × 4,000 pixels by
 * their header (`~/utils/images.server`); stored with the account, downscaled to 600 px when larger.
 */
import { now, type Db } from "~/db/db.server";
import { intakeImage, sniffImage, type ImageType } from "~/utils/images.server";

export const AVATAR_MAX_BYTES = 1_048_576;

export type AvatarType = ImageType;

/** The image type the bytes really are, or null (kept here for the modules that import it from here). */
export { sniffImage };

export type AvatarOutcome = "saved" | "too-large" | "too-many-pixels" | "not-an-image" | "empty";

export async function setAvatar(db: Db, userId: string, bytes: Uint8Array): Promise<AvatarOutcome> {
  if (bytes.length === 0) return "empty";
  if (bytes.length > AVATAR_MAX_BYTES) return "too-large";
  const image = await intakeImage(bytes, { types: ["image/png", "image/jpeg", "image/webp"] });
  if (!image.ok) return image.reason;
  await db
    .updateTable("users")
    .set({ avatarData: image.bytes.toString("base64"), avatarType: image.type, updatedAt: now() })
    .where("id", "=", userId)
    .execute();
  return "saved";
}

export async function removeAvatar(db: Db, userId: string): Promise<void> {
  await db.updateTable("users").set({ avatarData: null, avatarType: null, updatedAt: now() }).where("id", "=", userId).execute();
}

export async function getAvatar(db: Db, userId: string): Promise<{ bytes: Buffer; type: string } | null> {
  const row = await db.selectFrom("users").select(["avatarData", "avatarType"]).where("id", "=", userId).executeTakeFirst();
  if (!row?.avatarData || !row.avatarType) return null;
  return { bytes: Buffer.from(row.avatarData, "base64"), type: row.avatarType };
}

export async function hasAvatar(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom("users").select(["avatarType", "updatedAt"]).where("id", "=", userId).executeTakeFirst();
  return row?.avatarType ? row.updatedAt : null;
}
