/**
 * `safeRedirect` (#25 finding 4): one check for every `redirectTo`. A table of hostile forms, each
 * of which a browser (or a proxy decoding the path first) would take to another site, is refused
 * for the fallback; friendly paths on this site survive as they were.
 */
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/redirect-to";

const FALLBACK = "/en/dashboard";
const SITE = "https://cashwise.example";

const HOSTILE: Array<[string, unknown]> = [
  ["dot segment then a protocol-relative path", "/.//evil.example"],
  ["dot segment then a backslash", "/./\\evil"],
  ["dot segment then two backslashes", "/.\\\\evil.example"],
  ["two dot segments then a protocol-relative path", "/././/evil.example"],
  ["dot-dot then a protocol-relative path", "/x/..//evil.example"],
  ["protocol-relative", "//evil.example"],
  ["three slashes", "///evil"],
  ["slash backslash", "/\\evil.example"],
  ["backslash slash", "\\/evil.example"],
  ["encoded slashes", "/%2F%2Fevil.example"],
  ["encoded slashes, lower case", "/%2f%2fevil.example"],
  ["one encoded slash", "/%2Fevil.example"],
  ["encoded backslash", "/%5Cevil.example"],
  ["double-encoded slash", "/%252F%252Fevil.example"],
  ["encoded tab", "/%09/evil.example"],
  ["encoded newline", "/%0A/evil.example"],
  ["tab", "/\t/evil.example"],
  ["newline", "/\n/evil.example"],
  ["carriage return", "/\r//evil.example"],
  ["leading space", " //evil.example"],
  ["space", "/ /evil.example"],
  ["null byte", "/\u0000/evil.example"],
  ["non-breaking space", "/\u00a0/evil.example"],
  ["line separator", "/\u2028/evil.example"],
  ["javascript: URL", "javascript:alert(1)"],
  ["javascript: URL with a tab", "java\tscript:alert(1)"],
  ["data: URL", "data:text/html,<script>alert(1)</script>"],
  ["absolute URL", "https://evil.example/en/dashboard"],
  ["scheme-relative with credentials", "//user@evil.example"],
  ["relative path", "evil.example"],
  ["empty", ""],
  ["too long", `/${"a".repeat(2048)}`],
  ["not a string", 42],
  ["missing", undefined],
  ["null", null],
];

const FRIENDLY: Array<[string, string]> = [
  ["/en/wallet?tab=1#x", "/en/wallet?tab=1#x"],
  ["/en/dashboard", "/en/dashboard"],
  [
    "/de/dashboard/withdraw?amount=12%2C50&method=paypal&destination=me%40example.com",
    "/de/dashboard/withdraw?amount=12%2C50&method=paypal&destination=me%40example.com",
  ],
  ["/en/signin?redirectTo=%2Fen%2Fsettings", "/en/signin?redirectTo=%2Fen%2Fsettings"],
  ["/nl/stores/caf%C3%A9", "/nl/stores/caf%C3%A9"],
  ["/en/./faq", "/en/faq"],
  ["/", "/"],
];

describe("safeRedirect", () => {
  it.each(HOSTILE)("refuses %s", (_name, value) => {
    const followed = safeRedirect(value, FALLBACK);
    expect(followed).toBe(FALLBACK);
  });

  it("never answers anything a browser would take off the site", () => {
    for (const [, value] of HOSTILE) {
      const followed = safeRedirect(value, FALLBACK);
      expect(new URL(followed, SITE).origin, JSON.stringify(value)).toBe(SITE);
      expect(followed.startsWith("//") || followed.startsWith("/\\"), JSON.stringify(value)).toBe(false);
    }
  });

  it.each(FRIENDLY)("keeps %s", (value, expected) => {
    expect(safeRedirect(value, FALLBACK)).toBe(expected);
  });

  it("can answer null for no redirect at all", () => {
    expect(safeRedirect("/.//evil.example", null)).toBeNull();
    expect(safeRedirect("/en/faq", null)).toBe("/en/faq");
  });
});
