/**
 * The home page's dashboard screenshot at the sizes and in the formats its <picture> offers
 * (app/components/home/product-screenshot.tsx): AVIF, WebP and JPEG at each of SCREENSHOT_WIDTHS,
 * made with sharp from the 1280-pixel JPEG that `npm run screenshots` takes. Called by that script;
 * `npx tsx scripts/responsive-images.ts` makes them again from the JPEGs in public/images.
 */
import path from "node:path";
import sharp from "sharp";
import { SCREENSHOT_WIDTHS } from "../app/components/home/product-screenshot";

/** Writes `<name>-<width>.{avif,webp,jpg}` beside `jpeg` (`public/images/dashboard-light.jpg`). */
export async function writeResponsiveImages(jpeg: string): Promise<string[]> {
  const base = jpeg.replace(/\.jpe?g$/, "");
  const written: string[] = [];
  for (const width of SCREENSHOT_WIDTHS) {
    const resized = () => sharp(jpeg).resize({ width, withoutEnlargement: true });
    const outputs = [
      [`${base}-${width}.avif`, resized().avif({ quality: 50, effort: 6 })],
      [`${base}-${width}.webp`, resized().webp({ quality: 72 })],
      [`${base}-${width}.jpg`, resized().jpeg({ quality: 75, mozjpeg: true })],
    ] as const;
    for (const [file, pipeline] of outputs) {
      await pipeline.toFile(file);
      written.push(path.relative(process.cwd(), file));
    }
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const theme of ["light", "dark"])
    for (const file of await writeResponsiveImages(path.resolve(`public/images/dashboard-${theme}.jpg`))) console.log(file);
}
