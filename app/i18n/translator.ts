/**
 * The one translator: components on the server and in the browser, loaders, meta, mail and the
 * API all use it, a small stand-in for i18next's `t` over translations already in memory. The
 * server keeps one per locale with every namespace (translator.server.ts); the browser's
 * (i18n.client.ts) loads namespaces as pages need them. Both sides rendering with the same code is
 * what keeps hydration matching, and it is about six times cheaper per string than i18next.
 *
 * It gives i18next's strings for everything our translations use (nested keys, "ns:key", plurals
 * with `count` including `_zero`, `context` variants such as the loyalty levels' `title_gold`,
 * `{{placeholders}}`, `defaultValue`, `returnObjects`), which tests/unit/i18n-client.test.ts checks
 * key by key against i18next in all five locales.
 *
 * Not supported (none of our texts use them): `$t()` nesting, `{{value, format}}` formatting,
 * ordinal plurals, objects as context variants, and the fallback language (every key exists in all
 * five locales).
 */

export type Resource = Record<string, unknown>;
type Options = Record<string, unknown>;

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

/** Past this many remembered plain lookups the memory starts afresh (keys are finite; this is a guard). */
const PLAIN_CACHE_LIMIT = 20_000;

export class Translator {
  language = "";
  languages: string[] = [];
  isInitialized = false;
  options = { defaultNS: "common", ns: [] as string[], react: { useSuspense: false } };
  protected data: Record<string, Record<string, Resource>> = {};
  /** Results of calls without options (most of a page's strings), by language, namespace and key. */
  private plain = new Map<string, unknown>();

  /** Translations already at hand (the server's, tests', or a page that inlines them). */
  addResourceBundle(language: string, ns: string, resource: Resource): void {
    (this.data[language] ??= {})[ns] = resource;
    if (!this.options.ns.includes(ns)) this.options.ns.push(ns);
    this.plain.clear();
  }

  hasLoadedNamespace(ns: string, options: { lng?: string } = {}): boolean {
    return Boolean(this.data[options.lng || this.language]?.[ns]);
  }

  /** Text direction of a language (all five of ours are left to right). */
  dir(language = this.language): "ltr" | "rtl" {
    return /^(ar|he|fa|ur|yi|ps|sd|ug|dv|ckb)\b/i.test(language) ? "rtl" : "ltr";
  }

  getFixedT(language: string | null, ns?: string | string[], keyPrefix?: string) {
    return (key: string, second?: unknown, third?: unknown) => {
      if (second === undefined && third === undefined)
        return this.plainT(language || this.language, ns, keyPrefix ? `${keyPrefix}.${key}` : key);
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

  private plainT(language: string, ns: string | string[] | undefined, key: string): unknown {
    const id = `${language}\u0000${Array.isArray(ns) ? ns.join() : (ns ?? "")}\u0000${key}`;
    const known = this.plain.get(id);
    if (known !== undefined || this.plain.has(id)) return known;
    const value = this.t(key, { lng: language || undefined, ns });
    if (this.plain.size >= PLAIN_CACHE_LIMIT) this.plain.clear();
    this.plain.set(id, value);
    return value;
  }

  t(fullKey: string, options: Options = {}): unknown {
    let key = fullKey;
    let ns = (options.ns as string | string[] | undefined) || this.options.defaultNS;
    if (key.includes(":") && looksLikeObjectPath(key)) {
      const parts = key.split(":");
      ns = parts.shift()!;
      key = parts.join(".");
    }
    const namespaces = Array.isArray(ns) ? ns : [ns];
    const language = (options.lng as string | undefined) || this.language;
    const count = options.count;
    const plural = count !== undefined && typeof count !== "string";
    const context = options.context;
    const contextual = (typeof context === "string" || typeof context === "number") && context !== "";
    const forms = (base: string) =>
      plural ? [...(count === 0 ? [`${base}_zero`] : []), `${base}_${pluralForm(language, count as number)}`, base] : [base];
    // Looked up in i18next's order: each namespace in turn, and in each the context's variant
    // (`key_gold`) before the key, and for each `_zero` (count 0), then the plural form, then itself.
    const candidates = contextual ? [...forms(`${key}_${context}`), ...forms(key)] : forms(key);
    let namespace = namespaces[0]!;
    let usedKey = key;
    let value: unknown;
    search: for (const name of namespaces) {
      const bundle = this.data[language]?.[name];
      for (const candidate of candidates) {
        value = find(bundle, candidate);
        if (value !== undefined && value !== null) {
          namespace = name;
          usedKey = candidate;
          break search;
        }
      }
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
}
