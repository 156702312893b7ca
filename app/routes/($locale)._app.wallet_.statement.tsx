/** The monthly statement PDF (`?month=YYYY-MM`): opening and closing balance and the month's transactions. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/i18next.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { availableBalanceAt, exportTransactions, statementMonth } from "~/wallet/activity.server";
import { statementPdf } from "~/wallet/pdf.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const { month, start, end } = statementMonth(new URL(request.url).searchParams.get("month"));
  const [opening, closing, items] = await Promise.all([
    availableBalanceAt(db(), user.id, start),
    availableBalanceAt(db(), user.id, end),
    exportTransactions(db(), user.id, { range: "custom", from: start.slice(0, 10), to: new Date(Date.parse(end) - 86_400_000).toISOString().slice(0, 10) }),
  ]);
  const pdf = await statementPdf({ owner: user, month, openingCents: opening, closingCents: closing, items: [...items].reverse() }, fixedT(locale, "wallet"), locale);
  return new Response(new Uint8Array(pdf), {
    headers: withSecurityHeaders({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="cashwise-statement-${month}.pdf"`,
      "Cache-Control": "no-store",
    }),
  });
}
