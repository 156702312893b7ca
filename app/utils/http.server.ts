/**
 * The one way routes answer "not found" and "done, now go there": `notFound()` (one 404 body,
 * `{ error: "not_found" }`, with the security headers so that resource routes carry them too;
 * entry.server sets the document's own, with its nonce, on pages), `invariantResponse` to throw it
 * (or another answer) unless a condition holds, `notFoundPage` for the pages that render their
 * translated not-found screen with status 404, and `redirectWithFlash` for post/redirect/get with
 * a one-time message.
 */
import { data, redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { withSecurityHeaders } from "~/security/headers.server";
import { setFlash, takeNotice, type Flash } from "~/utils/flash.server";
import { pageMeta } from "~/utils/meta.server";

export const NOT_FOUND = { error: "not_found" } as const;

/** The one 404 answer (to throw from a loader or an action); `headers` adds to the security headers. */
export function notFound(headers?: HeadersInit): Response {
  const all = withSecurityHeaders(headers);
  all.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(NOT_FOUND), { status: 404, headers: all });
}

/**
 * Throws `answer()` (a 404 unless told otherwise) when `condition` is falsy; narrows it after
 * (Epic Stack style: `invariantResponse(user, () => notFound())`).
 */
export function invariantResponse(condition: unknown, answer: () => unknown = notFound): asserts condition {
  if (!condition) throw answer();
}

/** `work`'s value, or the 404 answer thrown when it fails with one of `missing` (a domain's "not found" errors). */
export async function orNotFound<T>(work: Promise<T>, ...missing: Array<abstract new (...args: never[]) => Error>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (missing.some((type) => error instanceof type)) throw notFound();
    throw error;
  }
}

/** A page's translated not-found screen (`common:notFound` as its title) with status 404: `fields` are the page's empty data. */
export async function notFoundPage<T extends Record<string, unknown>>(params: Params, fields: T) {
  return data({ ...fields, meta: await pageMeta(params, "common", "notFound") }, { status: 404 });
}

/**
 * A page's loader answer: its translated title and description (`meta` from `<ns>:<key>`), the
 * one-time notice the last redirect left (`notice`, with the header that clears it) and the page's
 * own `fields`.
 */
export async function pageWithNotice<T extends Record<string, unknown>>(
  request: Request,
  params: Params,
  [ns, key]: [string, string],
  fields: T,
) {
  const { notice, headers } = await takeNotice(request);
  return data({ meta: await pageMeta(params, ns, key), notice, ...fields }, { headers });
}

/** A redirect that sets a one-time message for the next page (`headers` are added, e.g. other cookies). */
export async function redirectWithFlash(to: string, flash: Flash, headers?: HeadersInit): Promise<Response> {
  const all = new Headers(headers);
  all.append("Set-Cookie", await setFlash(flash));
  return redirect(to, { headers: all });
}

/**
 * The form's `intent`, one of the page's `intents`; otherwise `fallback` where one is given (a form
 * without JavaScript sends no intent for its default button), else null, which the route answers
 * 400 as it always did. A list, not a zod schema, so that route modules need not import zod (the
 * browser build would then load it on every page: issue #17's weight budget).
 */
export function formIntent<const T extends readonly [string, ...string[]]>(
  form: FormData,
  intents: T,
  fallback?: T[number],
): T[number] | null {
  const value = form.get("intent");
  if (typeof value === "string" && (intents as readonly string[]).includes(value)) return value as T[number];
  return fallback ?? null;
}
