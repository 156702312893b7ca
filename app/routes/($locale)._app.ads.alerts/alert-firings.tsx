/**
 * What fired recently for the client account: when, the notification's words, the measured value
 * against the threshold (a bounded share as the platform gave it) and the data it was measured on.
 */
import type { AlertFiring } from "~/ads/alerts.server";
import { formatBounded } from "~/ads/kpi-format";
import { DataTable } from "~/components/data-table";
import { useTranslation } from "~/i18n/react";
import { notificationValues } from "~/notifications/values";
import { formatDate } from "~/utils/dates";
import { basisText, boundOf, thresholdText, type Formatters } from "./alert-format";
import { Section } from "~/components/section";

export function AlertFirings({ firings, format, locale }: { firings: AlertFiring[]; format: Formatters; locale: string }) {
  const { t } = useTranslation("ads-alerts");
  const { t: tn } = useTranslation("notifications");
  return (
    <Section id="alert-firings" title={t("firings.title")} titleClassName="text-lg font-bold">
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
          rowTestId="alert-firing"
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
                  : firing.kind === "pacing"
                    ? t("measured.pace", { value: `${firing.value > 0 ? "+" : ""}${format.percent(firing.value)}` })
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
    </Section>
  );
}
