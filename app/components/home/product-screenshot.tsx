/**
 * The home page's screenshot of the dashboard, in the visitor's theme, at the size the screen
 * needs: AVIF, then WebP, then JPEG, each at SCREENSHOT_WIDTHS (written by `npm run screenshots`,
 * or from the JPEGs alone by `npx tsx scripts/responsive-images.ts`).
 */
export const SCREENSHOT_WIDTHS = [640, 960, 1280] as const;
export const SCREENSHOT_FORMATS = ["avif", "webp"] as const;
/** The figure is at most 56rem (max-w-4xl) wide, else the screen less the page's padding. */
const SIZES = "(min-width: 60rem) 56rem, calc(100vw - 2rem)";

/** `/images/dashboard-<theme>-<width>.<format>` for each width, as a srcset. */
export function screenshotSrcSet(theme: "light" | "dark", format: (typeof SCREENSHOT_FORMATS)[number] | "jpg"): string {
  return SCREENSHOT_WIDTHS.map((width) => `/images/dashboard-${theme}-${width}.${format} ${width}w`).join(", ");
}

export function ProductScreenshot({ alt }: { alt: string }) {
  return (
    <picture>
      {(["dark", "light"] as const).flatMap((theme) =>
        [...SCREENSHOT_FORMATS, "jpg" as const].map((format) => (
          <source
            key={`${theme}-${format}`}
            type={format === "jpg" ? "image/jpeg" : `image/${format}`}
            srcSet={screenshotSrcSet(theme, format)}
            sizes={SIZES}
            media={theme === "dark" ? "(prefers-color-scheme: dark)" : undefined}
          />
        )),
      )}
      <img
        src="/images/dashboard-light-1280.jpg"
        width={1280}
        height={800}
        loading="lazy"
        decoding="async"
        alt={alt}
        className="h-auto w-full rounded-2xl border border-slate-200 shadow-xl"
      />
    </picture>
  );
}
