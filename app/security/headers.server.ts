/**
 * Security headers: owns the headers every response carries (a nonce-based Content-Security-
 * Policy, nosniff, Referrer-Policy, frame denial, HSTS over https). entry.server applies them to
 * documents and data requests; resource routes and redirects made by our own code call
 * `withSecurityHeaders` themselves (remix-serve offers no middleware for them).
 */
import { randomBytes } from "node:crypto";
import { env, isHttps } from "~/config/env.server";

let formActionOrigins: string[] | undefined;
let signInOrigins: string[] = [];

/**
 * The configured social sign-in providers' origins, where a sign-in form post continues by
 * redirect: handed in by the app shell (entry.server.tsx), as this base module knows no auth.
 */
export function allowSignInFormTargets(origins: string[]): void {
  signInOrigins = origins;
  formActionOrigins = undefined;
}

/** Where a form post may continue by redirect: configured sign-in providers and Stripe Checkout. */
function allowedFormTargets(): string[] {
  const targets = [...signInOrigins];
  if (env().payments.provider === "stripe") targets.push("https://checkout.stripe.com");
  return targets;
}

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The policy of a document: with its per-request `nonce`, or, for a stored page (the page cache),
 * with the `hashes` of its inline scripts and styles and script files from this origin only.
 */
export function contentSecurityPolicy(
  source: string | { hashes: { scripts: string[]; styles: string[] } } | undefined,
  https: boolean,
): string {
  const nonce = typeof source === "string" ? source : undefined;
  const hashes = typeof source === "object" ? source.hashes : undefined;
  const directives = [
    "default-src 'self'",
    nonce
      ? `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`
      : hashes
        ? ["script-src 'self'", ...hashes.scripts].join(" ")
        : "script-src 'self'",
    // Styles come from our own stylesheet (inline with the document's nonce, or its hash, on a
    // first visit); React style attributes are applied through the DOM.
    nonce ? `style-src 'self' 'nonce-${nonce}'` : hashes ? ["style-src 'self'", ...hashes.styles].join(" ") : "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...(formActionOrigins ??= allowedFormTargets())].join(" "),
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export function securityHeaders(options: { nonce?: string; https?: boolean } = {}): Record<string, string> {
  const https = options.https ?? isHttps();
  return {
    "Content-Security-Policy": contentSecurityPolicy(options.nonce, https),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Sets the security headers on `headers` (keeping any the route set itself). */
export function applySecurityHeaders(headers: Headers, options: { nonce?: string } = {}): Headers {
  for (const [name, value] of Object.entries(securityHeaders(options))) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return headers;
}

export function withSecurityHeaders(init: HeadersInit = {}): Headers {
  return applySecurityHeaders(new Headers(init));
}
