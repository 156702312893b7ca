/**
 * A payout batch's file (`/admin/withdrawals/batches/:batchId/file`): PayPal's bulk payouts CSV or
 * the bank's pain.001 credit transfer XML, built by ~/wallet/payout-batches.server. Admins only;
 * a cancelled or unknown batch is 404; a bank file without the paying account configured goes back
 * to the desk, which says so.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { withSecurityHeaders } from "~/security/headers.server";
import { fileDownload } from "~/utils/download.server";
import { localePath } from "~/utils/paths";
import { PayoutBatchError, payoutBatchFile, type PayoutFile } from "~/wallet/payout-batches.server";
import { invariantResponse, redirectWithFlash } from "~/utils/http.server";

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
    throw await redirectWithFlash(
      localePath(locale, "/admin/withdrawals"),
      { kind: "notice", key: `withdrawals.batches.errors.${error.code}` },
      withSecurityHeaders(),
    );
  }
  invariantResponse(file);
  return fileDownload(file.body, `${file.fileName}`, file.contentType);
}
