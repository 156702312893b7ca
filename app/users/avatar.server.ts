/**
 * Profile pictures: PNG, JPEG or WebP up to 1 MB, recognised by their content (the file's first
 * bytes), never by the name or the type the browser claims. Stored with the account.
 */
import { now, type Db } from "~/db/db.server";

export const AVATAR_MAX_BYTES = 1_048_576;

export type AvatarType = "image/png" | "image/jpeg" | "image/webp";

/** The image type the bytes really are, or null. */
export function sniffImage(bytes: Uint8Array): AvatarType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

export type AvatarOutcome = "saved" | "too-large" | "not-an-image" | "empty";

export async function setAvatar(db: Db, userId: string, bytes: Uint8Array): Promise<AvatarOutcome> {
  if (bytes.length === 0) return "empty";
  if (bytes.length > AVATAR_MAX_BYTES) return "too-large";
  const type = sniffImage(bytes);
  if (!type) return "not-an-image";
  await db
    .updateTable("users")
    .set({ avatarData: Buffer.from(bytes).toString("base64"), avatarType: type, updatedAt: now() })
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
