import type { MetaDescriptor } from "@remix-run/node";
import { LOCALES, pathInLocale } from "~/i18n/config";

interface MetaArgs {
  data: unknown;
  location: { pathname: string; search: string };
  matches: Array<{ id: string; data: unknown } | undefined>;
}

/**
 * The `meta` export of a route whose loader returns `{ meta: PageMeta }`: its translated title and
 * description, and for search engines the canonical URL and the page in the other four locales.
 */
export function metaFromLoader({ data, location, matches }: MetaArgs): MetaDescriptor[] {
  const meta = (data as { meta?: { title: string; description: string } } | undefined)?.meta;
  if (!meta) return [];
  const root = matches.find((match) => match?.id === "root")?.data as { appUrl?: string } | undefined;
  const descriptors: MetaDescriptor[] = [
    { title: meta.title },
    { name: "description", content: meta.description },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
  ];
  if (root?.appUrl) {
    const base = root.appUrl;
    descriptors.push({ tagName: "link", rel: "canonical", href: `${base}${location.pathname}${location.search}` });
    for (const locale of LOCALES) {
      descriptors.push({
        tagName: "link",
        rel: "alternate",
        hrefLang: locale,
        href: `${base}${pathInLocale(location.pathname, location.search, locale)}`,
      });
    }
    descriptors.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: `${base}${pathInLocale(location.pathname, location.search, "en")}`,
    });
  }
  return descriptors;
}
