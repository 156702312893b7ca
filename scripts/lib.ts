/** Small helpers shared by the command-line scripts. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const BUILD_ENTRY = path.resolve("build/index.js");
const BUILD_INPUTS = ["app", "remix.config.js", "tailwind.config.ts", "package-lock.json"];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when there is no build or a source file changed after it was made. */
export function buildIsStale(): boolean {
  if (!fs.existsSync(BUILD_ENTRY)) return true;
  const built = fs.statSync(BUILD_ENTRY).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.resolve(input)) > built);
}

export function parseArgs(argv: string[]): Record<string, string | true> {
  const args: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) continue;
    const [key, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    if (inline !== undefined) args[key] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith("--")) args[key] = argv[++i]!;
    else args[key] = true;
  }
  return args;
}

/** How every script starts the built server: remix-serve, with the server-guard preload (peer address, cross-site refusal). */
export function serverCommand(): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [
      "--require",
      path.resolve("scripts/server-guard.cjs"),
      path.resolve("node_modules/@remix-run/serve/dist/cli.js"),
      "./build/index.js",
    ],
  };
}

/**
 * The built server started as `serverCommand` says, with `env` over ours. Its stdout is dropped;
 * its stderr goes on to ours, but for the "undefined" remix-serve prints on a clean shutdown
 * (`server.close(console.error)` is handed no error). `nodeArgs` go to Node before the script.
 */
export function spawnServer(env: Record<string, string | undefined>, nodeArgs: string[] = []): ChildProcess {
  const { command, args } = serverCommand();
  const server = spawn(command, [...nodeArgs, ...args], { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } });
  server.stderr!.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (!/^(\s*undefined\s*)+$/.test(text)) process.stderr.write(text);
  });
  return server;
}

/** `spawnServer` as the benchmarks run it: the production build as a test deployment on `port` and `databaseUrl`, `env` over that. */
export function spawnBenchServer(
  { port, databaseUrl, sessionSecret }: { port: number; databaseUrl: string; sessionSecret: string },
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): ChildProcess {
  return spawnServer(
    { NODE_ENV: "production", APP_ENV: "test", PORT: String(port), DATABASE_URL: databaseUrl, SESSION_SECRET: sessionSecret, ...env },
    nodeArgs,
  );
}
