/** An open tip: its text, its evidence (the terms or keywords it is about), Apply (`intent=apply`) and Dismiss (`intent=dismiss`, `reason`, `note`). */
import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DISMISS_NOTE_MAX, DISMISS_REASONS } from "~/ads/tip-kinds";
import type { Tip } from "~/ads/tips.server";
import { FormErrors, SelectField, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatMoney } from "~/utils/money";
import { useTipText } from "./use-tip-text";

function Evidence({ tip, currency }: { tip: Tip; currency: string | null }) {
  const { t } = useTranslation("ads-tips");
  const locale = usePageLocale();
  const lines = (
    Array.isArray(tip.evidence.terms) ? tip.evidence.terms : Array.isArray(tip.evidence.keywords) ? tip.evidence.keywords : []
  ) as Array<Record<string, unknown>>;
  if (!lines.length) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">{t("evidence", { count: lines.length })}</summary>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {lines.map((line, index) => (
          <li key={index} className="flex flex-wrap justify-between gap-2 px-3 py-1.5">
            <span className="break-words">
              {String(line.term ?? line.keyword ?? "")}
              {line.adGroup ? <span className="text-slate-500"> · {String(line.adGroup)}</span> : null}
            </span>
            <span className="tabular-nums text-slate-700">
              {t("evidenceLine", {
                cost: formatMoney(typeof line.costCents === "number" ? line.costCents : 0, locale, currency),
                clicks: typeof line.clicks === "number" ? line.clicks : 0,
              })}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function OpenTip({
  tip,
  currency,
  actionData,
}: {
  tip: Tip;
  currency: string | null;
  actionData: { result: unknown; tipId: string | null } | undefined;
}) {
  const { t } = useTranslation("ads-tips");
  const text = useTipText(currency)(tip);
  const mine = actionData?.tipId === tip.id;
  const [form, fields] = useForm<{ intent: string; tipId: string; reason: string; note: string }>({
    id: `dismiss-${tip.id}`,
    lastResult: mine ? (actionData!.result as never) : undefined,
  });
  return (
    <li id={`tip-${tip.id}`} className="rounded-2xl border border-slate-200 bg-surface p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="min-w-0 flex-1 break-words font-semibold">{text.title}</h3>
        {text.impact ? (
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{text.impact}</span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-700">{text.body}</p>
      {text.estimate ? <p className="mt-1 text-sm font-medium text-slate-800">{text.estimate}</p> : null}
      <Evidence tip={tip} currency={currency} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <Form method="post">
          <input type="hidden" name="tipId" value={tip.id} />
          <SubmitButton name="intent" value="apply" pendingLabel={t("applying")}>
            {t("apply")}
          </SubmitButton>
        </Form>
        <Form method="post" className="flex flex-wrap items-end gap-2" {...getFormProps(form)}>
          <input type="hidden" name="tipId" value={tip.id} />
          <SelectField
            label={t("reason")}
            selectProps={{
              id: fields.reason.id,
              name: fields.reason.name,
              defaultValue: (fields.reason.initialValue as string | undefined) ?? "",
            }}
            options={[
              { value: "", label: t("chooseReason") },
              ...DISMISS_REASONS.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) })),
            ]}
            errors={fields.reason.errors}
          />
          <div>
            <label htmlFor={fields.note.id} className="mb-1 block text-sm font-medium text-slate-800">
              {t("note")}
            </label>
            <input
              id={fields.note.id}
              name={fields.note.name}
              maxLength={DISMISS_NOTE_MAX}
              defaultValue={(fields.note.initialValue as string | undefined) ?? ""}
              className="block w-48 rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm"
            />
          </div>
          <SubmitButton name="intent" value="dismiss" className="btn-secondary" pendingLabel={t("dismissing")}>
            {t("dismiss")}
          </SubmitButton>
        </Form>
      </div>
    </li>
  );
}
