/**
 * The import preview's intent handlers, each ending in a redirect with a notice: `store` keeps the
 * previewed file (or goes to the import it repeats), `newClient` keeps it in a new client account
 * named by the user (a file in another currency), `discard` drops the preview, `remove` removes a
 * stored import. The route answers the domain's refusals (currency, not pending).
 */
import { createClientAccount } from "~/ads/accounts.server";
import { afterAdImport } from "~/ads/alerts.server";
import { discardImport, removeImport, storeImport, type ImportPreview } from "~/ads/imports.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";

export interface Caller {
  userId: string;
  locale: Locale;
  /** The previewed import (the route's `:importId`, owned by the user). */
  current: ImportPreview;
}

/** Back to the import's page (in `clientId`) with a notice. */
async function notice({ locale, current }: Caller, key: string, values: Record<string, string | number>, clientId: string) {
  return await redirectWithFlash(`${localePath(locale, `/ads/import/${current.id}`)}?client=${clientId}`, { kind: "notice", key, values });
}

export async function storeIntent(caller: Caller): Promise<never> {
  const { userId, locale, current } = caller;
  const outcome = await storeImport(db(), userId, current.id);
  if (outcome.outcome === "unchanged") {
    throw await redirectWithFlash(`${localePath(locale, `/ads/import/${outcome.importId}`)}?client=${current.clientAccount.id}`, {
      kind: "notice",
      key: "ads:import.unchanged",
      values: {},
    });
  }
  // Alerts are evaluated on the new data in the background (the job runner).
  await afterAdImport(db(), current.clientAccount.id);
  throw await notice(caller, "ads:import.stored", { count: outcome.rows, replaced: outcome.replaced.length }, current.clientAccount.id);
}

export async function newClientIntent(caller: Caller, name: string): Promise<never> {
  const { userId, current } = caller;
  const client = await unitOfWork(db(), (tx) =>
    createClientAccount(tx, userId, { name, industry: current.clientAccount.industry, timeZone: current.clientAccount.timeZone }),
  );
  const outcome = await storeImport(db(), userId, current.id, { clientAccountId: client.id });
  await afterAdImport(db(), client.id);
  throw await notice(caller, "ads:import.storedNewClient", { count: outcome.rows, name }, client.id);
}

export async function discardIntent({ userId, locale, current }: Caller): Promise<never> {
  await unitOfWork(db(), (tx) => discardImport(tx, userId, current.id));
  throw await redirectWithFlash(`${localePath(locale, "/ads/import")}?client=${current.clientAccount.id}`, {
    kind: "notice",
    key: "ads:import.discarded",
    values: { filename: current.filename },
  });
}

export async function removeIntent(caller: Caller): Promise<never> {
  const { userId, current } = caller;
  await unitOfWork(db(), (tx) => removeImport(tx, userId, current.id));
  throw await notice(caller, "ads:import.removed", { count: current.summary?.rows ?? 0 }, current.clientAccount.id);
}
