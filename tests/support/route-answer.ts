/**
 * What a route's loader or action answered, however it answered: thrown or returned, a Response
 * (redirects, files) or Remix's `data(…)`. For database suites that call route modules directly.
 */
export interface RouteAnswer {
  status: number;
  location: string | null;
  /** The `data(…)` payload; an image response's bytes; null for other responses. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read into payloads of many shapes
  body: any;
  headers: Headers;
  response: Response | null;
}

export async function answer(run: () => Promise<unknown>): Promise<RouteAnswer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const type = result.headers.get("Content-Type") ?? "";
    const body = type.startsWith("image/") ? new Uint8Array(await result.arrayBuffer()) : null;
    return { status: result.status, location: result.headers.get("Location"), body, headers: result.headers, response: result };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data: body, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, body, headers: new Headers(init?.headers), response: null };
  }
  if (result instanceof Error) throw result;
  return { status: 200, location: null, body: result, headers: new Headers(), response: null };
}

/** A form answer's messages per field ("" for the form's own), in the words `t` gives them (`{{minutes}}` from the answer's wait). */
export function formMessages(reply: RouteAnswer, t: (key: string, values: Record<string, unknown>) => string): Record<string, string[]> {
  const error = (reply.body?.result?.error ?? {}) as Record<string, string[] | null>;
  const values = { minutes: reply.body?.wait ?? 1 };
  return Object.fromEntries(
    Object.entries(error)
      .filter(([, keys]) => keys?.length)
      .map(([field, keys]) => [field, keys!.map((key) => t(key, values))]),
  );
}

/** What a form answer gives back to show in its fields (what was typed). */
export function typedValues(reply: RouteAnswer): Record<string, unknown> {
  return (reply.body?.result?.initialValue ?? {}) as Record<string, unknown>;
}
