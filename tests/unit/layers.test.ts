/**
 * The app's folders in layers (README, "Layers"): the same check as `npm run check:layers`, and the
 * checker itself on small made-up graphs, so a checker that finds nothing cannot pass.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkLayers,
  folderOf,
  layerProblems,
  readAppImports,
  resolveSpecifier,
  runtimeImports,
  type ImportEdge,
} from "../../scripts/check-layers";

const edge = (from: string, to: string, line = 1): ImportEdge => ({ from, to, line });

describe("the app's layers", () => {
  it("has no base folder importing a domain and no cycle beyond the known edges", () => {
    const imports = readAppImports(path.resolve(import.meta.dirname, "../../app"));
    // Sanity: the reader sees the app's imports (hundreds of modules, thousands of imports).
    expect(imports.length).toBeGreaterThan(1000);
    expect(imports).toContainEqual(expect.objectContaining({ from: "entry.server.tsx", to: "job-registry.server.ts" }));
    expect(layerProblems(checkLayers(imports))).toEqual([]);
  }, 120_000);
});

describe("the layer checker", () => {
  it("reads static imports, re-exports and dynamic imports, and ignores type-only ones", () => {
    const source = [
      'import { a } from "~/ads/a";',
      'import type { B } from "~/ads/b";',
      'import { type C, type D } from "~/ads/c";',
      'import { type E, e } from "~/ads/e";',
      'export { f } from "./f";',
      'export type { G } from "./g";',
      'export * from "./h";',
      'import "./side-effect";',
      'type I = import("./i").I;',
      'async function later() { return await import("~/wallet/j"); }',
    ].join("\n");
    expect(runtimeImports("x.ts", source)).toEqual([
      { specifier: "~/ads/a", line: 1 },
      { specifier: "~/ads/e", line: 4 },
      { specifier: "./f", line: 5 },
      { specifier: "./h", line: 7 },
      { specifier: "./side-effect", line: 8 },
      { specifier: "~/wallet/j", line: 10 },
    ]);
  });

  it("resolves ~/ and relative specifiers to modules of app/, and leaves packages out", () => {
    const files = new Set(["ads/a.ts", "ads/reports/index.ts", "components/button.tsx"]);
    const exists = (file: string) => files.has(file);
    expect(resolveSpecifier("wallet/x.ts", "~/ads/a", exists)).toBe("ads/a.ts");
    expect(resolveSpecifier("ads/b.ts", "./reports", exists)).toBe("ads/reports/index.ts");
    expect(resolveSpecifier("ads/reports/c.ts", "../../components/button", exists)).toBe("components/button.tsx");
    expect(resolveSpecifier("ads/b.ts", "zod", exists)).toBeNull();
    expect(folderOf("root.tsx")).toBe("(app shell)");
    expect(folderOf("ads/reports/c.ts")).toBe("ads");
  });

  it("finds a cycle between folders, with the file and line of each edge", () => {
    const report = checkLayers(
      [edge("ads/a.ts", "wallet/w.ts", 3), edge("wallet/w.ts", "plans/p.ts", 7), edge("plans/p.ts", "ads/b.ts", 9)],
      [],
    );
    expect(report.cycles).toHaveLength(1);
    expect(report.cycles[0]!.map((found) => `${found.from}->${found.to}`).sort()).toEqual(["ads->wallet", "plans->ads", "wallet->plans"]);
    const problems = layerProblems(report).join("\n");
    expect(problems).toContain("cycle between ads, plans, wallet");
    expect(problems).toContain("app/plans/p.ts:9");
  });

  it("passes a graph in layers, and a cycle closed by a known edge", () => {
    const layered = [edge("ads/a.ts", "wallet/w.ts"), edge("wallet/w.ts", "db/db.ts"), edge("routes/r.tsx", "ads/a.ts")];
    expect(layerProblems(checkLayers(layered, []))).toEqual([]);
    const cycle = [...layered, edge("wallet/w.ts", "ads/b.ts")];
    expect(layerProblems(checkLayers(cycle, ["wallet -> ads"]))).toEqual([]);
  });

  it("reports a base folder importing a domain, and a folder importing the app shell", () => {
    const report = checkLayers([edge("utils/u.ts", "auth/guards.ts", 4), edge("ads/a.ts", "root.tsx", 2)], []);
    expect(layerProblems(report)).toEqual([
      "base folder imports a domain: utils -> auth\n      app/utils/u.ts:4",
      "a folder imports the routes or the app shell: ads -> (app shell)\n      app/ads/a.ts:2",
    ]);
  });

  it("reports a module of the app other than the server's entry importing the job registry", () => {
    const report = checkLayers([edge("entry.server.tsx", "job-registry.server.ts"), edge("routes/r.tsx", "job-registry.server.ts", 5)], []);
    expect(layerProblems(report)).toEqual([
      "only entry.server.tsx imports the job registry: app/routes/r.tsx:5 (queue jobs with ~/jobs/jobs.server)",
    ]);
  });

  it("reports a known cycle edge that no longer closes a cycle, so the list only shrinks", () => {
    const report = checkLayers([edge("wallet/w.ts", "ads/a.ts")], ["wallet -> ads", "auth -> users"]);
    expect(report.staleKnownEdges).toEqual(["wallet -> ads", "auth -> users"]);
    expect(layerProblems(report)).toHaveLength(2);
  });
});
