/**
 * The audit thresholds page's error summary: how many fields are wrong, a link to each, and the
 * errors of fields the form does not have (a tampered request).
 */
import { GRADING_ID, thresholdDefinitions } from "~/ads/audit/rules";
import { useTranslation } from "~/i18n/react";
import type { FieldError } from "./threshold-field";

export function SettingsErrors({ errors }: { errors: Record<string, FieldError> }) {
  const { t } = useTranslation("ads-audit");
  // Errors of fields on the form, and the rest (a field the form does not have: a tampered request).
  const known = (key: string) => {
    const [ruleId, name] = key.split(".");
    return Boolean(ruleId && name && thresholdDefinitions(ruleId)?.[name]);
  };
  const formErrors = Object.entries(errors).filter(([key]) => !known(key));
  if (!Object.keys(errors).length) return null;
  return (
    <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p>{t("settings.errors.summary", { count: Object.keys(errors).length })}</p>
      <ul className="mt-1 list-disc pl-5">
        {Object.keys(errors)
          .filter(known)
          .map((key) => {
            const [ruleId, name] = key.split(".") as [string, string];
            const title = ruleId === GRADING_ID ? t("settings.grading.title") : t(`rules.${ruleId}.title`);
            const label = ruleId === GRADING_ID ? t(`settings.grading.${name}`) : t(`rules.${ruleId}.thresholds.${name}`);
            return (
              <li key={key}>
                <a href={`#t-${ruleId}-${name}`} className="underline">
                  {title}: {label}
                </a>
              </li>
            );
          })}
      </ul>
      {formErrors.map(([key, error]) => (
        <p key={key}>{t(`settings.errors.${error.issue}`, { min: "", max: "" })}</p>
      ))}
    </div>
  );
}
