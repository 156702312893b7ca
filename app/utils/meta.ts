import type { MetaDescriptor } from "@remix-run/node";

/** The `meta` export of a route whose loader returns `{ meta: PageMeta }`. */
export function metaFromLoader({ data }: { data: unknown }): MetaDescriptor[] {
  const meta = (data as { meta?: { title: string; description: string } } | undefined)?.meta;
  if (!meta) return [];
  return [
    { title: meta.title },
    { name: "description", content: meta.description },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
  ];
}
