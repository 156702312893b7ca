/**
 * A route's page as the server renders it, for database suites: the route module's component with
 * what its loader (and, after a post, its action) answered, through React Router's static handler.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import type { Params, RouteObject } from "react-router-dom";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router-dom/server";
import { serverTranslator, TranslatorContext } from "~/i18n/react.server";
import { answer } from "./route-answer";

/** A React Router loader (or action) that gives what the route module's `fn` answers to `request`. */
export function answeredBy(fn: (args: LoaderFunctionArgs) => Promise<unknown>, request: Request) {
  return async ({ params }: { params: Params }) => (await answer(() => fn({ request, params, context: {} }))).body;
}

/** The HTML of `route` (one route: path, loader, action, Component) answering `request`, in `locale`'s words. */
export async function renderRoute(
  route: RouteObject,
  request: Request,
  locale: Parameters<typeof serverTranslator>[0] = "en",
): Promise<string> {
  const handler = createStaticHandler([route]);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    h(TranslatorContext.Provider, { value: serverTranslator(locale) }, h(StaticRouterProvider, { router, context, hydrate: false })),
  );
}

/** A page's HTML as the text a reader sees: tags as spaces, the entities React writes decoded, white space folded. */
export const pageText = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
