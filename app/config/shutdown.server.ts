/**
 * Graceful shutdown of a process's resources: the modules that open something long-lived (the job
 * runner, the shared database connection) register how to close it here; on SIGTERM/SIGINT the
 * process (the app server through scripts/server-guard.cjs, `npm run worker`) stops taking work and
 * runs `runShutdownHooks`: the job runner first (it still uses the database), then the database.
 *
 * The hooks live on `globalThis` under `Symbol.for("cashwise.shutdown")` so the server guard, a
 * CommonJS preload outside the app's build, can call them.
 */

type Hook = { order: number; run: () => Promise<void> };

/** Hook orders: lower runs first. */
export const SHUTDOWN_ORDER = { jobs: 10, database: 20 } as const;

const HOOKS = Symbol.for("cashwise.shutdownHooks");
const RUN = Symbol.for("cashwise.shutdown");

type GlobalWithHooks = typeof globalThis & {
  [HOOKS]?: Map<string, Hook>;
  [RUN]?: () => Promise<void>;
};
const global = globalThis as GlobalWithHooks;

function hooks(): Map<string, Hook> {
  global[HOOKS] ??= new Map();
  global[RUN] ??= runShutdownHooks;
  return global[HOOKS];
}

/** Registers (or replaces) the hook called `name`. */
export function onShutdown(name: string, order: number, run: () => Promise<void>): void {
  hooks().set(name, { order, run });
}

export function offShutdown(name: string): void {
  hooks().delete(name);
}

/** Runs every hook once, in order; a failing hook is logged and the next one still runs. */
export async function runShutdownHooks(): Promise<void> {
  const all = [...hooks()].sort(([, a], [, b]) => a.order - b.order);
  hooks().clear();
  for (const [name, hook] of all) {
    try {
      await hook.run();
    } catch (error) {
      console.error(`shutdown: ${name} did not close cleanly`, error);
    }
  }
}
