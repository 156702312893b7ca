/**
 * The browser's translator: a small stand-in for i18next and react-i18next that owns the
 * translations the page has loaded (`/locales/<lng>/<ns>.json`, fetched on demand) and the
 * `useTranslation` hook components get in the browser (through ~/i18n/react). The server renders
 * with the real i18next (i18next.server.ts); this file gives the same strings for everything our
 * translations use (nested keys, "ns:key", plurals with `count` including `_zero`,
 * `{{placeholders}}`, `defaultValue`, `returnObjects`), which tests/unit/i18n-client.test.ts checks
 * key by key against i18next, so hydration matches. i18next, its HTTP backend and react-i18next
 * (~22 KB gzipped together) stay out of the browser bundle.
 *
 * Not supported (none of our texts use them): `$t()` nesting, `{{value, format}}` formatting,
 * `context`, ordinal plurals, and the fallback language (every key exists in all five locales).
 */
import { useEffect, useMemo, useState } from "react";

type Resource = Record<string, unknown>;
type Options = Record<string, unknown>;
type Listener = () => void;

const OBJECT_PATH_CHARS = /[ ,?!;]/;
const PLACEHOLDER = /{{(.+?)}}/g;

/** i18next's heuristic: "ns:key" names a namespace unless the key reads like a sentence. */
function looksLikeObjectPath(key: string): boolean {
  if (!OBJECT_PATH_CHARS.test(key)) return true;
  const dot = key.indexOf(".");
  return dot > 0 && !OBJECT_PATH_CHARS.test(key.slice(0, dot));
}

/**
 * The value at a dotted path, like i18next: the shortest prefix naming an object (or, last, the
 * value) is taken at each level, so keys that themselves contain dots are found too.
 */
function find(node: unknown, path: string): unknown {
  const parts = path.split(".");
  for (let i = 1; i <= parts.length; i++) {
    const value = own(node, parts.slice(0, i).join("."));
    if (value === undefined || (i < parts.length && (value === null || typeof value !== "object"))) continue;
    return i === parts.length ? value : find(value, parts.slice(i).join("."));
  }
  return undefined;
}

function own(node: unknown, key: string): unknown {
  return node && typeof node === "object" && Object.prototype.hasOwnProperty.call(node, key) ? (node as Resource)[key] : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  if (!pluralRules.has(language)) pluralRules.set(language, new Intl.PluralRules(language));
  return pluralRules.get(language)!.select(count);
}

function interpolate(text: string, data: Options): string {
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const variable = name.trim();
    const value = find(data, variable);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(data, variable) ? "" : match;
    return value === null ? "" : String(value);
  });
}

export class ClientI18n {
  language = "";
  languages: string[] = [];
  isInitialized = false;
  options = { defaultNS: "common", ns: [] as string[], react: { useSuspense: false } };
  private data: Record<string, Record<string, Resource>> = {};
  private loads = new Map<string, Promise<void>>();
  /** Loads that are over, translations found or not (a missing file is not waited for again). */
  private settled = new Set<string>();
  private listeners = new Map<string, Set<Listener>>();

  /** Sets the language and waits for the namespaces' translations (the page's, before hydration). */
  async init(language: string, namespaces: string[]): Promise<void> {
    this.setLanguage(language);
    await this.loadNamespaces(namespaces);
    this.isInitialized = true;
  }

  /** Translations already at hand (tests, or a page that inlines them). */
  addResourceBundle(language: string, ns: string, resource: Resource): void {
    (this.data[language] ??= {})[ns] = resource;
    this.loads.set(`${language}|${ns}`, Promise.resolve());
    if (!this.options.ns.includes(ns)) this.options.ns.push(ns);
  }

  loadNamespaces(namespaces: string | string[], callback?: () => void): Promise<void> {
    const list = typeof namespaces === "string" ? [namespaces] : namespaces;
    return Promise.all(list.map((ns) => this.load(this.language, ns))).then(() => callback?.());
  }

  hasLoadedNamespace(ns: string, options: { lng?: string } = {}): boolean {
    const language = options.lng || this.language;
    return Boolean(this.data[language]?.[ns]) || this.settled.has(`${language}|${ns}`);
  }

  async changeLanguage(language: string, callback?: () => void): Promise<void> {
    await Promise.all(this.options.ns.map((ns) => this.load(language, ns)));
    this.setLanguage(language);
    this.emit("languageChanged");
    callback?.();
  }

  /** Text direction of a language (all five of ours are left to right). */
  dir(language = this.language): "ltr" | "rtl" {
    return /^(ar|he|fa|ur|yi|ps|sd|ug|dv|ckb)\b/i.test(language) ? "rtl" : "ltr";
  }

  on(events: string, listener: Listener): void {
    for (const event of events.split(" ")) {
      if (!this.listeners.has(event)) this.listeners.set(event, new Set());
      this.listeners.get(event)!.add(listener);
    }
  }

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  getFixedT(language: string | null, ns?: string | string[], keyPrefix?: string) {
    return (key: string, second?: unknown, third?: unknown) => {
      // i18next's call forms: t(key, options), t(key, defaultValue), t(key, defaultValue, options).
      const options: Options = typeof second === "object" && second ? { ...second } : {};
      if (typeof second === "string") options.defaultValue = second;
      if (typeof third === "object" && third) Object.assign(options, third);
      options.lng ||= language || undefined;
      options.ns ||= ns;
      const prefix = options.keyPrefix !== "" ? (options.keyPrefix as string | undefined) || keyPrefix : undefined;
      return this.t(prefix ? `${prefix}.${key}` : key, options);
    };
  }

  t(fullKey: string, options: Options = {}): unknown {
    let key = fullKey;
    let ns = (options.ns as string | string[] | undefined) || this.options.defaultNS;
    if (key.includes(":") && looksLikeObjectPath(key)) {
      const parts = key.split(":");
      ns = parts.shift()!;
      key = parts.join(".");
    }
    const namespace = Array.isArray(ns) ? ns[ns.length - 1]! : ns;
    const language = (options.lng as string | undefined) || this.language;
    const bundle = this.data[language]?.[namespace];
    const count = options.count;
    const plural = count !== undefined && typeof count !== "string";
    // Looked up in i18next's order: `_zero` (count 0), then the plural form, then the key itself.
    const candidates = plural
      ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralForm(language, count as number)}`, key]
      : [key];
    let usedKey = key;
    let value: unknown;
    for (const candidate of candidates) {
      value = find(bundle, candidate);
      usedKey = candidate;
      if (value !== undefined && value !== null) break;
    }
    if (value !== null && typeof value === "object") {
      if (!options.returnObjects) return `key '${key} (${this.language})' returned an object instead of string.`;
      const base = Array.isArray(value) ? usedKey : key;
      const copy: Resource | unknown[] = Array.isArray(value) ? [] : {};
      for (const child of Object.keys(value)) (copy as Resource)[child] = this.t(`${base}.${child}`, { ...options, ns: namespace });
      return copy;
    }
    if (typeof value === "number" || typeof value === "boolean") return value;
    const text = typeof value === "string" ? value : typeof options.defaultValue === "string" ? options.defaultValue : key;
    return interpolate(text, options);
  }

  private setLanguage(language: string) {
    this.language = language;
    this.languages = [language];
  }

  private load(language: string, ns: string): Promise<void> {
    const id = `${language}|${ns}`;
    let pending = this.loads.get(id);
    if (!pending) {
      if (!this.options.ns.includes(ns)) this.options.ns.push(ns);
      pending = fetchJson(`/locales/${language}/${ns}.json`)
        .then((resource) => {
          if (resource) (this.data[language] ??= {})[ns] = resource;
        })
        .finally(() => this.settled.add(id));
      this.loads.set(id, pending);
    }
    return pending;
  }

  private emit(event: string) {
    this.listeners.get(event)?.forEach((listener) => listener());
  }
}

/** A namespace file, tried three times over a network error or a server error; else nothing. */
async function fetchJson(url: string): Promise<Resource | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 350 * 2 ** attempt));
    try {
      const response = await fetch(url);
      if (response.ok) return (await response.json()) as Resource;
      if (response.status < 500) return undefined;
    } catch {
      // offline or the server is away: try again
    }
  }
  return undefined;
}

/** The browser's one instance (entry.client.tsx initialises it before hydrating). */
export const i18n = new ClientI18n();

/**
 * react-i18next's `useTranslation` for the browser: `t` of the namespace (the first one of a list),
 * rendered again when the language changes or when a namespace the page had not loaded arrives.
 */
export function useTranslation(ns?: string | string[]) {
  const namespaces = typeof ns === "string" ? [ns] : ns?.length ? ns : [i18n.options.defaultNS];
  const joined = namespaces.join();
  const [, setVersion] = useState(0);
  const ready = namespaces.every((name) => i18n.hasLoadedNamespace(name));
  const language = i18n.language;
  useEffect(() => {
    let mounted = true;
    const refresh = () => mounted && setVersion((version) => version + 1);
    i18n.on("languageChanged", refresh);
    if (!ready) void i18n.loadNamespaces(joined.split(","), refresh);
    return () => {
      mounted = false;
      i18n.off("languageChanged", refresh);
    };
  }, [joined, ready]);
  const t = useMemo(() => i18n.getFixedT(null, joined.split(",")[0]), [joined, language]);
  return Object.assign([t, i18n, ready] as const, { t, i18n, ready });
}
