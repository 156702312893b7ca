/**
 * The alerts page's intent handlers, each ending in a redirect with a notice: `create` adds an
 * alert from the form (answering 400 with the form's errors), `toggle` turns one on or off,
 * `delete` removes one (404 for an alert that is not the user's).
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { AlertSchema, toAlertInput } from "~/ads/alert-form";
import { AlertNotFoundError, TooManyAlertsError, createAlert, deleteAlert, setAlertEnabled } from "~/ads/alerts.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { localePath } from "~/utils/paths";
import { orNotFound, redirectWithFlash } from "~/utils/http.server";

interface Caller {
  userId: string;
  clientId: string;
  locale: Locale;
}

/** Back to the page with a notice (`ads-alerts:notices.<key>`). */
async function back({ clientId, locale }: Caller, key: string) {
  return await redirectWithFlash(`${localePath(locale, "/ads/alerts")}?client=${encodeURIComponent(clientId)}`, {
    kind: "notice",
    key: `ads-alerts:notices.${key}`,
  });
}

/** Runs a change to one alert, answering 404 when the alert is not the user's. */
async function onAlert(change: () => Promise<never>): Promise<never> {
  return orNotFound(change(), AlertNotFoundError);
}

export function toggleIntent(caller: Caller, alertId: string, enabled: boolean) {
  return onAlert(async () => {
    await unitOfWork(db(), (tx) => setAlertEnabled(tx, caller.userId, alertId, enabled));
    throw await back(caller, enabled ? "enabled" : "disabled");
  });
}

export function deleteIntent(caller: Caller, alertId: string) {
  return onAlert(async () => {
    await unitOfWork(db(), (tx) => deleteAlert(tx, caller.userId, alertId));
    throw await back(caller, "deleted");
  });
}

export async function createIntent(caller: Caller, form: FormData) {
  const submission = parseWithZod(form, { schema: AlertSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await unitOfWork(db(), (tx) => createAlert(tx, caller.userId, caller.clientId, toAlertInput(submission.value)));
  } catch (error) {
    if (error instanceof TooManyAlertsError)
      return data({ result: submission.reply({ formErrors: ["ads-alerts:form.errors.tooMany"] }) }, { status: 400 });
    throw error;
  }
  throw await back(caller, "created");
}
