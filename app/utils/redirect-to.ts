/**
 * The one check of a `redirectTo` value (sign-in, social sign-in, the two-factor step,
 * re-authentication, and every form that goes back where it came from): it is only followed when
 * it is a path on this site. The value is resolved the way a browser resolves a Location header
 * against the site's own origin, and refused (the fallback is used) when:
 * - it is not a string starting with one `/`, or is longer than 2048 characters;
 * - it holds anything a browser silently drops or rewrites: tabs, newlines, other control
 *   characters, spaces, backslashes (`/\t/evil.example` and `/\evil.example` become `//evil.example`);
 * - its path holds an encoded slash, backslash or control character (`/%2F%2Fevil.example`,
 *   `/%5Cevil`, `/%09/evil.example`), which some servers and proxies decode before a browser sees it;
 * - it resolves to another origin, or to a path that starts with `//` or `/\` (`/.//evil.example`
 *   resolves to `//evil.example`, a protocol-relative address of another site).
 * What is followed is the resolved path, query and fragment, so `.` and `..` segments are gone.
 */
const ORIGIN = "http://cashwise.invalid";

/** The value as a path on this site, or `fallback` when it is not one beyond doubt. */
export function safeRedirect<F extends string | null>(value: unknown, fallback: F): string | F {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  // Control characters, whitespace and backslashes have no place in our own paths.
  if (/[\u0000-\u0020\u007f-\u00a0\u2028\u2029\\]/.test(value)) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  const path = value.split(/[?#]/, 1)[0]!;
  // Encoded slashes, backslashes, dots-before-slashes and control characters in the path.
  if (/%(?:2f|5c|[01][0-9a-f]|7f|2e%2e|25)/i.test(path)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (resolved.origin !== ORIGIN) return fallback;
  if (/^\/[/\\]/.test(resolved.pathname)) return fallback;
  const target = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // What is followed must itself stay here when a browser resolves it.
  return new URL(target, ORIGIN).origin === ORIGIN && !/^\/[/\\]/.test(target) ? target : fallback;
}
