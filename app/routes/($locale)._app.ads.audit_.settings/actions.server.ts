/**
 * The audit thresholds page's intent handlers: `save` reads every `<ruleId>.<name>` field (blank:
 * the default), checks them (known rules and names, within bounds, in order) and keeps them, or
 * answers 400 with the typed values and each field's error; `reset` drops every override.
 */
import { data } from "@remix-run/node";
import { ThresholdValidationError, setRuleThresholds } from "~/ads/audit/audit.server";
import { thresholdDefinitions, thresholdFromInput, validateThresholds } from "~/ads/audit/rules";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { localePath } from "~/utils/paths";
import type { FieldError } from "./threshold-field";
import { redirectWithFlash } from "~/utils/http.server";

interface Caller {
  userId: string;
  clientId: string;
  locale: Locale;
}

const FIELD = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([A-Za-z]+)$/;

const back = ({ clientId, locale }: Caller) => `${localePath(locale, "/ads/audit/settings")}?client=${encodeURIComponent(clientId)}`;

export async function resetIntent(caller: Caller): Promise<never> {
  await unitOfWork(db(), (tx) => setRuleThresholds(tx, caller.userId, caller.clientId, {}));
  throw await redirectWithFlash(back(caller), { kind: "notice", key: "ads-audit:settings.resetDone" });
}

export async function saveIntent(caller: Caller, form: FormData) {
  const { userId, clientId, locale } = caller;
  const values: Record<string, string> = {};
  const input: Record<string, Record<string, unknown>> = {};
  const errors: Record<string, FieldError> = {};
  for (const [key, value] of form) {
    if (key === "intent" || typeof value !== "string") continue;
    const match = FIELD.exec(key);
    if (!match) continue;
    const [, ruleId, name] = match as unknown as [string, string, string];
    values[key] = value.slice(0, 40);
    if (value.trim() === "") continue; // blank: the default
    const definition = thresholdDefinitions(ruleId)?.[name];
    (input[ruleId] ??= {})[name] = definition ? thresholdFromInput(definition, value, locale) : Number.NaN;
  }
  const { problems } = validateThresholds(input);
  for (const problem of problems) errors[problem.name ? `${problem.ruleId}.${problem.name}` : problem.ruleId] = { issue: problem.issue };
  if (!problems.length) {
    try {
      await unitOfWork(db(), (tx) => setRuleThresholds(tx, userId, clientId, input));
    } catch (error) {
      if (!(error instanceof ThresholdValidationError)) throw error;
      for (const problem of error.problems) errors[`${problem.ruleId}.${problem.name}`] = { issue: problem.issue };
    }
  }
  if (Object.keys(errors).length) return data({ values, errors }, { status: 400 });
  throw await redirectWithFlash(back(caller), { kind: "notice", key: "ads-audit:settings.saved" });
}
