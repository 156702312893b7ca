/**
 * The browser's small translator (app/i18n/i18n.client.ts) gives the texts the server's i18next
 * gives, so the server's HTML and hydration match: every key of every namespace in all five
 * locales, with plurals, placeholders, objects and defaults. Also: it loads namespaces over HTTP
 * and switches language, and no browser code imports i18next or react-i18next (they stay on the
 * server, out of the browser bundle).
 */
import fs from "node:fs";
import path from "node:path";
import { createInstance } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCALES } from "~/i18n/config";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ClientI18n } from "~/i18n/i18n.client";
import { serverTranslator, TranslatorContext, useTranslation as useServerTranslation } from "~/i18n/react.server";
import { Translator } from "~/i18n/translator";
import { fixedT } from "~/i18n/translator.server";
import { serverI18n } from "../support/i18next-oracle";
import { translationNamespaces, translationResources } from "~/i18n/resources.server";

type Tree = { [key: string]: unknown };

/** Every key path of a resource: leaves, objects and arrays, and plural bases ("rows" of "rows_one"). */
function keysOf(tree: Tree, prefix = ""): string[] {
  const keys: string[] = [];
  for (const [key, value] of Object.entries(tree)) {
    const full = `${prefix}${key}`;
    keys.push(full);
    const plural = full.match(/^(.*)_(zero|one|two|few|many|other)$/);
    if (plural) keys.push(plural[1]!);
    if (value && typeof value === "object") keys.push(...keysOf(value as Tree, `${full}.`));
  }
  return [...new Set(keys)];
}

function placeholdersOf(value: unknown): string[] {
  return [...JSON.stringify(value ?? "").matchAll(/{{(.+?)}}/g)].map((m) => m[1]!.trim());
}

function clientWithAllResources(locale: string): ClientI18n {
  const client = new ClientI18n();
  const resources = translationResources()[locale]!;
  for (const ns of Object.keys(resources)) client.addResourceBundle(locale, ns, resources[ns] as Tree);
  void client.init(locale, []);
  return client;
}

describe("the browser's translator", () => {
  const namespaces = translationNamespaces();

  for (const locale of LOCALES) {
    it(`gives i18next's texts for every key of every namespace in ${locale}`, () => {
      const client = clientWithAllResources(locale);
      const server = serverI18n(locale);
      let compared = 0;
      for (const ns of namespaces) {
        const ours = client.getFixedT(null, ns);
        const theirs = server.getFixedT(null, ns);
        const resource = translationResources()[locale]![ns] as Tree;
        for (const key of keysOf(resource)) {
          const value = key.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], resource);
          const names = placeholdersOf(value ?? resource[`${key}_other`]);
          const filled = Object.fromEntries(names.map((name, i) => [name, i % 2 ? `«${name}»` : i * 7]));
          const optionSets: Array<Record<string, unknown>> = [
            {},
            filled,
            { ...filled, [names[0] ?? "unused"]: undefined },
            { returnObjects: true },
            { ...filled, returnObjects: true },
            ...[0, 1, 2, 5, 21, 1.5].map((count) => ({ ...filled, count })),
            { defaultValue: "Fallback {{x}}", x: "y" },
            // A context picks the key's variant when it has one (the loyalty levels' `title_gold`).
            { ...filled, context: "gold" },
            { ...filled, context: "silver", count: 2 },
          ];
          // The plain call, which the translator remembers.
          expect(ours(key), `${locale} ${ns}:${key}`).toEqual(theirs(key));
          expect(ours(key)).toEqual(theirs(key));
          for (const options of optionSets) {
            expect(ours(key, { ...options }), `${locale} ${ns}:${key} ${JSON.stringify(options)}`).toEqual(
              theirs(key, { ...options } as never),
            );
            compared++;
          }
          // The same key named with its namespace, from another namespace's t.
          expect(client.getFixedT(null, "common")(`${ns}:${key}`, filled)).toEqual(
            server.getFixedT(null, "common")(`${ns}:${key}`, filled as never),
          );
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it("gives i18next's answers for missing keys, defaults and the ways t is called", () => {
    const client = clientWithAllResources("nl");
    const server = serverI18n("nl");
    const calls: Array<[string, string, unknown?, unknown?]> = [
      ["common", "no.such.key"],
      ["common", "no.such.key", "Standaard {{n}}", { n: 3 }],
      ["common", "no.such.key", { defaultValue: "Standaard" }],
      ["common", "webshops:no such key, with words"],
      ["ads", "ads:industries.Home & Garden", { defaultValue: "Home & Garden" }],
      ["ads", "Plain sentence: with a colon", { defaultValue: "x" }],
      ["common", "nav.blog", { ns: "common", lng: "nl" }],
      ["common", "nav", { returnObjects: false }],
    ];
    for (const [ns, key, second, third] of calls) {
      expect(client.getFixedT(null, ns)(key, second as never, third as never), key).toEqual(
        (server.getFixedT(null, ns) as unknown as (...args: unknown[]) => unknown)(key, second, third),
      );
    }
  });

  it("agrees with i18next on the rarer shapes: _zero, contexts, dotted keys, nested placeholders, numbers, arrays", async () => {
    const resource = {
      items_zero: "No items",
      items_one: "One item",
      items_other: "{{count}} items",
      "dotted.key": "Dotted",
      deep: {
        "inner.dotted": "Inner dotted",
        list: ["a {{x}}", "b", { c: "c {{x}}" }],
        count_one: "{{count}} thing",
        count_other: "{{count}} things",
      },
      user: "Hello {{user.name}} and {{missing}} and {{ spaced }}",
      number: 42,
      empty: "",
      level: "A level ({{context}})",
      level_gold: "Gold",
      level_gold_one: "One gold",
      level_gold_zero: "No gold",
      level_silver_other: "{{count}} silvers",
      levels_one: "One level",
      levels_other: "{{count}} levels",
      levels_platinum: "Platinum",
    };
    const server = createInstance();
    await server.init({
      lng: "nl",
      fallbackLng: false,
      ns: ["x"],
      defaultNS: "x",
      resources: { nl: { x: resource } },
      interpolation: { escapeValue: false },
    });
    const client = new ClientI18n();
    client.addResourceBundle("nl", "x", resource);
    await client.init("nl", []);
    const cases: Array<[string, Record<string, unknown>?]> = [
      ["items", { count: 0 }],
      ["items", { count: 1 }],
      ["items", { count: 7 }],
      ["dotted.key"],
      ["deep.inner.dotted"],
      ["deep.list", { returnObjects: true, x: "X" }],
      ["deep", { returnObjects: true, x: "X", count: 1 }],
      ["deep", {}],
      ["user", { user: { name: "Ada" }, spaced: "S" }],
      ["user", { missing: undefined }],
      ["number"],
      ["empty", { defaultValue: "not used" }],
      ["deep.count", { count: 3 }],
      ["level", { context: "gold" }],
      ["level", { context: "platinum" }],
      ["level", { context: "" }],
      ["level", { context: 7 }],
      ["level", { context: "gold", count: 1 }],
      ["level", { context: "gold", count: 0 }],
      ["level", { context: "gold", count: 4 }],
      ["level", { context: "silver", count: 4 }],
      ["level", { context: "silver", count: 1 }],
      ["level", { context: "bronze", x: "X" }],
      ["levels", { context: "platinum", count: 3 }],
      ["levels", { context: "gold", count: 1 }],
      ["levels", { context: "platinum" }],
    ];
    for (const [key, options] of cases) {
      expect(client.getFixedT(null, "x")(key, options), key).toEqual(server.getFixedT(null, "x")(key, options as never));
    }
  });

  it("uses only the i18next features it implements (no nesting, formats, unescaped or gendered keys)", () => {
    const text = fs
      .readdirSync(path.resolve("locales"))
      .flatMap((locale) =>
        fs.readdirSync(path.resolve("locales", locale)).map((file) => fs.readFileSync(path.resolve("locales", locale, file), "utf8")),
      );
    const unsupported = text.flatMap((json) =>
      [...json.matchAll(/\$t\(|{{-|{{[^}]*,[^}]*}}|"[\w.]+_(male|female|ordinal_\w+)"/g)].map((m) => m[0]),
    );
    expect(unsupported).toEqual([]);
  });
});

describe("loading and switching languages", () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(answers: Record<string, unknown>) {
    const requested: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      requested.push(url);
      const body = answers[url];
      return body === undefined ? new Response("{}", { status: 404 }) : Response.json(body);
    });
    return requested;
  }

  it("fetches each namespace of the page's language once, before the first render", async () => {
    const requested = stubFetch({ "/locales/de/common.json": { hello: "Hallo {{name}}" }, "/locales/de/home.json": { title: "Start" } });
    const client = new ClientI18n();
    await client.init("de", ["common", "home", "common"]);
    expect(requested.sort()).toEqual(["/locales/de/common.json", "/locales/de/home.json"]);
    expect(client.getFixedT(null, "common")("hello", { name: "Ada" })).toBe("Hallo Ada");
    expect(client.getFixedT(null, "common")("home:title")).toBe("Start");
    expect(client.hasLoadedNamespace("home")).toBe(true);
    expect(client.hasLoadedNamespace("wallet")).toBe(false);
    await client.loadNamespaces(["home"]);
    expect(requested).toHaveLength(2);
  });

  it("does not wait again for a namespace the server does not have", async () => {
    const requested = stubFetch({});
    const client = new ClientI18n();
    await client.init("fr", ["missing"]);
    expect(client.hasLoadedNamespace("missing")).toBe(true);
    expect(client.getFixedT(null, "missing")("key")).toBe("key");
    await client.loadNamespaces("missing");
    expect(requested).toEqual(["/locales/fr/missing.json"]);
  });

  it("changes language with the namespaces it has, then tells its listeners", async () => {
    stubFetch({ "/locales/en/common.json": { hi: "Hi" }, "/locales/es/common.json": { hi: "Hola" } });
    const client = new ClientI18n();
    await client.init("en", ["common"]);
    const t = client.getFixedT(null, "common");
    const heard: string[] = [];
    const listener = () => heard.push(client.language);
    client.on("languageChanged", listener);
    await client.changeLanguage("es");
    expect(heard).toEqual(["es"]);
    expect(t("hi")).toBe("Hola");
    expect(client.dir()).toBe("ltr");
    client.off("languageChanged", listener);
    await client.changeLanguage("en");
    expect(heard).toEqual(["es"]);
  });
});

describe("the browser bundle", () => {
  function sourceFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
    });
  }

  it("imports i18next and react-i18next only on the server (components use ~/i18n/react)", () => {
    const offenders = sourceFiles(path.resolve("app"))
      .filter((file) => !/\.server\.tsx?$/.test(file) && !file.endsWith(path.join("app", "entry.server.tsx")))
      .filter((file) => /^import (?!type )[^;]*from "(i18next|react-i18next|remix-i18next[^"]*)";/m.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(process.cwd(), file));
    expect(offenders).toEqual([]);
  });

  it("uses react-i18next for its types only (components translate with the shared Translator on both sides)", () => {
    const runtime = sourceFiles(path.resolve("app"))
      .filter((file) => /^import (?!type )[^;]*from "react-i18next";/m.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(process.cwd(), file));
    expect(runtime).toEqual([]);
  });
});

describe("the server's translator", () => {
  it("gives each locale every namespace, and the same strings as i18next", () => {
    for (const locale of LOCALES) {
      const translator = serverTranslator(locale);
      expect(serverTranslator(locale)).toBe(translator);
      for (const ns of translationNamespaces()) {
        expect(translator.hasLoadedNamespace(ns)).toBe(true);
        const resource = translationResources()[locale]![ns] as Tree;
        const firstText = keysOf(resource).find(
          (key) => typeof key.split(".").reduce<unknown>((node, part) => (node as Tree)?.[part], resource) === "string",
        );
        if (firstText) expect(translator.getFixedT(null, ns)(firstText)).toBe(serverI18n(locale).getFixedT(null, ns)(firstText));
      }
    }
  });

  it("looks a key up in each of a list of namespaces in turn, as i18next does (fixedT of the API's messages)", () => {
    for (const locale of LOCALES) {
      for (const list of [["common", "auth"], ["auth", "common"], ["ads-reports"]]) {
        const ours = fixedT(locale, list);
        const theirs = serverI18n(locale).getFixedT(null, list);
        const keys = new Set(list.flatMap((ns) => keysOf(translationResources()[locale]![ns] as Tree)));
        expect(keys.size).toBeGreaterThan(20);
        for (const key of keys) {
          expect(ours(key), `${locale} ${list.join()} ${key}`).toEqual(theirs(key));
          expect(ours(key, { count: 2, returnObjects: true })).toEqual(theirs(key, { count: 2, returnObjects: true }));
        }
      }
    }
  });

  it("remembers plain lookups, but not past new translations", () => {
    const translator = new Translator();
    translator.language = "en";
    translator.addResourceBundle("en", "demo", { greeting: "Hello" });
    const t = translator.getFixedT(null, "demo");
    expect(t("greeting")).toBe("Hello");
    expect(t("greeting")).toBe("Hello");
    expect(t("missing")).toBe("missing");
    translator.addResourceBundle("en", "demo", { greeting: "Hi", missing: "Found" });
    expect(t("greeting")).toBe("Hi");
    expect(t("missing")).toBe("Found");
    // Another language's lookups are remembered apart.
    translator.addResourceBundle("nl", "demo", { greeting: "Hallo" });
    expect(translator.getFixedT("nl", "demo")("greeting")).toBe("Hallo");
    expect(t("greeting")).toBe("Hi");
  });

  it("renders a component's strings through the context entry.server.tsx provides", () => {
    function Greeting() {
      const { t } = useServerTranslation("home");
      return createElement("p", null, String(t("features.learnMore")));
    }
    const html = renderToStaticMarkup(
      createElement(TranslatorContext.Provider, { value: serverTranslator("de") }, createElement(Greeting)),
    );
    expect(html).toBe(`<p>${serverI18n("de").getFixedT(null, "home")("features.learnMore")}</p>`);
    expect(() => renderToStaticMarkup(createElement(Greeting))).toThrow(/TranslatorContext/);
  });
});
