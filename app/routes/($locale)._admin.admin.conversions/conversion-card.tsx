/** One network transaction on the conversions desk: amounts, status, the network's word, its raw events, and "Match to click" while unmatched. */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { ConversionsLoaderData, action } from "./route";

type Item = ConversionsLoaderData["list"]["items"][number];
/** One of the transaction's raw events (a postback, a report line, an admin's match). */
type Event = { id: string; source: string; outcome: string; partId: string | null; receivedAt: string; body: string };

export function ConversionCard({ item, events }: { item: Item; events: Event[] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  return (
    <li className="rounded-2xl border border-slate-200 bg-surface p-5" data-testid="conversion" data-status={item.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-lg font-bold tabular-nums">
            {formatMoney(item.cashbackCents - item.reversedCents, locale)}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase text-slate-700">
              {t(`conversions.statuses.${item.status}`)}
            </span>
          </p>
          <p className="break-words text-sm text-slate-700">
            {item.storeName ?? t("conversions.noStore")} · {item.userEmail ?? t("conversions.noMember")}
          </p>
          <p className="break-all text-xs text-slate-600">
            {t(`conversions.networks.${item.network}`)} · {item.networkTransactionId} · {formatDate(item.occurredAt, locale)}
          </p>
          <p className="text-xs text-slate-600">
            {t("conversions.amounts", {
              sale: formatMoney(item.saleAmountCents, locale),
              commission: formatMoney(item.commissionCents, locale),
              reported: item.reportedStatus ? t(`conversions.reported.${item.reportedStatus}`) : "—",
            })}
          </p>
          {item.status === "pending" && item.confirmsAt ? (
            <p className="text-xs text-slate-600">{t("conversions.confirmsAt", { date: formatDate(item.confirmsAt, locale) })}</p>
          ) : null}
          {item.reversedCents > 0 ? (
            <p className="text-xs text-slate-600">{t("conversions.reversed", { amount: formatMoney(item.reversedCents, locale) })}</p>
          ) : null}
        </div>
        {item.status === "unmatched" ? <MatchForm conversionId={item.id} /> : null}
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("conversions.events", { count: events.length })}</summary>
        <ol className="mt-2 space-y-2">
          {events.map((event) => (
            <li key={event.id} className="rounded-lg bg-slate-50 p-3 text-xs">
              <p className="font-semibold text-slate-800">
                {t(`conversions.sources.${event.source}`)} · {t(`conversions.outcomes.${event.outcome}`)} ·{" "}
                {formatDate(event.receivedAt, locale)}
                {event.partId ? ` · ${t("conversions.part", { part: event.partId })}` : ""}
              </p>
              <pre className="mt-1 whitespace-pre-wrap break-all font-mono text-slate-700">{event.body}</pre>
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

function MatchForm({ conversionId }: { conversionId: string }) {
  const { t } = useTranslation("admin");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ intent: string; conversionId: string; clickId: string }>({
    id: `match-${conversionId}`,
    lastResult: actionData?.id === conversionId ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="w-full max-w-sm" {...getFormProps(form)}>
      <input type="hidden" name="conversionId" value={conversionId} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        labelProps={{ children: t("conversions.clickId") }}
        inputProps={{ ...getInputProps(fields.clickId, { type: "text" }), autoComplete: "off" }}
        errors={fields.clickId.errors}
        hint={t("conversions.clickHint")}
      />
      <SubmitButton name="intent" value="match" className="btn-primary">
        {t("conversions.match")}
      </SubmitButton>
    </Form>
  );
}
