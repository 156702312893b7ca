/**
 * Reading an action's form: the one place a request body becomes FormData. A body that is not a
 * readable form (broken multipart, a form declared but JSON sent) or a value with a NUL byte
 * (which PostgreSQL refuses in text) is answered 400 with the translated "bad request" screen,
 * never a 500, and nothing changes.
 */
import { data } from "@remix-run/node";

export function badRequest(): never {
  throw data({ error: "bad_request" }, { status: 400 });
}

export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    badRequest();
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) badRequest();
  }
  return form;
}
