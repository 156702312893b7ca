/**
 * Translation resources: owns reading `locales/<lng>/<ns>.json` (once per process) and serving
 * them to the server's translators and to the browser's resource route.
 */
import fs from "node:fs";
import path from "node:path";
import type { Resource } from "i18next";
import { LOCALES, isLocale, type Locale } from "./config";

export const LOCALES_DIR = path.resolve("locales");

let cache: { resources: Resource; namespaces: string[] } | undefined;

function load() {
  const resources: Resource = {};
  const namespaces = new Set<string>();
  for (const locale of LOCALES) {
    resources[locale] = {};
    const dir = path.join(LOCALES_DIR, locale);
    for (const file of fs.readdirSync(dir)) {
      if (!file.endsWith(".json")) continue;
      const ns = file.slice(0, -".json".length);
      namespaces.add(ns);
      resources[locale]![ns] = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    }
  }
  return { resources, namespaces: [...namespaces].sort() };
}

export function translationResources(): Resource {
  cache ??= load();
  return cache.resources;
}

export function translationNamespaces(): string[] {
  cache ??= load();
  return cache.namespaces;
}

/** One namespace of one locale, or undefined when either does not exist. */
export function namespaceResource(locale: string, ns: string): object | undefined {
  if (!isLocale(locale)) return undefined;
  const bundle = translationResources()[locale as Locale]?.[ns];
  return bundle && typeof bundle === "object" ? bundle : undefined;
}
