/**
 * Preloaded into the server process (`node --require ./scripts/server-guard.cjs …remix-serve`),
 * in front of every request, because remix-serve offers no middleware:
 *
 * 1. Records the TCP peer's address in the `x-cashwise-peer-address` request header (replacing
 *    whatever a client sent under that name); remix-serve's Request does not carry it, and rate
 *    limits need it (app/security/client-address.server.ts). It also says it is loaded
 *    (`CASHWISE_SERVER_GUARD=1`): production refuses to serve without it.
 * 2. Refuses cross-site state-changing requests (POST, PUT, PATCH, DELETE whose `Origin` is not
 *    this site, or that a browser marks `Sec-Fetch-Site: cross-site`) with 403, before Remix or
 *    any action runs. Requests without those headers are not browser form posts (webhooks, the
 *    mobile apps) and pass. Actions also call `requireSameOrigin` as a second line.
 * 3. Refuses, before any byte of the body is buffered: a body larger than its route allows (413;
 *    the table LIMITS below: 24 MB for ad exports, 6 MB for network transaction reports, 2 MB for
 *    the profile picture and a store's logo, 1 MB for the ad reports' logo, 512 KB for payment
 *    webhooks, 64 KB for everything else), a chunked body without a declared length (411), a form post that is not a form (415), a URL with a NUL
 *    byte (400), a post from this site's own pages sent to another host (421), and answers an
 *    OPTIONS preflight without granting anything (204). Slow clients are cut off (timeouts).
 * 4. Drops `X-Forwarded-Host` unless TRUST_PROXY says a proxy in front sets it.
 * 5. Runs each request in its own request scope (an AsyncLocalStorage store, found by the app
 *    under `Symbol.for("cashwise.requestScope")`), so what every loader of one page needs (the
 *    session) is read once per request (app/utils/request-scope.server.ts).
 * 6. Answers a GET or HEAD from the page cache when the app has one for it (signed-out visitors
 *    of public pages: app/page-cache.server.ts), before Remix runs.
 * 7. Answers a method the app does not serve (TRACE, PROPFIND, …: anything but GET, HEAD, POST,
 *    PUT, PATCH, DELETE and OPTIONS) with 405 and an `Allow` header, on every path, before Remix
 *    (whose Request refuses TRACE outright: that was a 500).
 * 8. Shuts down gracefully on SIGTERM/SIGINT: the listener closes (remix-serve's own handler), idle
 *    keep-alive connections are closed at once and busy ones after their answer (`Connection:
 *    close`), then the app's shutdown hooks run (the job runner stops, the database pool closes:
 *    app/config/shutdown.server.ts) and the process exits 0; after 9 s it exits 1 whatever still
 *    runs. A second signal exits at once.
 *
 * 9. Teaches the static file server AVIF's content type (the home page's screenshot).
 *
 * Pages are in the URL's language (from locales/<lng>/common.json), API paths get JSON.
 */
const { AsyncLocalStorage } = require("node:async_hooks");
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");

const PEER_HEADER = "x-cashwise-peer-address";
const PAGE_CACHE = Symbol.for("cashwise.pageCache");
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const LOCALES = ["en", "nl", "fr", "es", "de"];
const KB = 1024;
const LIMITS = [
  // [path pattern, largest body in bytes]
  // The profile picture form (pictures up to 1 MB; up to 2 MB still gets the page's own message).
  [/^(\/[a-z]{2})?\/profile\/avatar(\.data)?(\?|$)/, 2 * 1024 * KB],
  // A store's logo in the back office (likewise up to 1 MB; 2 MB gets the page's message).
  [/^(\/[a-z]{2})?\/admin\/stores\/[^/?]+\/logo(\.data)?(\?|$)/, 2 * 1024 * KB],
  [/^\/api\/webhooks\//, 512 * KB],
  // Ad exports (files up to 20 MB; a little more still gets the page's own message).
  [/^\/[a-z]{2}\/ads\/import(\.data)?(\?|$)/, 24 * 1024 * KB],
  // Network transaction reports in the back office (up to 5 MB; likewise).
  [/^\/[a-z]{2}\/admin\/conversions\/import(\.data)?(\?|$)/, 6 * 1024 * KB],
  // The report branding's logo (up to 512 KB; up to 1 MB still gets the page's own message).
  [/^(\/[a-z]{2})?\/ads\/reports\/logo(\.data)?(\?|$)/, 1024 * KB],
];
const DEFAULT_LIMIT = 64 * KB;
/** The methods the app serves; anything else is 405 with this list as `Allow`. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ALLOW = "GET, HEAD, POST";
/** After a stop signal the process exits within this, cleanly or not. */
const SHUTDOWN_DEADLINE_MS = 9_000;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

process.env.CASHWISE_SERVER_GUARD = "1";

// remix-serve's static files go through `send`, whose MIME table (mime 1.x) predates AVIF: the home
// page's AVIF screenshots would go out as application/octet-stream.
try {
  const send = require(require.resolve("send", { paths: [require.resolve("serve-static", { paths: [require.resolve("express")] })] }));
  send.mime.define({ "image/avif": ["avif"] }, true);
} catch {
  // no express beside us (a test requiring this file alone): nothing to teach
}

const requestScope = new AsyncLocalStorage();
globalThis[Symbol.for("cashwise.requestScope")] = requestScope;

function appUrl() {
  const port = process.env.PORT || "3000";
  try {
    return new URL(process.env.APP_URL || `http://localhost:${port}`);
  } catch {
    return null;
  }
}

const trustProxy = () => Number(process.env.TRUST_PROXY || "0") > 0;

function isCrossSite(request) {
  const origin = request.headers.origin;
  if (typeof origin === "string") {
    if (origin === "null") return true;
    if (origin === appUrl()?.origin) return false;
    let originHost;
    try {
      originHost = new URL(origin).host;
    } catch {
      return true;
    }
    return originHost !== requestHost(request);
  }
  const site = request.headers["sec-fetch-site"];
  return typeof site === "string" && site !== "same-origin" && site !== "none";
}

/** A post from this site's own pages (Origin is APP_URL) that reached us under another host name. */
function isMisdirected(request) {
  const url = appUrl();
  if (!url || request.headers.origin !== url.origin) return false;
  const host = requestHost(request);
  return typeof host === "string" && host !== url.host;
}

/** The host name the request was made to: the proxy's X-Forwarded-Host when it is trusted, else Host. */
function requestHost(request) {
  const forwardedHost = trustProxy()
    ? String(request.headers["x-forwarded-host"] || "")
        .split(",")[0]
        .trim()
    : "";
  return forwardedHost || request.headers.host;
}

function limitFor(url) {
  for (const [pattern, limit] of LIMITS) if (pattern.test(url)) return limit;
  return DEFAULT_LIMIT;
}

const texts = new Map();
function text(url, key) {
  const segment = (url || "/").split("?")[0].split("/")[1];
  const locale = LOCALES.includes(segment) ? segment : "en";
  if (!texts.has(locale)) {
    let errors = {};
    try {
      errors = JSON.parse(fs.readFileSync(path.resolve("locales", locale, "common.json"), "utf8")).errors || {};
    } catch {
      // keep the English words below
    }
    texts.set(locale, { locale, errors });
  }
  const { locale: lng, errors } = texts.get(locale);
  const fallback = {
    forbidden: { title: "Request refused", text: "This request did not come from a Cashwise page, so nothing was changed." },
    payloadTooLarge: { title: "Too much data", text: "This request is larger than this page accepts, so nothing was changed." },
    lengthRequired: { title: "Length required", text: "This request did not say how much data it carries, so nothing was changed." },
    unsupportedMediaType: { title: "Not a form", text: "This page only accepts its own form, so nothing was changed." },
    badRequest: { title: "Something is not right with this request", text: "Please go back and try again." },
    misdirected: { title: "Wrong address", text: "This request was sent to another address than this site's own, so nothing was changed." },
  }[key];
  return { locale: lng, ...fallback, ...(errors[key] || {}) };
}

const escapeHtml = (value) => String(value).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

function refuse(request, response, status, key, code) {
  const words = text(request.url, key);
  const api = (request.url || "").startsWith("/api/");
  const headers = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    Connection: "close",
  };
  const body = api
    ? JSON.stringify({ code, message: words.text })
    : `<!DOCTYPE html><html lang="${words.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} · ${escapeHtml(words.title)}</title></head>` +
      `<body><main><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.text)}</p></main></body></html>`;
  response.writeHead(status, {
    ...headers,
    "Content-Type": api ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
  });
  response.end(body);
  // Whatever the client still sends is not read: the connection closes after the answer.
  request.resume();
  return true;
}

const servers = new Set();
let stopping = false;

function configure(server) {
  if (server.__cashwiseGuarded) return;
  server.__cashwiseGuarded = true;
  servers.add(server);
  server.once("close", () => {
    server.__cashwiseClosed = true;
  });
  server.headersTimeout = 15_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function guardedEmit(event, request, response, ...rest) {
  if (event === "listening") configure(this);
  if (event === "request" && request && request.headers) {
    configure(this);
    request.headers[PEER_HEADER] = (request.socket && request.socket.remoteAddress) || "";
    if (!trustProxy()) delete request.headers["x-forwarded-host"];
    const url = request.url || "/";
    if (/%00/i.test(url) || url.includes("\0")) return refuse(request, response, 400, "badRequest", "bad_request");
    if (stopping) response.setHeader("Connection", "close");
    if (!KNOWN_METHODS.has(request.method)) {
      response.writeHead(405, { Allow: ALLOW, "Cache-Control": "no-store", "Content-Length": "0", Connection: "close" });
      response.end();
      request.resume();
      return true;
    }
    if (request.method === "OPTIONS") {
      // No cross-origin access is granted: a preflight gets the allowed methods and nothing else.
      response.writeHead(204, { Allow: ALLOW, "Cache-Control": "no-store", "Content-Length": "0" });
      response.end();
      request.resume();
      return true;
    }
    if (UNSAFE_METHODS.has(request.method)) {
      if (isCrossSite(request)) return refuse(request, response, 403, "forbidden", "cross_site_request");
      if (isMisdirected(request)) return refuse(request, response, 421, "misdirected", "misdirected_request");
      const declared = request.headers["content-length"];
      const chunked = /chunked/i.test(String(request.headers["transfer-encoding"] || ""));
      if (chunked && declared === undefined) return refuse(request, response, 411, "lengthRequired", "length_required");
      const length = Number(declared || 0);
      if (!Number.isFinite(length) || length > limitFor(url)) return refuse(request, response, 413, "payloadTooLarge", "payload_too_large");
      const type = String(request.headers["content-type"] || "")
        .split(";")[0]
        .trim()
        .toLowerCase();
      const isApi = url.startsWith("/api/");
      // Every page action takes a form (what browsers and Remix's fetchers send); the API and
      // webhooks take JSON and judge it themselves.
      if (!isApi && !FORM_TYPES.includes(type)) return refuse(request, response, 415, "unsupportedMediaType", "unsupported_media_type");
    }
    return requestScope.run(new Map([["method", request.method]]), () => {
      // A signed-out visitor's public page may be answered from the page cache (app/page-cache.server.ts).
      const pageCache = globalThis[PAGE_CACHE];
      if (!pageCache || (request.method !== "GET" && request.method !== "HEAD")) return emit.call(this, event, request, response, ...rest);
      const served = pageCache.serve(request, response);
      if (served === false) return emit.call(this, event, request, response, ...rest);
      served.then(
        (answered) => answered || emit.call(this, event, request, response, ...rest),
        (error) => {
          console.error(error);
          emit.call(this, event, request, response, ...rest);
        },
      );
      return true;
    });
  }
  return emit.call(this, event, request, response, ...rest);
};

/** Resolves when `server` has closed: its listener (closed here unless already) and its last connection. */
function closeServer(server) {
  return new Promise((resolve) => {
    if (server.__cashwiseClosed) return resolve();
    server.once("close", resolve);
    if (server.listening) server.close(() => undefined);
    // Idle keep-alive connections now, and each busy one as soon as its answer is sent.
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    idle.unref();
    server.once("close", () => clearInterval(idle));
  });
}

async function shutdown() {
  await Promise.all([...servers].map(closeServer));
  const runHooks = globalThis[Symbol.for("cashwise.shutdown")];
  if (typeof runHooks === "function") await runHooks();
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    const deadline = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting anyway.`);
      for (const server of servers) server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    // remix-serve's own handler (registered after this one) closes its listener first.
    setImmediate(() => {
      shutdown().then(
        () => {
          clearTimeout(deadline);
          process.exit(0);
        },
        (error) => {
          console.error("Shutdown failed", error);
          process.exit(1);
        },
      );
    });
  });
}
