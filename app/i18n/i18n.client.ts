/**
 * The browser's translator: the shared Translator (translator.ts) with the translations the page
 * has loaded (`/locales/<lng>/<ns>.json`, fetched on demand), language changes, and the
 * `useTranslation` hook components get in the browser (through ~/i18n/react). i18next and
 * react-i18next (~22 KB gzipped together) stay out of the browser bundle.
 */
import { useEffect, useMemo, useState } from "react";
import { Translator, type Resource } from "./translator";

type Listener = () => void;

export class ClientI18n extends Translator {
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

  override addResourceBundle(language: string, ns: string, resource: Resource): void {
    super.addResourceBundle(language, ns, resource);
    this.loads.set(`${language}|${ns}`, Promise.resolve());
  }

  loadNamespaces(namespaces: string | string[], callback?: () => void): Promise<void> {
    const list = typeof namespaces === "string" ? [namespaces] : namespaces;
    return Promise.all(list.map((ns) => this.load(this.language, ns))).then(() => callback?.());
  }

  override hasLoadedNamespace(ns: string, options: { lng?: string } = {}): boolean {
    return super.hasLoadedNamespace(ns, options) || this.settled.has(`${options.lng || this.language}|${ns}`);
  }

  async changeLanguage(language: string, callback?: () => void): Promise<void> {
    await Promise.all(this.options.ns.map((ns) => this.load(language, ns)));
    this.setLanguage(language);
    this.emit("languageChanged");
    callback?.();
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
          if (resource) super.addResourceBundle(language, ns, resource);
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
  // `language` is a dependency on purpose: a new `t` (and a re-render) when the language changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => i18n.getFixedT(null, joined.split(",")[0]), [joined, language]);
  return Object.assign([t, i18n, ready] as const, { t, i18n, ready });
}
