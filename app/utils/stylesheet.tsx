/**
 * The site's one stylesheet. A first visit gets the rules its page uses inline in the document
 * (one round trip to the first paint on a slow phone: no render-blocking request after the HTML;
 * entry.server cuts the stylesheet down, see critical-css.server.ts) and the whole file linked
 * after the page's content and before its scripts, so no script runs before every rule is there
 * and later visits find the file cached. A browser that already has the file (the `cw_css` cookie
 * names the build whose file it fetched) gets the usual <link>. The choice is made by the server
 * and kept by the browser for the life of the page: hydration reads it from the document, so the
 * inline <style> is never replaced while the page is open.
 */
import { createContext, useContext, useState } from "react";
import { useNonce } from "~/utils/nonce";

const INLINE_ID = "cw-inline-css";

/** The stylesheet's text when this document inlines it (server only; the browser has no provider). */
const InlineStylesheetContext = createContext<string | null>(null);
export const InlineStylesheetProvider = InlineStylesheetContext.Provider;

function useInline(): { inline: boolean; css: string } {
  const serverCss = useContext(InlineStylesheetContext);
  const [inline] = useState(() => (typeof document === "undefined" ? serverCss !== null : document.getElementById(INLINE_ID) !== null));
  return { inline, css: serverCss ?? "" };
}

/** In <head>: the inline stylesheet or the link to it. */
export function Stylesheet({ href }: { href: string }) {
  const nonce = useNonce();
  const { inline, css } = useInline();
  if (!inline) return <link rel="stylesheet" href={href} />;
  // The browser keeps the server's text: hydration does not touch an element's inner HTML.
  return <style id={INLINE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}

/**
 * In <body>, after the content and before the scripts: after an inline first visit, the whole file.
 * It holds back no paint of the content above it, and the scripts below wait for it (Chromium,
 * Firefox and Safari run no script while an earlier stylesheet is loading). (Not
 * `rel="prefetch"`: Chromium keeps prefetches alive after their page is gone, and a browser that
 * opened many pages in a row was left waiting for its own.)
 */
export function StylesheetPrefetch({ href }: { href: string }) {
  const { inline } = useInline();
  return inline ? <link rel="stylesheet" href={href} /> : null;
}
