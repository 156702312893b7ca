/**
 * The request scope (app/utils/request-scope.server.ts): what a page's loaders share is computed
 * once per GET or HEAD request, afresh in a POST (its action may change it) and outside a request.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { expect, it } from "vitest";
import { oncePerPageRead, oncePerRequest } from "~/utils/request-scope.server";

const SCOPE = Symbol.for("cashwise.requestScope");
const scopes = ((globalThis as { [SCOPE]?: AsyncLocalStorage<Map<string, unknown>> })[SCOPE] ??= new AsyncLocalStorage());

/** Reads `key` three times through `read` and answers how many times it was computed. */
async function computations(read: (compute: () => Promise<number>) => Promise<number>): Promise<number> {
  let count = 0;
  const compute = async () => ++count;
  for (let i = 0; i < 3; i++) await read(compute);
  return count;
}

it("a page read is computed once in a GET or HEAD request, each time in a POST and outside a request", async () => {
  const pageRead = (compute: () => Promise<number>) => oncePerPageRead("settings", compute);
  // The server guard puts the request's method in the scope.
  expect(await scopes.run(new Map([["method", "GET"]]), () => computations(pageRead))).toBe(1);
  expect(await scopes.run(new Map([["method", "HEAD"]]), () => computations(pageRead))).toBe(1);
  expect(await scopes.run(new Map([["method", "POST"]]), () => computations(pageRead))).toBe(3);
  expect(await computations(pageRead)).toBe(3);
});

it("a failed page read is not kept: the next reader tries again", async () => {
  let attempts = 0;
  const flaky = () => (++attempts === 1 ? Promise.reject(new Error("busy")) : Promise.resolve(attempts));
  await scopes.run(new Map([["method", "GET"]]), async () => {
    await expect(oncePerPageRead("flaky", flaky)).rejects.toThrow("busy");
    expect(await oncePerPageRead("flaky", flaky)).toBe(2);
    expect(await oncePerPageRead("flaky", flaky)).toBe(2);
  });
});

it("the session is read once per GET request and cookie", async () => {
  const get = (cookie: string) => new Request("http://localhost/en/dashboard", { headers: { Cookie: cookie } });
  const post = new Request("http://localhost/en/dashboard", { method: "POST", headers: { Cookie: "s=1" } });
  await scopes.run(new Map([["method", "GET"]]), async () => {
    expect(await computations((compute) => oncePerRequest(get("s=1"), "session", compute))).toBe(1);
    expect(await computations((compute) => oncePerRequest(get("s=2"), "session", compute))).toBe(1);
    expect(await computations((compute) => oncePerRequest(post, "session", compute))).toBe(3);
  });
});
