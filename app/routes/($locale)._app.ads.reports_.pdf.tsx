/**
 * The report PDF (`/ads/reports/pdf?client=…&from=…&to=…&language=…`): one of the user's client
 * accounts for a period, in the chosen language, with the workspace's branding. A client account
 * that is not the user's is "not found"; a bad period or language goes back to `/ads/reports` with
 * the message. At most two PDFs are rendered at once; with too many waiting the answer is 503 with
 * `Retry-After` (`~/utils/pdf-slots.server`).
 */
import { parseWithZod } from "@conform-to/zod";
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdTools } from "~/ads/access.server";
import { ReportSchema } from "~/ads/reports/form";
import { reportFileName, reportPdfFor } from "~/ads/reports/pdf.server";
import { db } from "~/db/db.server";
import { fixedT } from "~/i18n/translator.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { fileDownload, PDF_TYPE } from "~/utils/download.server";
import { PDF_RENDER_RETRY_AFTER_S, PdfRenderBusyError } from "~/utils/pdf-slots.server";
import { localePath } from "~/utils/paths";
import { notFound, redirectWithFlash } from "~/utils/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, client } = await requireAdTools(request, params);
  const search = new URL(request.url).searchParams;
  const wanted = search.get("client");
  if (wanted && wanted !== client.id) throw notFound();
  const submission = parseWithZod(search, { schema: ReportSchema });
  if (submission.status !== "success") {
    const message =
      Object.values(submission.error ?? {})
        .flat()
        .find((item): item is string => typeof item === "string") ?? "ads-reports:errors.dates";
    throw await redirectWithFlash(`${localePath(locale, "/ads/reports")}?client=${encodeURIComponent(client.id)}`, {
      kind: "notice",
      key: message,
    });
  }
  const { from, to, language } = submission.value;
  let made: Awaited<ReturnType<typeof reportPdfFor>>;
  try {
    made = await reportPdfFor(db(), user.id, client.id, { from, to }, language, { whenBusy: "refuse" });
  } catch (error) {
    if (!(error instanceof PdfRenderBusyError)) throw error;
    throw new Response(fixedT(locale, ["ads-reports"])("ads-reports:errors.busy"), {
      status: 503,
      headers: withSecurityHeaders({
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(PDF_RENDER_RETRY_AFTER_S),
        "Cache-Control": "no-store",
      }),
    });
  }
  const { pdf, report } = made;
  return fileDownload(new Uint8Array(pdf), `${reportFileName(report)}`, PDF_TYPE);
}
