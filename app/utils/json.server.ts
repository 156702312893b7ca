/**
 * The JSON API's one error shape and body parsing: every error is `{ "code", "message" }` with a
 * 4xx status (and `fields` for validation errors); messages are translated into the caller's
 * language (Accept-Language); a body that is not JSON is a 400, never a 500.
 */
import { type z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { detectLocale } from "~/i18n/locale.server";
import { fixedT } from "~/i18n/translator.server";
import { withSecurityHeaders } from "~/security/headers.server";

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const all = withSecurityHeaders(headers);
  all.set("Content-Type", "application/json; charset=utf-8");
  all.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: all });
}

export async function apiLocale(request: Request): Promise<Locale> {
  return request.headers.has("Accept-Language")
    ? detectLocale(new Request(request.url, { headers: { "Accept-Language": request.headers.get("Accept-Language")! } }))
    : DEFAULT_LOCALE;
}

/** A translated error response; `key` is a translation key (`ns:key`). */
export function apiError(
  locale: Locale,
  status: number,
  code: string,
  key: string,
  extra: Record<string, unknown> = {},
  values: Record<string, unknown> = {},
): Response {
  const t = fixedT(locale, ["common", "auth"]);
  return json({ code, message: t(key, values), ...extra }, status);
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

export async function readJson<S extends z.ZodTypeAny>(request: Request, schema: S, locale: Locale): Promise<Parsed<z.infer<S>>> {
  const contentType = request.headers.get("Content-Type") ?? "";
  let body: unknown;
  try {
    const text = await request.text();
    body = JSON.parse(text);
  } catch {
    return { ok: false, response: apiError(locale, 400, "malformed_json", "auth:api.malformedJson") };
  }
  if (!contentType.includes("json") && contentType !== "") {
    return { ok: false, response: apiError(locale, 415, "unsupported_media_type", "auth:api.unsupportedMediaType") };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, response: apiError(locale, 400, "malformed_json", "auth:api.malformedJson") };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const t = fixedT(locale, ["common", "auth"]);
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join(".") || "body";
      (fields[field] ??= []).push(t(issue.message));
    }
    const first = parsed.error.issues[0]!;
    return { ok: false, response: json({ code: "validation_failed", message: t(first.message), fields }, 422) };
  }
  return { ok: true, value: parsed.data };
}

export async function methodNotAllowed(request: Request, allowed: string): Promise<Response> {
  const response = apiError(await apiLocale(request), 405, "method_not_allowed", "auth:api.methodNotAllowed", {}, { method: allowed });
  response.headers.set("Allow", allowed);
  return response;
}
