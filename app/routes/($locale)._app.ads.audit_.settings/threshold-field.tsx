/**
 * One threshold of the audit thresholds page: its field (`<ruleId>.<name>`, the typed value kept
 * after an error, else the value in force in the field's unit), the unit, the default and the
 * field's error with the threshold's bounds.
 */
import { thresholdToInput, type ThresholdDefinition, type ThresholdIssue } from "~/ads/audit/rules";
import type { useAuditFormat } from "~/components/ads/audit-format";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";

export type FieldError = { issue: ThresholdIssue };

export function ThresholdField({
  ruleId,
  name,
  definition,
  label,
  current,
  typed,
  error,
  currency,
  f,
}: {
  currency: string;
  ruleId: string;
  name: string;
  definition: ThresholdDefinition;
  label: string;
  current: number;
  typed: string | undefined;
  error: FieldError | undefined;
  f: ReturnType<typeof useAuditFormat>;
}) {
  const { t } = useTranslation("ads-audit");
  const locale = usePageLocale();
  const id = `t-${ruleId}-${name}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const suffix = definition.unit === "share" ? "%" : definition.unit === "money" ? currency : null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={`${ruleId}.${name}`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={typed ?? thresholdToInput(definition, current, locale)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          className="block w-32 rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 aria-[invalid=true]:border-red-600"
        />
        {suffix ? <span className="text-sm text-slate-600">{suffix}</span> : null}
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t("settings.default", { value: f.threshold(definition, definition.default) })}
      </p>
      <div className="min-h-[1.25rem] pt-1">
        {error ? (
          <p id={errorId} className="text-xs font-medium text-red-700">
            {t(`settings.errors.${error.issue}`, {
              min: f.threshold(definition, definition.min),
              max: f.threshold(definition, definition.max),
            })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
