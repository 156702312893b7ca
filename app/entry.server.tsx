/**
 * The server entry: renders documents (with the shared translator of the URL's locale, a
 * fresh CSP nonce per request, and on a first visit the stylesheet inline) and puts the security
 * headers on documents and data responses.
 */
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { socialFormActionOrigins } from "~/auth/social-config.server";
import { env, isHttps } from "~/config/env.server";
import { clientAddressProblem } from "~/security/client-address.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { localeFromUrl } from "~/i18n/locale.server";
import { serverTranslator, TranslatorContext } from "~/i18n/react.server";
import { startServerJobs } from "~/job-registry.server";
import { capturePage, installPageCache, pageCapture } from "~/page-cache.server";
import { allowSignInFormTargets, applySecurityHeaders, createNonce } from "~/security/headers.server";
import { NonceProvider } from "~/utils/nonce";
import { InlineStylesheetProvider } from "~/utils/stylesheet";
import { CRITICAL_CSS_MARKER, inlineStylesheet, withCriticalCss } from "~/utils/stylesheet.server";

export const streamTimeout = 5_000;

// Parse the configuration when the server loads: a bad value stops start-up, not a request.
const problem = clientAddressProblem(env());
if (problem) throw new Error(problem);
if (env().appEnv === "production" && !isHttps()) console.warn("Warning: APP_URL is not https://: cookies are not Secure and HSTS is off.");
// Background work (the outbox, schedules) runs in this process unless JOBS=off.
startServerJobs();
// A social sign-in form continues at its provider: the CSP's form-action allows their origins.
allowSignInFormTargets(socialFormActionOrigins());
// Signed-out visitors of public pages are answered from stored documents (app/page-cache.server.ts).
installPageCache();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = createNonce();
  const locale = localeFromUrl(request.url) ?? DEFAULT_LOCALE;
  const translator = serverTranslator(locale);
  // A first visit gets the stylesheet inside the document (first paint after one round trip).
  const inline = responseStatusCode < 300 ? inlineStylesheet(request) : null;
  if (inline) responseHeaders.append("Set-Cookie", inline.setCookie);
  // A public page for a signed-out visitor is stored as it is sent (and served from memory next time).
  const capture = pageCapture(request, responseStatusCode, responseHeaders, remixContext);
  let failed = false;

  // Crawlers and no-JS visitors get the whole document at once; browsers get the shell early.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineStylesheetProvider value={inline ? CRITICAL_CSS_MARKER : null}>
          <TranslatorContext.Provider value={translator}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </TranslatorContext.Provider>
        </InlineStylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          // A first visit's inline stylesheet is cut to what the rendered page uses.
          const body = inline ? withCriticalCss(inline.css) : new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          applySecurityHeaders(responseHeaders, { nonce });
          const sent = capture ? body.pipe(capturePage(capture, { nonce, headers: responseHeaders, failed: () => failed })) : body;
          resolve(
            new Response(createReadableStreamFromReadable(sent), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          failed = true;
          // Errors while streaming after the shell are logged here; earlier ones reject above.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (the visitor navigated away) are not errors worth a log line.
  if (request.signal.aborted) return;
  console.error(error);
};
