/** The monthly statement PDF (`?month=YYYY-MM`): the available balance's postings in the month with a running balance; opening + lines = closing. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { env } from "~/config/env.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { fileDownload, PDF_TYPE } from "~/utils/download.server";
import { statementMonth } from "~/wallet/activity.server";
import { availableStatement } from "~/wallet/balances.server";
import { pdfLegalLine, statementPdf } from "~/wallet/pdf.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const { month, start, end } = statementMonth(new URL(request.url).searchParams.get("month"));
  const statement = await availableStatement(db(), user.id, { start, end });
  const t = fixedT(locale, "common");
  const pdf = await statementPdf(
    { owner: user, month, statement },
    fixedT(locale, "wallet"),
    locale,
    pdfLegalLine(env(), t("footer.legalLine.demo")),
  );
  return fileDownload(new Uint8Array(pdf), `cashwise-statement-${month}.pdf`, PDF_TYPE);
}
