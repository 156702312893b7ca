/**
 * Our patches to the router (#30, part 3): `patches/@remix-run+router+*.patch` caches route ranking,
 * matches and compiled patterns. They must change nothing but speed: every route of the app, and a
 * few hundred generated paths (locales, params, splats, junk), match exactly as the upstream router
 * matches them. Upstream is rebuilt here by reverse-applying the patch file (patch-package's own
 * parser) to a copy of the installed file, which also proves the installed file is exactly upstream
 * plus our patch. The caches must also survive lazy route discovery (`patchRoutes` adds children in
 * place) and eviction past 1,000 paths.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { readConfig } from "@remix-run/dev/dist/config.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(__dirname, "../..");
const PATCHES = path.join(ROOT, "patches");
const ROUTER_FILE = "node_modules/@remix-run/router/dist/router.cjs.js";

interface RouteObject {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteObject[];
}
interface Match {
  route: RouteObject;
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
}
interface RouterModule {
  matchRoutes(routes: RouteObject[], location: string): Match[] | null;
  matchPath(pattern: { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string): unknown;
  createRouter(init: { routes: RouteObject[]; history: unknown }): {
    routes: RouteObject[];
    patchRoutes(routeId: string | null, children: RouteObject[]): void;
    dispose(): void;
  };
  createMemoryHistory(options?: { initialEntries?: string[] }): unknown;
}
interface PatchPackage {
  parsePatchFile(text: string): unknown;
}

const patched = require("@remix-run/router") as RouterModule;
let upstream: RouterModule;
let scratch: string;
let appRoutes: RouteObject[];
let patterns: string[];

/** The installed files the patch touches, reverse-patched into `dir`: upstream's code. */
function upstreamCopy(patchFile: string, dir: string): void {
  const { parsePatchFile } = require("patch-package/dist/patch/parse") as PatchPackage;
  const { reversePatch } = require("patch-package/dist/patch/reverse") as { reversePatch(patch: unknown): unknown };
  const { executeEffects } = require("patch-package/dist/patch/apply") as {
    executeEffects(effects: unknown, options: { dryRun: boolean; cwd: string; errors: string[]; bestEffort: boolean }): void;
  };
  const text = fs.readFileSync(path.join(PATCHES, patchFile), "utf8");
  for (const file of new Set([...text.matchAll(/^\+\+\+ b\/(\S+)$/gm)].map((match) => match[1]!))) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  const errors: string[] = [];
  executeEffects(reversePatch(parsePatchFile(text)), { dryRun: false, cwd: dir, errors, bestEffort: false });
  expect(errors).toEqual([]);
}

/** The app's route tree as Remix builds it for the server (id, path, index, case sensitivity, children). */
function tree(routes: Record<string, { id: string; path?: string; index?: boolean; caseSensitive?: boolean; parentId?: string }>) {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    const list = byParent.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
    byParent.set(route.parentId, list);
  }
  const attach = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const children = attach(route.id);
      return children.length ? { ...route, children } : route;
    });
  return attach(undefined);
}

/** Every full path pattern of the tree ("/:locale?/webshops/:slug", …). */
function fullPatterns(routes: RouteObject[], base = ""): string[] {
  return routes.flatMap((route) => {
    const here = route.path ? `${base}/${route.path}`.replace(/\/+/g, "/") : base;
    return [here || "/", ...fullPatterns(route.children ?? [], here)];
  });
}

const SAMPLES = ["en", "de", "xx", "demo-store", "42", "a%20b", "ÄÖü", "admin", "..", "index.html", "Ca$h"];

/** Concrete paths for a pattern: each optional segment with and without, each param and splat from the samples. */
function concretePaths(pattern: string, pick: (i: number) => string): string[] {
  const segments = pattern.split("/").filter(Boolean);
  const variants: string[][] = [[]];
  for (const [index, segment] of segments.entries()) {
    const optional = segment.endsWith("?");
    const name = optional ? segment.slice(0, -1) : segment;
    const value = name === "*" ? `${pick(index)}/${pick(index + 1)}` : name.startsWith(":") ? pick(index) : name;
    const next: string[][] = [];
    for (const variant of variants) {
      next.push([...variant, value]);
      if (optional) next.push(variant);
    }
    variants.splice(0, variants.length, ...next.slice(0, 8));
  }
  return variants.map((parts) => `/${parts.join("/")}`);
}

/** What a match result says, without object identity: route ids, params, pathnames. */
function outcome(matches: Match[] | null) {
  return matches?.map((match) => [match.route.id, { ...match.params }, match.pathname, match.pathnameBase]) ?? null;
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-router-upstream-"));
  upstreamCopy(
    fs.readdirSync(PATCHES).find((file) => file.startsWith("@remix-run+router+"))!,
    scratch,
  );
  upstream = require(path.join(scratch, ROUTER_FILE)) as RouterModule;
  const config = await readConfig(ROOT);
  appRoutes = tree(config.routes);
  patterns = [...new Set(fullPatterns(appRoutes))];
});

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("the patched router", () => {
  it("is exactly upstream plus our patch (the installed files reverse-patch cleanly) and marks every change", () => {
    expect(fs.readFileSync(path.join(scratch, ROUTER_FILE), "utf8")).not.toContain("Cashwise patch");
    for (const [file, marker] of [
      [ROUTER_FILE, "Cashwise patch"],
      ["node_modules/@remix-run/router/dist/router.js", "Cashwise patch"],
      ["node_modules/@remix-run/react/dist/server.js", "Cashwise patch"],
      ["node_modules/react-router-dom/server.js", "Cashwise patch"],
    ] as const) {
      expect(fs.readFileSync(path.join(ROOT, file), "utf8"), file).toContain(marker);
    }
    expect(patterns.length).toBeGreaterThan(100);
  });

  it("matches every route of the app, and hundreds of generated paths, exactly as upstream, first time and from its cache", () => {
    const paths = new Set<string>(["/", "", "/en", "/en/", "//", "/en//webshops", "/EN/WEBSHOPS", "/en/webshops?x=1", "/en/webshops#top"]);
    patterns.forEach((pattern, i) => {
      for (const offset of [0, 5]) {
        for (const candidate of concretePaths(pattern, (j) => SAMPLES[(i + j + offset) % SAMPLES.length]!)) {
          paths.add(candidate);
          paths.add(`${candidate}/`);
        }
      }
    });
    expect(paths.size).toBeGreaterThan(300);
    for (const pathname of paths) {
      const expected = outcome(upstream.matchRoutes(appRoutes, pathname));
      expect(outcome(patched.matchRoutes(appRoutes, pathname)), pathname).toEqual(expected);
      // Again, now from the cache; and its copies are not shared (a caller changing one changes nothing).
      const cached = patched.matchRoutes(appRoutes, pathname);
      expect(outcome(cached), pathname).toEqual(expected);
      if (cached?.[0]) cached[0].params.mutated = "yes";
      expect(outcome(patched.matchRoutes(appRoutes, pathname)), pathname).toEqual(expected);
    }
  });

  it("matches random paths as upstream, and still after the cache's 1,000 entries are evicted", () => {
    const segment = fc.oneof(
      fc.constantFrom(...SAMPLES, "webshops", "dashboard", "ads", "loyalty", "blog", "r", "sandbox"),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), fc.boolean(), (segments, trailing) => {
        const pathname = `/${segments.map(encodeURIComponent).join("/")}${trailing ? "/" : ""}`;
        expect(outcome(patched.matchRoutes(appRoutes, pathname))).toEqual(outcome(upstream.matchRoutes(appRoutes, pathname)));
      }),
      { numRuns: 400, seed: 2_930 },
    );
    const known = patterns.slice(0, 60).flatMap((pattern) => concretePaths(pattern, (j) => SAMPLES[j % SAMPLES.length]!));
    const expected = known.map((pathname) => outcome(upstream.matchRoutes(appRoutes, pathname)));
    known.forEach((pathname, i) => expect(outcome(patched.matchRoutes(appRoutes, pathname))).toEqual(expected[i]));
    // 1,200 other paths fill the cache past its bound (it starts over); the known paths still match as upstream.
    for (let i = 0; i < 1_200; i++) patched.matchRoutes(appRoutes, `/en/webshops/filler-${i}`);
    known.forEach((pathname, i) => expect(outcome(patched.matchRoutes(appRoutes, pathname)), pathname).toEqual(expected[i]));
  });

  it("compiles patterns as upstream (matchPath over the app's patterns, case and end variants)", () => {
    for (const pattern of patterns) {
      const clean = pattern.replace(/\?/g, "");
      for (const pathname of concretePaths(pattern, (j) => SAMPLES[j % SAMPLES.length]!)) {
        for (const options of [{}, { caseSensitive: true }, { end: false }]) {
          expect(patched.matchPath({ path: clean, ...options }, pathname)).toEqual(
            upstream.matchPath({ path: clean, ...options }, pathname),
          );
        }
      }
    }
  });

  it("sees routes added by lazy discovery (patchRoutes adds children in place)", () => {
    const make = (module: RouterModule) => {
      const router = module.createRouter({
        routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
        history: module.createMemoryHistory({ initialEntries: ["/"] }),
      });
      const before = outcome(module.matchRoutes(router.routes, "/later/7"));
      router.patchRoutes("root", [{ id: "later", path: "later/:n" }]);
      const after = outcome(module.matchRoutes(router.routes, "/later/7"));
      router.dispose();
      return { before, after };
    };
    const result = make(patched);
    expect(result).toEqual(make(upstream));
    expect(result.after?.map((match) => match[0])).toEqual(["root", "later"]);
  });
});
