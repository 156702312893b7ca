/** Every translation key exists, non-empty, in all five locales; every key the code uses exists. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "~/i18n/config";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === "object") for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, value);
  }
  return out;
}

function read(locale: string, ns: string): Map<string, unknown> {
  return flatten(JSON.parse(fs.readFileSync(path.resolve("locales", locale, `${ns}.json`), "utf8")));
}

const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)[^}]*}}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const namespaces = fs
  .readdirSync(path.resolve("locales", DEFAULT_LOCALE))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.replace(/\.json$/, ""));

describe("translations", () => {
  it("has the five locales and at least the common namespace", () => {
    expect(fs.readdirSync(path.resolve("locales")).sort()).toEqual([...LOCALES].sort());
    expect(namespaces).toContain("common");
  });

  for (const ns of namespaces) {
    const english = read(DEFAULT_LOCALE, ns);
    for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
      it(`${locale}/${ns}.json has every key of en/${ns}.json, filled in, with the same placeholders`, () => {
        const file = path.resolve("locales", locale, `${ns}.json`);
        expect(fs.existsSync(file), `${locale}/${ns}.json exists`).toBe(true);
        const other = read(locale, ns);
        const missing = [...english.keys()].filter((key) => !other.has(key));
        const extra = [...other.keys()].filter((key) => !english.has(key));
        const empty = [...other].filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([k]) => k);
        const badPlaceholders = [...english]
          .filter(([key, value]) => other.has(key) && placeholders(value).join() !== placeholders(other.get(key)).join())
          .map(([key]) => key);
        expect({ missing, extra, empty, badPlaceholders }).toEqual({ missing: [], extra: [], empty: [], badPlaceholders: [] });
      });
    }
  }

  it("has every literal key the code asks for (t calls and validation messages)", () => {
    // A key names a string, or an object/array read whole with returnObjects: every prefix counts;
    // a plural ("rows_one", "rows_other") is asked for by its base ("rows", with a count).
    const singular = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");
    const known = new Set(
      namespaces.flatMap((ns) =>
        [...read(DEFAULT_LOCALE, ns).keys()]
          .map(singular)
          .flatMap((key) => key.split(".").map((_, i, parts) => parts.slice(0, i + 1).join("."))),
      ),
    );
    const used = new Set<string>();
    for (const file of sourceFiles(path.resolve("app"))) {
      const source = fs.readFileSync(file, "utf8");
      for (const match of source.matchAll(/\bt\(\s*"([^"$`{}]+)"/g)) used.add(match[1]!);
      for (const match of source.matchAll(/"(validation\.[A-Za-z]+)"/g)) used.add(match[1]!);
      for (const match of source.matchAll(
        /"((?:common|auth|contact|blog|wallet|admin|app|webshops|pricing|cashback|content):[A-Za-z.]+)"/g,
      ))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    // "ns:key" names its namespace; a plain key may live in any namespace the component loads.
    const exists = (key: string) => {
      const [ns, rest] = key.includes(":") ? (key.split(":", 2) as [string, string]) : [null, key];
      if (ns === null) return known.has(rest);
      return (
        namespaces.includes(ns) && [...read(DEFAULT_LOCALE, ns).keys()].map(singular).some((k) => k === rest || k.startsWith(`${rest}.`))
      );
    };
    expect([...used].filter((key) => !exists(key))).toEqual([]);
  });
});
