/**
 * `npm run check:layers`: the app's folders in layers, without cycles (README, "Layers").
 *
 * Reads every module under app/ with the TypeScript compiler (static imports, re-exports and
 * `await import()`; type-only imports are ignored: they vanish from the build), groups the modules
 * by their folder directly under app/, and fails on:
 * 1. a base folder (config, db, i18n, utils, security) importing a domain folder;
 * 2. a cycle between folders once the edges in KNOWN_CYCLE_EDGES are taken out;
 * 3. an entry of KNOWN_CYCLE_EDGES that is no longer an edge of a cycle (the list only shrinks);
 * 4. a folder importing app/routes or the app shell, or a module other than entry.server.tsx
 *    importing the job registry.
 * Files directly in app/ (root.tsx, entry.server.tsx, the job registry) are the app shell, the
 * composition root: they and app/routes may import anything and nothing imports them back.
 * tests/unit/layers.test.ts runs the same check in `npm test`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

export const BASE_FOLDERS = ["config", "db", "i18n", "utils", "security"] as const;
/** The files directly in app/: the document, the entries, the composition root. */
export const APP_SHELL = "(app shell)";
const TOP_FOLDERS = new Set<string>([APP_SHELL, "routes"]);
/** The composition root of the jobs: every domain's handlers. */
const JOB_REGISTRY = "job-registry.server.ts";

/** Folder-level edges of cycles we live with for now, "from -> to", each with its reason. */
export const KNOWN_CYCLE_EDGES: readonly string[] = [
  // i18n/react.ts re-exports what every page needs (localePath, useRootData, the error screen) so
  // the browser build puts them in the one file every page loads (issue #17's page weight budget).
  "i18n -> utils",
  // Sign-in creates and reads accounts (users), and the account pages revoke sessions and check
  // codes (auth): one domain in two folders.
  "auth -> users",
  // A paid plan checkout comes back as a wallet payment, which applies the plan's subscription.
  "wallet -> plans",
];

export type ImportEdge = { from: string; to: string; line: number };
export type FolderEdge = { from: string; to: string; sites: string[] };
export type LayerReport = {
  baseViolations: FolderEdge[];
  /** A folder below the top importing routes or the app shell. */
  topViolations: FolderEdge[];
  /** A module of the app other than entry.server.tsx importing the job registry. */
  registryImports: ImportEdge[];
  /** Cycles left once KNOWN_CYCLE_EDGES are taken out. */
  cycles: FolderEdge[][];
  staleKnownEdges: string[];
};

const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The folder directly under app/ that holds a module (path relative to app/). */
export function folderOf(file: string): string {
  const slash = file.indexOf("/");
  return slash === -1 ? APP_SHELL : file.slice(0, slash);
}

function isBase(folder: string): boolean {
  return (BASE_FOLDERS as readonly string[]).includes(folder);
}

/** `{ type A, type B }`: every named binding is a type. */
function allTypes(elements: readonly { isTypeOnly: boolean }[]): boolean {
  return elements.length > 0 && elements.every((element) => element.isTypeOnly);
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    const clause = node.exportClause;
    return node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && allTypes(clause.elements));
  }
  const clause = node.importClause;
  if (!clause) return false; // `import "./side-effect"`
  const bindings = clause.namedBindings;
  return clause.isTypeOnly || (!clause.name && bindings !== undefined && ts.isNamedImports(bindings) && allTypes(bindings.elements));
}

/** The module specifiers a source imports at run time, with their 1-based lines. */
export function runtimeImports(fileName: string, text: string): { specifier: string; line: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: { specifier: string; line: number }[] = [];
  const add = (literal: ts.Expression) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const { line } = source.getLineAndCharacterOfPosition(literal.getStart(source));
    found.push({ specifier: literal.text, line: line + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier && !isTypeOnly(node)) add(node.moduleSpecifier);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
      add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  // Import declarations are top-level statements; `import()` is looked for only where it occurs.
  if (/\bimport\s*\(/.test(text)) visit(source);
  else
    for (const statement of source.statements) if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) visit(statement);
  return found;
}

/** `~/x` or a relative specifier from `from` (both relative to app/) to a module of app/, or null. */
export function resolveSpecifier(from: string, specifier: string, exists: (file: string) => boolean): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = specifier.slice(2);
  else if (specifier.startsWith(".")) target = path.posix.join(path.posix.dirname(from), specifier);
  else return null; // a package
  if (target.startsWith("../")) return null; // outside app/
  const candidates = /\.[cm]?[jt]sx?$/.test(target)
    ? [target.replace(/\.[cm]?js(x?)$/, ".ts$1"), target]
    : EXTENSIONS.map((extension) => target + extension);
  return candidates.find(exists) ?? null;
}

function listModules(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const relative = prefix ? `${prefix}/${name}` : name;
    if (statSync(full).isDirectory()) return listModules(full, relative);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [relative] : [];
  });
}

/** Every run-time import between modules of app/. */
export function readAppImports(appDir: string): ImportEdge[] {
  const exists = (file: string) => existsSync(path.join(appDir, file)) && statSync(path.join(appDir, file)).isFile();
  return listModules(appDir).flatMap((file) =>
    runtimeImports(file, readFileSync(path.join(appDir, file), "utf8")).flatMap(({ specifier, line }) => {
      const to = resolveSpecifier(file, specifier, exists);
      return to ? [{ from: file, to, line }] : [];
    }),
  );
}

/** Tarjan's strongly connected components of a directed graph. */
export function stronglyConnected(nodes: string[], next: (node: string) => string[]): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return components;
}

export const edgeKey = (edge: { from: string; to: string }) => `${edge.from} -> ${edge.to}`;

/** The layer rules over module imports (paths relative to app/). */
export function checkLayers(imports: ImportEdge[], knownCycleEdges: readonly string[] = KNOWN_CYCLE_EDGES): LayerReport {
  const edges = new Map<string, FolderEdge>();
  for (const { from, to, line } of imports) {
    const edge = { from: folderOf(from), to: folderOf(to) };
    if (edge.from === edge.to) continue;
    const key = edgeKey(edge);
    const existing = edges.get(key) ?? { ...edge, sites: [] };
    existing.sites.push(`app/${from}:${line}`);
    edges.set(key, existing);
  }
  const all = [...edges.values()];
  const baseViolations = all.filter((edge) => isBase(edge.from) && !isBase(edge.to) && !TOP_FOLDERS.has(edge.to));
  // Routes and the app shell are the top: no folder below imports them, and of the app, only the
  // server's entry imports the job registry (the worker and tests do too, from outside app/).
  const intoTop = all.filter((edge) => !TOP_FOLDERS.has(edge.from) && TOP_FOLDERS.has(edge.to));
  const registryImports = imports.filter(({ from, to }) => to === JOB_REGISTRY && from !== "entry.server.tsx");
  // Known edges are taken out before looking for cycles: what is left must have none.
  const isKnown = (edge: FolderEdge) => knownCycleEdges.includes(edgeKey(edge));
  const cycles = folderCycles(all.filter((edge) => !isKnown(edge)));
  // A known edge still earns its place only while it closes a cycle of the whole graph.
  const closing = new Set(folderCycles(all).flat().map(edgeKey));
  return {
    baseViolations,
    topViolations: intoTop,
    registryImports,
    cycles,
    staleKnownEdges: knownCycleEdges.filter((key) => !closing.has(key)),
  };
}

/** The cycles between folders: each strongly connected component's edges. */
function folderCycles(edges: FolderEdge[]): FolderEdge[][] {
  const folders = [...new Set(edges.flatMap((edge) => [edge.from, edge.to]))].sort();
  const components = stronglyConnected(folders, (folder) => edges.filter((edge) => edge.from === folder).map((edge) => edge.to)).filter(
    (component) => component.length > 1,
  );
  return components.map((component) => edges.filter((edge) => component.includes(edge.from) && component.includes(edge.to)));
}

export function layerProblems(report: LayerReport): string[] {
  const sites = (edge: FolderEdge) => edge.sites.map((site) => `\n      ${site}`).join("");
  return [
    ...report.baseViolations.map((edge) => `base folder imports a domain: ${edgeKey(edge)}${sites(edge)}`),
    ...report.topViolations.map((edge) => `a folder imports the routes or the app shell: ${edgeKey(edge)}${sites(edge)}`),
    ...report.registryImports.map(
      ({ from, line }) => `only entry.server.tsx imports the job registry: app/${from}:${line} (queue jobs with ~/jobs/jobs.server)`,
    ),
    ...report.cycles.map((cycle) => {
      const members = [...new Set(cycle.map((edge) => edge.from))].sort().join(", ");
      return `cycle between ${members}; its edges:\n` + cycle.map((edge) => `    ${edgeKey(edge)}${sites(edge)}`).join("\n");
    }),
    ...report.staleKnownEdges.map((key) => `KNOWN_CYCLE_EDGES lists "${key}", which is no longer an edge of a cycle: remove it`),
  ];
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const appDir = path.resolve(import.meta.dirname, "..", "app");
  const problems = layerProblems(checkLayers(readAppImports(appDir)));
  if (problems.length > 0) {
    console.error(problems.join("\n\n"));
    process.exit(1);
  }
  console.log(`Layers: no base folder imports a domain; no cycle beyond ${KNOWN_CYCLE_EDGES.length} known edge(s).`);
}
