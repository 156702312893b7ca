/**
 * The audit page's intent handlers: `run` audits the client account's imported data with its
 * thresholds, keeps the result and goes back to the page with its score, or answers 409 when
 * nothing is imported yet.
 */
import { data } from "@remix-run/node";
import { ClientAccountNotFoundError } from "~/ads/accounts.server";
import { NothingToAuditError, runAudit } from "~/ads/audit/audit.server";
import { db } from "~/db/db.server";
import type { Locale } from "~/i18n/config";
import { localePath } from "~/utils/paths";
import { notFound, redirectWithFlash } from "~/utils/http.server";

export async function runIntent(userId: string, clientId: string, locale: Locale) {
  try {
    const audit = await runAudit(db(), userId, clientId);
    throw await redirectWithFlash(`${localePath(locale, "/ads/audit")}?client=${encodeURIComponent(clientId)}`, {
      kind: "notice",
      key: "ads-audit:notices.ran",
      values: { score: audit.score, grade: audit.grade },
    });
  } catch (error) {
    if (error instanceof NothingToAuditError) return data({ error: "nothingToAudit" as const }, { status: 409 });
    if (error instanceof ClientAccountNotFoundError) throw notFound();
    throw error;
  }
}
