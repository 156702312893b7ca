/**
 * Export CSV (`POST /admin/content/subscribers.csv`): the confirmed newsletter subscribers (address,
 * language, confirmation time) as a file to download. Handing out personal data is an admin action:
 * the read and its audit row are one unit of work. A GET is sent to the subscribers page.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { exportConfirmedSubscribers, subscribersCsv } from "~/newsletter/admin.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { CSV_TYPE, fileDownload } from "~/utils/download.server";
import { localePath } from "~/utils/paths";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  throw redirect(localePath(locale, "/admin/content/subscribers"), { headers: withSecurityHeaders() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { actor } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const subscribers = await unitOfWork(db(), (tx) => exportConfirmedSubscribers(tx, { actor }));
  const csv = subscribersCsv(subscribers, fixedT(locale, "content"));
  const stamp = new Date().toISOString().slice(0, 10);
  return fileDownload(csv, `cashwise-newsletter-subscribers-${stamp}.csv`, CSV_TYPE);
}
