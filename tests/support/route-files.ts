/**
 * The route modules of app/routes as Remix's flat routes read them: a file
 * (`($locale)._app.wallet.tsx`) or a folder whose module is its `route.tsx` / `route.ts`
 * (`($locale)._app.ads.audit/route.tsx`, with the page's pieces beside it). Tests that walk the
 * routes (the fuzz, the admin guards, the page list) use this, so a route can become a folder.
 */
import fs from "node:fs";
import path from "node:path";

export const ROUTES_DIR = path.resolve("app/routes");

export interface RouteModule {
  /** The route's name without its extension (`($locale)._app.ads.audit`): the URL is read from it. */
  name: string;
  /** The module's absolute path. */
  file: string;
  source: string;
}

export function routeModules(): RouteModule[] {
  const modules: RouteModule[] = [];
  for (const entry of fs.readdirSync(ROUTES_DIR, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) {
      const file = ["route.tsx", "route.ts"]
        .map((name) => path.join(ROUTES_DIR, entry.name, name))
        .find((candidate) => fs.existsSync(candidate));
      if (file) modules.push({ name: entry.name, file, source: fs.readFileSync(file, "utf8") });
    } else if (/\.(tsx?|jsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      const file = path.join(ROUTES_DIR, entry.name);
      modules.push({ name: entry.name.replace(/\.(tsx?|jsx?)$/, ""), file, source: fs.readFileSync(file, "utf8") });
    }
  }
  return modules.sort((a, b) => a.name.localeCompare(b.name));
}

/** The source of every TypeScript module under app/ (routes and all), for tests that check what the app's code uses. */
export function appSources(dir = path.resolve("app")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return appSources(file);
    return /\.tsx?$/.test(entry.name) ? [fs.readFileSync(file, "utf8")] : [];
  });
}
