/**
 * Preloaded into the server process (`node --require ./scripts/server-guard.cjs …remix-serve`),
 * in front of every request, because remix-serve offers no middleware:
 *
 * 1. Records the TCP peer's address in the `x-cashwise-peer-address` request header (replacing
 *    whatever a client sent under that name); remix-serve's Request does not carry it, and rate
 *    limits need it (app/security/client-address.server.ts).
 * 2. Refuses cross-site state-changing requests (POST, PUT, PATCH, DELETE whose `Origin` is not
 *    this site, or that a browser marks `Sec-Fetch-Site: cross-site`) with 403, before Remix or
 *    any action runs. Requests without those headers are not browser form posts (webhooks, the
 *    mobile apps) and pass. Actions also call `requireSameOrigin` as a second line.
 */
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");

const PEER_HEADER = "x-cashwise-peer-address";
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const LOCALES = ["en", "nl", "fr", "es", "de"];

function appOrigin() {
  const port = process.env.PORT || "3000";
  try {
    return new URL(process.env.APP_URL || `http://localhost:${port}`).origin;
  } catch {
    return null;
  }
}

function isCrossSite(request) {
  const origin = request.headers.origin;
  if (typeof origin === "string") {
    if (origin === "null") return true;
    if (origin === appOrigin()) return false;
    let originHost;
    try {
      originHost = new URL(origin).host;
    } catch {
      return true;
    }
    const forwardedHost = String(request.headers["x-forwarded-host"] || "").split(",")[0].trim();
    const host = forwardedHost || request.headers.host;
    return originHost !== host;
  }
  const site = request.headers["sec-fetch-site"];
  return typeof site === "string" && site !== "same-origin" && site !== "none";
}

const forbiddenPages = new Map();
function forbiddenPage(url) {
  const segment = (url || "/").split("?")[0].split("/")[1];
  const locale = LOCALES.includes(segment) ? segment : "en";
  if (!forbiddenPages.has(locale)) {
    let title = "Request refused";
    let text = "This request did not come from a Cashwise page, so nothing was changed.";
    try {
      const common = JSON.parse(fs.readFileSync(path.resolve("locales", locale, "common.json"), "utf8"));
      title = common.errors.forbidden.title;
      text = common.errors.forbidden.text;
    } catch {
      // keep the English words
    }
    const escape = (value) =>
      value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    forbiddenPages.set(
      locale,
      `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><title>403 · ${escape(title)}</title></head>` +
        `<body><main><h1>${escape(title)}</h1><p>${escape(text)}</p></main></body></html>`,
    );
  }
  return forbiddenPages.get(locale);
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function guardedEmit(event, request, response, ...rest) {
  if (event === "request" && request && request.headers) {
    request.headers[PEER_HEADER] = (request.socket && request.socket.remoteAddress) || "";
    if (UNSAFE_METHODS.has(request.method) && isCrossSite(request)) {
      response.writeHead(403, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "DENY",
      });
      response.end(forbiddenPage(request.url));
      request.resume();
      return true;
    }
  }
  return emit.call(this, event, request, response, ...rest);
};
