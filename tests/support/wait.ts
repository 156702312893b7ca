/** Polling waits for tests of background work: check often, give up with a clear message. */

export type Truthy<T> = Exclude<T, false | 0 | "" | null | undefined>;

/** Resolves with the first truthy value of `check`, tried every `intervalMs`; rejects after `timeoutMs`. */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  options: { timeoutMs?: number; intervalMs?: number; message?: string } = {},
): Promise<Truthy<T>> {
  const { timeoutMs = 5_000, intervalMs = 20, message = "condition" } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() >= deadline) throw new Error(`waitUntil: ${message} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A promise with its resolver outside: holds a handler until the test lets it go. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
