/**
 * A payout batch's file (`/admin/withdrawals/batches/:batchId/file`): PayPal's bulk payouts CSV or
 * the bank's pain.001 credit transfer XML, built by ~/wallet/payout-batches.server. Admins only;
 * a cancelled or unknown batch is 404; a bank file without the paying account configured goes back
 * to the desk, which says so.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { withSecurityHeaders } from "~/security/headers.server";
import { setFlash } from "~/utils/flash.server";
import { localePath } from "~/utils/paths";
import { PayoutBatchError, payoutBatchFile, type PayoutFile } from "~/wallet/payout-batches.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const batchId = params.batchId ?? "";
  let file: PayoutFile | undefined;
  try {
    file = UUID.test(batchId) ? await payoutBatchFile(db(), batchId) : undefined;
  } catch (error) {
    if (!(error instanceof PayoutBatchError)) throw error;
    const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
    throw redirect(localePath(locale, "/admin/withdrawals"), {
      headers: withSecurityHeaders({ "Set-Cookie": await setFlash({ kind: "notice", key: `withdrawals.batches.errors.${error.code}` }) }),
    });
  }
  if (!file) throw data({ reason: "not_found" }, { status: 404 });
  return new Response(file.body, {
    headers: withSecurityHeaders({
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
    }),
  });
}
