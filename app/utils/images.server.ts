/**
 * Image intake: the one gate every uploaded picture passes (profile pictures, store logos, report
 * logos), and the check a stored picture passes again before a PDF embeds it.
 *
 * 1. The type comes from the bytes' signature (never the file name or the type the browser claims)
 *    and must be one the caller accepts.
 * 2. Width and height come from the image's header, read by sharp (libvips) WITHOUT decoding the
 *    pixels: more than `IMAGE_MAX_SIDE` pixels on a side or `IMAGE_MAX_PIXELS` in all is refused
 *    ("too-many-pixels"), so a 400 KB PNG claiming 10,500 × 10,500 pixels (a decompression bomb:
 *    440 MB once decoded) is never decoded. A header sharp cannot read is "not-an-image".
 * 3. A picture that fits within `STORED_MAX_SIDE` × `STORED_MAX_SIDE` is kept byte for byte; a larger
 *    one is decoded (with sharp's `limitInputPixels`, a second bound) and a downscaled copy in the
 *    same format is kept instead (turned upright first when its EXIF says so).
 */
import sharp from "sharp";

/** Longest side an uploaded picture may have, in pixels. */
export const IMAGE_MAX_SIDE = 4_000;
/** Most pixels an uploaded picture may have (4,000 × 4,000). */
export const IMAGE_MAX_PIXELS = 16_000_000;
/** What is kept: at most this many pixels wide and high (larger pictures are downscaled). */
export const STORED_MAX_SIDE = 600;

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

/** The image type the bytes really are (by their signature), or null. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

export type ImageIntake =
  | { ok: true; bytes: Buffer; type: ImageType; width: number; height: number; downscaled: boolean }
  | { ok: false; reason: "not-an-image" | "too-many-pixels" };

// No cache of decoded images between calls: every picture is decoded at most once, and memory is
// given back at once.
sharp.cache(false);

const FORMAT_OF: Record<ImageType, string> = { "image/png": "png", "image/jpeg": "jpeg", "image/webp": "webp" };

/** Width and height from the header (no pixel is decoded), or null when it is not a readable image of `type`. */
export async function imageDimensions(bytes: Uint8Array, type: ImageType): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes).metadata();
    if (meta.format !== FORMAT_OF[type] || !meta.width || !meta.height) return null;
    // An animated WebP decodes every frame only when asked; its first frame is what is kept.
    return { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** True when a picture of these dimensions may be decoded. */
export function withinPixelBounds({ width, height }: { width: number; height: number }): boolean {
  return width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE && width * height <= IMAGE_MAX_PIXELS;
}

/**
 * Checks an uploaded picture as the header above says and gives back what to store: the bytes
 * themselves when the picture is small, else a downscaled copy (at most `maxSide` on each side).
 */
export async function intakeImage(bytes: Uint8Array, options: { types: readonly ImageType[]; maxSide?: number }): Promise<ImageIntake> {
  const type = sniffImage(bytes);
  if (!type || !options.types.includes(type)) return { ok: false, reason: "not-an-image" };
  const size = await imageDimensions(bytes, type);
  if (!size) return { ok: false, reason: "not-an-image" };
  if (!withinPixelBounds(size)) return { ok: false, reason: "too-many-pixels" };
  const maxSide = options.maxSide ?? STORED_MAX_SIDE;
  if (size.width <= maxSide && size.height <= maxSide) {
    return { ok: true, bytes: Buffer.from(bytes), type, ...size, downscaled: false };
  }
  try {
    const pipeline = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
    const output =
      type === "image/png"
        ? pipeline.png({ compressionLevel: 9 })
        : type === "image/jpeg"
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, type, width: info.width, height: info.height, downscaled: true };
  } catch {
    // The header was fine but the pixels are not (truncated or corrupt data).
    return { ok: false, reason: "not-an-image" };
  }
}

export type UploadCheck = Extract<ImageIntake, { ok: true }> | { ok: false; reason: "empty" | "too-large" | ImageRefusal };
type ImageRefusal = Extract<ImageIntake, { ok: false }>["reason"];

/**
 * An upload's whole check: empty, more than `maxBytes`, then `intakeImage`. Routes run it before
 * their unit of work, so no picture is decoded while a transaction holds the database.
 */
export async function checkUpload(bytes: Uint8Array, options: { maxBytes: number; types: readonly ImageType[] }): Promise<UploadCheck> {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  if (bytes.length > options.maxBytes) return { ok: false, reason: "too-large" };
  return intakeImage(bytes, { types: options.types });
}
