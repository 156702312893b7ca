/** The one way a route answers a file to download: `attachment` with its name, never cached, with the security headers. */
import { withSecurityHeaders } from "~/security/headers.server";

export const CSV_TYPE = "text/csv; charset=utf-8";
export const PDF_TYPE = "application/pdf";

export function fileDownload(body: ConstructorParameters<typeof Response>[0], filename: string, contentType: string): Response {
  return new Response(body, {
    headers: withSecurityHeaders({
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    }),
  });
}

/** A piece of a file name from `text`: letters, digits, `_` and dashes, lower case, at most 40; `fallback` when nothing is left. */
export function fileSlug(text: string, fallback: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[^\w-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase()
      .slice(0, 40) || fallback
  );
}
