/**
 * The client account's alerts: what each watches, its threshold, on or off and when it last
 * fired, with forms to turn it on or off (`intent=toggle`, `alertId`, `enabled`) and to delete it
 * (`intent=delete`, `alertId`).
 */
import { Form } from "@remix-run/react";
import type { AdAlert } from "~/ads/alerts.server";
import { DataTable } from "~/components/data-table";
import { useTranslation } from "~/i18n/react";
import { formatDate } from "~/utils/dates";
import { KIND_KEYS, thresholdText, type Formatters } from "./alert-format";
import { Section } from "~/components/section";

export function AlertsList({
  alerts,
  format,
  formAction,
  locale,
}: {
  alerts: AdAlert[];
  format: Formatters;
  formAction: string;
  locale: string;
}) {
  const { t } = useTranslation("ads-alerts");
  return (
    <Section id="alerts-list" title={t("list.title")} className="mt-6" titleClassName="text-lg font-bold">
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
          rowTestId="alert-row"
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
    </Section>
  );
}
