/**
 * A `redirectTo` value is only followed when it is a path on this site. It is resolved the way a
 * browser resolves a Location header against the site's own address, after refusing anything a
 * browser would silently drop or rewrite (tabs, newlines, other control characters, backslashes):
 * `/\t/evil.example` becomes `//evil.example` in a browser, so it is refused here.
 */
const BASE = "http://cashwise.invalid";

export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length > 2048) return fallback;
  // Control characters, whitespace and backslashes have no place in our own paths.
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(value)) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (resolved.origin !== BASE) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
