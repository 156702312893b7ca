/**
 * The request scope: what several loaders of one page need (the signed-in session) is computed once
 * per HTTP request and shared. The server guard (scripts/server-guard.cjs) runs every request in
 * its own AsyncLocalStorage store; without it (tests calling loaders, scripts) nothing is shared.
 * Only reads are shared: a POST computes afresh, since its action may change what a loader reads.
 * The guard puts the request's method in the scope (`method`) for what has no Request at hand.
 */
import type { AsyncLocalStorage } from "node:async_hooks";

const SCOPE = Symbol.for("cashwise.requestScope");

function currentScope(): Map<string, unknown> | undefined {
  const storage = (globalThis as { [SCOPE]?: AsyncLocalStorage<Map<string, unknown>> })[SCOPE];
  return storage?.getStore();
}

/** `compute()` once per GET/HEAD request and key; the cookie is part of the key. */
export function oncePerRequest<T>(request: Request, key: string, compute: () => Promise<T>): Promise<T> {
  const scope = request.method === "GET" || request.method === "HEAD" ? currentScope() : undefined;
  if (!scope) return compute();
  return remembered(scope, `${key}\n${request.headers.get("Cookie") ?? ""}`, compute);
}

/** The scope's promise under `key`, computed by the first caller; a failure is not kept: the next caller tries again. */
function remembered<T>(scope: Map<string, unknown>, key: string, compute: () => Promise<T>): Promise<T> {
  let value = scope.get(key) as Promise<T> | undefined;
  if (!value) {
    value = compute();
    scope.set(key, value);
    value.catch(() => scope.delete(key));
  }
  return value;
}

/**
 * `compute()` once per GET/HEAD request and key, for what reads the same for everyone (the
 * settings); afresh in any other request or outside one (jobs, scripts, tests).
 */
export function oncePerPageRead<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const scope = currentScope();
  const method = scope?.get("method");
  if (!scope || (method !== "GET" && method !== "HEAD")) return compute();
  return remembered(scope, `read:${key}`, compute);
}

/** A value the server put in this request's scope before Remix ran (the page cache's miss), if any. */
export function requestScopeValue<T>(name: string): T | undefined {
  return currentScope()?.get(`value:${name}`) as T | undefined;
}

export function setRequestScopeValue(name: string, value: unknown): void {
  currentScope()?.set(`value:${name}`, value);
}
