/**
 * Alerts (`/ads/alerts`): the client account's alerts (what each watches, its threshold, on or
 * off, when it last fired) with forms to turn one on or off (`intent=toggle`, `alertId`,
 * `enabled`) and delete it (`intent=delete`, `alertId`); the form to add one (`intent=create`,
 * fields `kind`, `threshold`, `days`, `campaign`: money in the client account's currency, a
 * percentage as percent points); and what fired recently, the value against the threshold.
 */
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { formatBounded } from "~/ads/kpi-format";
import type { TFunction } from "i18next";
import { useTranslation } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { AD_ALERT_KINDS, ALERT_UNITS, AlertSchema, NO_CONVERSION_DAYS, toAlertInput, type AdAlertKind } from "~/ads/alert-form";
import {
  AlertNotFoundError,
  TooManyAlertsError,
  createAlert,
  deleteAlert,
  knownCampaigns,
  listAlerts,
  listFirings,
  setAlertEnabled,
  type FiringBasis,
} from "~/ads/alerts.server";
import { DataTable } from "~/components/data-table";
import { Field, FormErrors, SelectField, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { notificationValues } from "~/notifications/values";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { useHydrated } from "~/utils/use-hydrated";
import { AdPageHeading } from "~/components/ads/page-heading";
import { numberFormat } from "~/utils/intl";

export const handle = { i18n: ["common", "ads", "ads-alerts", "notifications"] };
export const clientLoader = withNamespaces(handle.i18n);

/** The translation key of each kind (`kinds.*`, `help.*`). */
const KIND_KEYS: Record<AdAlertKind, string> = {
  "daily-spend": "dailySpend",
  cpa: "cpa",
  "ctr-drop": "ctrDrop",
  "no-conversions": "noConversions",
  "lost-is-budget": "lostIsBudget",
  "competitor-gaining": "competitorGaining",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client } = await requireAdTools(request, params);
  const { flash, headers } = await takeFlash(request);
  const [alerts, firings, campaigns] = await Promise.all([
    listAlerts(db(), user.id, client.id),
    listFirings(db(), user.id, client.id),
    knownCampaigns(db(), user.id, client.id),
  ]);
  return data(
    {
      meta: await pageMeta(params, "ads-alerts", "meta"),
      client: { id: client.id, name: client.name, currency: client.currency },
      alerts,
      firings,
      campaigns,
      notice: flash?.kind === "notice" ? flash : null,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, locale, client } = await requireAdTools(request, params);
  const form = await readForm(request);
  const intent = form.get("intent");
  const back = async (key: string) =>
    redirect(`${localePath(locale, "/ads/alerts")}?client=${encodeURIComponent(client.id)}`, {
      headers: { "Set-Cookie": await setFlash({ kind: "notice", key: `ads-alerts:notices.${key}` }) },
    });

  if (intent === "toggle" || intent === "delete") {
    const alertId = form.get("alertId");
    if (typeof alertId !== "string" || !alertId) throw data({ error: "bad_request" }, { status: 400 });
    try {
      if (intent === "delete") {
        await unitOfWork(db(), (tx) => deleteAlert(tx, user.id, alertId));
        throw await back("deleted");
      }
      const enabled = form.get("enabled") === "1";
      await unitOfWork(db(), (tx) => setAlertEnabled(tx, user.id, alertId, enabled));
      throw await back(enabled ? "enabled" : "disabled");
    } catch (error) {
      if (error instanceof AlertNotFoundError) throw data({ error: "not_found" }, { status: 404 });
      throw error;
    }
  }

  const submission = parseWithZod(form, { schema: AlertSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await unitOfWork(db(), (tx) => createAlert(tx, user.id, client.id, toAlertInput(submission.value)));
  } catch (error) {
    if (error instanceof TooManyAlertsError)
      return data({ result: submission.reply({ formErrors: ["ads-alerts:form.errors.tooMany"] }) }, { status: 400 });
    throw error;
  }
  throw await back("created");
}

/** A stored firing's bound (`above`, `below`), exact when absent or unknown. */
const boundOf = (bound: string | undefined) => (bound === "above" || bound === "below" ? bound : "exact");

export const meta: MetaFunction<typeof loader> = metaFromLoader;

interface Formatters {
  money: (cents: number) => string;
  percent: (points: number) => string;
}

function formatters(locale: string, currency: string | null): Formatters {
  const plain = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  return {
    money: (cents) => (currency ? formatMoney(cents, locale, currency) : plain.format(cents / 100)),
    percent: (points) => percent.format(points / 100),
  };
}

/** An alert's threshold in words: "$150.00", "20%", "7 days without a conversion while spending more than $50.00". */
function thresholdText(alert: { kind: AdAlertKind; threshold: number; days: number | null }, format: Formatters, t: TFunction): string {
  if (alert.kind === "no-conversions") {
    const days = t("threshold.noConversions", { count: alert.days ?? NO_CONVERSION_DAYS.default });
    return alert.threshold > 0 ? `${days}, ${t("threshold.minSpend", { amount: format.money(alert.threshold) })}` : days;
  }
  return ALERT_UNITS[alert.kind] === "money" ? format.money(alert.threshold) : format.percent(alert.threshold);
}

function basisText(basis: FiringBasis, locale: string, t: TFunction): string {
  if ("day" in basis) return formatDate(basis.day, locale);
  if ("start" in basis) return t("firings.period", { start: formatDate(basis.start, locale), end: formatDate(basis.end, locale) });
  return t("firings.allTime");
}

export default function AdAlerts() {
  const { t } = useTranslation("ads-alerts");
  const { t: tn } = useTranslation("notifications");
  const locale = usePageLocale();
  const hydrated = useHydrated();
  const { client, alerts, firings, campaigns, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const format = formatters(locale, client.currency);
  const formAction = `${localePath(locale, "/ads/alerts")}?client=${encodeURIComponent(client.id)}`;
  const [form, fields] = useForm({
    id: "ad-alert-new",
    lastResult: actionData?.result,
    constraint: getZodConstraint(AlertSchema),
    defaultValue: { kind: "daily-spend", days: String(NO_CONVERSION_DAYS.default) },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AlertSchema }),
  });
  const kind = (AD_ALERT_KINDS as readonly string[]).includes(String(fields.kind.value))
    ? (fields.kind.value as AdAlertKind)
    : "daily-spend";
  const currency = client.currency ?? t("form.accountCurrency");
  // Without JavaScript every field shows with a general label; with it, the ones the kind uses.
  const thresholdLabel = !hydrated
    ? t("form.threshold")
    : kind === "no-conversions"
      ? t("form.thresholdMinSpend", { currency })
      : ALERT_UNITS[kind] === "money"
        ? t("form.thresholdMoney", { currency })
        : t("form.thresholdPercent");
  const thresholdHint = !hydrated
    ? t("form.thresholdHint", { currency })
    : ALERT_UNITS[kind] === "percent"
      ? t("form.percentHint")
      : undefined;

  return (
    <div className="py-6">
      <AdPageHeading title={t("title")} intro={t("intro", { client: client.name })} notice={notice ? t(notice.key, notice.values) : null} />

      <section aria-labelledby="alerts-list" className="mt-6">
        <h2 id="alerts-list" className="text-lg font-bold">
          {t("list.title")}
        </h2>
        {alerts.length === 0 ? (
          <div className="mt-3 rounded-2xl border border-dashed border-slate-300 bg-surface p-6" data-testid="alerts-empty">
            <p className="font-semibold">{t("empty.title")}</p>
            <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("empty.text")}</p>
          </div>
        ) : (
          <DataTable
            className="mt-3"
            testId="alerts"
            caption={t("list.tableLabel")}
            dense
            rows={alerts}
            rowKey={(alert) => alert.id}
            rowProps={() => ({ "data-testid": "alert-row" })}
            columns={[
              {
                key: "kind",
                header: t("list.kind"),
                primary: true,
                cell: (alert) => (
                  <>
                    <p className="font-medium">{t(`kinds.${KIND_KEYS[alert.kind]}`)}</p>
                    <p className="break-words text-xs font-normal text-slate-600">
                      {alert.campaign ? t("list.campaign", { name: alert.campaign }) : t("list.allCampaigns")}
                    </p>
                  </>
                ),
              },
              { key: "threshold", header: t("list.threshold"), cell: (alert) => thresholdText(alert, format, t) },
              {
                key: "status",
                header: t("list.status"),
                cell: (alert) => (
                  <span
                    className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${alert.enabled ? "bg-brand-50 text-brand-900" : "bg-slate-100 text-slate-700"}`}
                  >
                    {alert.enabled ? t("list.on") : t("list.off")}
                  </span>
                ),
              },
              {
                key: "lastFired",
                header: t("list.lastFired"),
                className: "md:whitespace-nowrap",
                cell: (alert) =>
                  alert.lastFiredAt ? <time dateTime={alert.lastFiredAt}>{formatDate(alert.lastFiredAt, locale)}</time> : t("list.never"),
              },
              {
                key: "actions",
                header: t("list.actions"),
                cell: (alert) => {
                  const label = t(`kinds.${KIND_KEYS[alert.kind]}`);
                  return (
                    <div className="flex flex-wrap gap-2">
                      <Form method="post" action={formAction}>
                        <input type="hidden" name="alertId" value={alert.id} />
                        <input type="hidden" name="enabled" value={alert.enabled ? "0" : "1"} />
                        <button type="submit" name="intent" value="toggle" className="btn-secondary px-3 py-1 text-xs">
                          {alert.enabled ? t("list.turnOff") : t("list.turnOn")}
                          <span className="sr-only">: {label}</span>
                        </button>
                      </Form>
                      <Form method="post" action={formAction}>
                        <input type="hidden" name="alertId" value={alert.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="delete"
                          className="rounded-lg border border-red-200 px-3 py-1 text-xs font-semibold text-red-800 hover:bg-red-50"
                        >
                          {t("list.delete")}
                          <span className="sr-only">: {label}</span>
                        </button>
                      </Form>
                    </div>
                  );
                },
              },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="alert-new" className="mt-8 max-w-xl rounded-2xl border border-slate-200 bg-surface p-5">
        <h2 id="alert-new" className="text-lg font-bold">
          {t("form.title")}
        </h2>
        <Form method="post" action={formAction} className="mt-4 space-y-1" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <SelectField
            label={t("form.kind")}
            selectProps={{ ...getSelectProps(fields.kind), name: fields.kind.name }}
            options={AD_ALERT_KINDS.map((value) => ({ value, label: t(`kinds.${KIND_KEYS[value]}`) }))}
            hint={hydrated ? t(`help.${KIND_KEYS[kind]}`) : undefined}
            errors={fields.kind.errors}
          />
          <Field
            labelProps={{ children: thresholdLabel }}
            inputProps={{ ...getInputProps(fields.threshold, { type: "number" }), inputMode: "decimal", step: "0.01", min: "0" }}
            errors={fields.threshold.errors}
            hint={thresholdHint}
          />
          {!hydrated || kind === "no-conversions" ? (
            <Field
              labelProps={{ children: t("form.days") }}
              inputProps={{
                ...getInputProps(fields.days, { type: "number" }),
                inputMode: "numeric",
                step: "1",
                min: String(NO_CONVERSION_DAYS.min),
                max: String(NO_CONVERSION_DAYS.max),
              }}
              errors={fields.days.errors}
              hint={t("form.daysHint")}
            />
          ) : null}
          <Field
            labelProps={{ children: t("form.campaign") }}
            inputProps={{
              ...getInputProps(fields.campaign, { type: "text" }),
              list: campaigns.length ? "ad-alert-campaigns" : undefined,
              autoComplete: "off",
            }}
            errors={fields.campaign.errors}
            hint={t("form.campaignHint")}
          />
          {campaigns.length ? (
            <datalist id="ad-alert-campaigns">
              {campaigns.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          ) : null}
          <div className="pt-3">
            <SubmitButton pendingLabel={t("form.submitting")}>{t("form.submit")}</SubmitButton>
          </div>
        </Form>
        {!hydrated ? (
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">{t("help.title")}</summary>
            <dl className="mt-2 space-y-2">
              {AD_ALERT_KINDS.map((value) => (
                <div key={value}>
                  <dt className="font-medium">{t(`kinds.${KIND_KEYS[value]}`)}</dt>
                  <dd className="text-slate-600">{t(`help.${KIND_KEYS[value]}`)}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
      </section>

      <section aria-labelledby="alert-firings" className="mt-8">
        <h2 id="alert-firings" className="text-lg font-bold">
          {t("firings.title")}
        </h2>
        {firings.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("firings.empty")}</p>
        ) : (
          <DataTable
            className="mt-3"
            testId="alert-firings"
            caption={t("firings.tableLabel")}
            dense
            rows={firings}
            rowKey={(firing) => firing.id}
            rowProps={() => ({ "data-testid": "alert-firing" })}
            columns={[
              {
                key: "when",
                header: t("firings.when"),
                className: "md:whitespace-nowrap",
                cell: (firing) => <time dateTime={firing.createdAt}>{formatDate(firing.day, locale)}</time>,
              },
              {
                key: "what",
                header: t("firings.what"),
                cell: (firing) => {
                  const values = notificationValues(firing.details.params, locale);
                  return (
                    <div>
                      <p className="font-medium">{tn(firing.details.titleKey, values)}</p>
                      <p className="text-slate-600">{tn(firing.details.messageKey, values)}</p>
                    </div>
                  );
                },
              },
              {
                key: "value",
                header: t("firings.value"),
                className: "font-semibold",
                cell: (firing) => {
                  const figures = firing.details.figures as { noConversions?: boolean; campaigns?: Array<{ bound?: string }> };
                  return firing.kind === "no-conversions" || (firing.kind === "cpa" && figures.noConversions)
                    ? t("measured.spentNoConversions", { amount: format.money(firing.value) })
                    : firing.kind === "ctr-drop"
                      ? t("measured.drop", { value: format.percent(firing.value) })
                      : firing.kind === "lost-is-budget" || firing.kind === "competitor-gaining"
                        ? formatBounded({ value: firing.value, bound: boundOf(figures.campaigns?.[0]?.bound) }, format.percent, {
                            below: (value) => t("measured.lessThan", { value }),
                            above: (value) => t("measured.moreThan", { value }),
                          })
                        : format.money(firing.value);
                },
              },
              {
                key: "threshold",
                header: t("firings.threshold"),
                cell: (firing) => thresholdText({ kind: firing.kind, threshold: firing.threshold, days: firing.days }, format, t),
              },
              {
                key: "data",
                header: t("firings.data"),
                className: "md:whitespace-nowrap",
                cell: (firing) => basisText(firing.details.basis, locale, t),
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";
