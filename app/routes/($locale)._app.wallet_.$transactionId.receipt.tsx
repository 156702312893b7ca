/** The PDF receipt of one transaction (its owner only). */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { env } from "~/config/env.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { fileDownload, PDF_TYPE } from "~/utils/download.server";
import { getTransaction } from "~/wallet/balances.server";
import { pdfLegalLine, receiptPdf } from "~/wallet/pdf.server";
import { invariantResponse } from "~/utils/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const item = await getTransaction(db(), user.id, params.transactionId ?? "");
  invariantResponse(item);
  const t = fixedT(locale, "common");
  const pdf = await receiptPdf(item, user, fixedT(locale, "wallet"), locale, pdfLegalLine(env(), t("footer.legalLine.demo")));
  return fileDownload(new Uint8Array(pdf), `cashwise-receipt-${item.id.slice(0, 8)}.pdf`, PDF_TYPE);
}
