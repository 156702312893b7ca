/**
 * The honeypot of public forms (contact, newsletter). Two fields must come back: `website`, a
 * hidden field people never see and must stay empty, and `formToken`, a signed timestamp issued
 * when the page was rendered. A post that fills the trap, lacks either field, or carries a forged
 * or day-old token was not sent by a person using our page, and is refused without a trace.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/config/env.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "./honeypot";

const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function sign(value: string, secret: string): string {
  return createHmac("sha256", secret).update(`honeypot:${value}`).digest("base64url");
}

/** A fresh token for a form being rendered now. */
export function issueFormToken(now = Date.now(), secrets = env().sessionSecrets): string {
  const stamp = String(now);
  return `${stamp}.${sign(stamp, secrets[0]!)}`;
}

export type HoneypotVerdict = "ok" | "missing-fields" | "trap-filled" | "bad-token";

export function checkHoneypot(formData: FormData, now = Date.now(), secrets = env().sessionSecrets): HoneypotVerdict {
  const trap = formData.get(HONEYPOT_FIELD);
  const token = formData.get(FORM_TOKEN_FIELD);
  if (typeof trap !== "string" || typeof token !== "string") return "missing-fields";
  if (trap !== "") return "trap-filled";
  const [stamp, signature] = token.split(".");
  if (!stamp || !signature || !/^\d+$/.test(stamp)) return "bad-token";
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(sign(stamp, secret));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return "bad-token";
  const age = now - Number(stamp);
  if (age < 0 || age > MAX_AGE_MS) return "bad-token";
  return "ok";
}
