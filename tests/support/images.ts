/** Pictures for the image intake's tests, made in memory. */
import zlib from "node:zlib";
import sharp from "sharp";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb's shape, cheaply: a valid PNG header (IHDR) claiming `width` × `height`
 * RGB pixels, followed by a tiny zlib stream (a real bomb's IDAT is ~400 KB of zeros that inflate
 * to width × height × 3 bytes). Only a decoder would notice the pixels are missing.
 */
export function pngBombHeader(width = 10_500, height = 10_500): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real picture of `width` × `height` pixels (a gradient-free fill: small files). */
export function pictureOf(width: number, height: number, format: "png" | "jpeg" | "webp" = "png"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 4, g: 120, b: 87 } } })
    .toFormat(format)
    .toBuffer();
}

/** Width and height as the picture's header says. */
export async function dimensionsOf(bytes: Uint8Array): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? "" };
}
