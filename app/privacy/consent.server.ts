/**
 * Cookie consent: owns the visitor's choice of optional cookies (analytics, marketing; functional
 * cookies are always on), kept in the `consent` cookie for a year. Nothing optional may be set
 * before a choice says so.
 */
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { isHttps } from "~/config/env.server";

export interface Consent {
  functional: true;
  analytics: boolean;
  marketing: boolean;
  decidedAt: string;
}

const consentCookie = createCookie("consent", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

const StoredConsent = z.object({ analytics: z.boolean(), marketing: z.boolean(), decidedAt: z.string() });

export async function readConsent(request: Request): Promise<Consent | null> {
  const parsed = StoredConsent.safeParse(await consentCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? { functional: true, ...parsed.data } : null;
}

export async function serializeConsent(choice: { analytics: boolean; marketing: boolean }): Promise<string> {
  const value = { analytics: choice.analytics, marketing: choice.marketing, decidedAt: new Date().toISOString() };
  return consentCookie.serialize(value, { secure: isHttps() });
}

/** The form: `intent` is all, necessary or custom; custom reads the two checkboxes. */
export const ConsentFormSchema = z.object({
  intent: z.enum(["all", "necessary", "custom"]),
  analytics: z.literal("on").optional(),
  marketing: z.literal("on").optional(),
  redirectTo: z.string().optional(),
});

export function choiceFromForm(form: z.infer<typeof ConsentFormSchema>): { analytics: boolean; marketing: boolean } {
  if (form.intent === "all") return { analytics: true, marketing: true };
  if (form.intent === "necessary") return { analytics: false, marketing: false };
  return { analytics: form.analytics === "on", marketing: form.marketing === "on" };
}
