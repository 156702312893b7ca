/**
 * The partner programme (`/partner`, partners only): the businesses the partner referred, their
 * subscription payments with the commission on each (on hold, available, cancelled or taken back)
 * and the monthly totals as a server-rendered bar chart. Read-only; the rules are in
 * app/partner/commissions.server.ts.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { BarChart } from "~/components/charts";
import { db } from "~/db/db.server";
import type { PartnerCommissionStatus } from "~/db/schema";
import { withNamespaces } from "~/i18n/client-loader";
import { COMMISSION_HOLD_DAYS, getPartnerOverview } from "~/partner/commissions.server";
import { formatDate, monthName } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney, formatMoneyWhole, formatRate } from "~/utils/money";
import { Panel, PanelList, StatCards } from "~/components/app/panel";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "app", "partner"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  if (user.role !== "partner") throw data({ reason: "role" }, { status: 403 });
  const overview = await getPartnerOverview(db(), user.id);
  return { meta: await pageMeta(params, "partner", "meta"), overview, holdDays: COMMISSION_HOLD_DAYS };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const STATUS_STYLE: Record<PartnerCommissionStatus, string> = {
  held: "bg-amber-50 text-amber-900",
  available: "bg-brand-100 text-brand-900",
  cancelled: "bg-slate-100 text-slate-700",
  reversed: "bg-red-50 text-red-800",
};

function monthLabel(month: string, locale: string): string {
  return monthName(month, locale, "short");
}

export default function Partner() {
  const { t, locale, loaderData } = usePage<typeof loader>("partner");
  const { overview, holdDays } = loaderData;
  const hasCommission = overview.months.some((month) => month.cents > 0);
  return (
    <div className="container-page max-w-5xl py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("intro", { rate: formatRate(overview.rateBps, locale), days: holdDays })}</p>

      <StatCards
        testId="partner-totals"
        valueClassName="mt-1 text-2xl font-bold tabular-nums text-slate-900"
        stats={(
          [
            ["held", overview.heldCents],
            ["available", overview.availableCents],
            ["clawedBack", overview.clawedBackCents],
          ] as const
        ).map(([key, cents]) => ({ key, label: t(`totals.${key}`), value: formatMoney(cents, locale) }))}
      />

      <Panel id="chart-title" title={t("chart.heading")} testId="partner-chart">
        <BarChart
          className="mt-4"
          title={t("chart.title")}
          emptyText={t("chart.empty")}
          seriesLabels={{ value: t("chart.series") }}
          bars={hasCommission ? overview.months.map((month) => ({ label: monthLabel(month.month, locale), value: month.cents })) : []}
          formatValue={(cents) => formatMoneyWhole(cents, locale)}
        />
      </Panel>

      <PanelList
        id="businesses-title"
        title={t("businesses.heading")}
        items={overview.businesses}
        empty={t("businesses.empty")}
        testId="partner-businesses"
      >
        {(business) => (
          <li key={business.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="break-words font-semibold text-slate-900">{business.name}</p>
              <p className="text-sm text-slate-600">
                {t("businesses.signedUp")}: {formatDate(business.signedUpAt, locale)}
              </p>
            </div>
            <p className="text-sm tabular-nums text-slate-700">
              {t("businesses.paid")}: {formatMoney(business.paidCents, locale)} · {t("businesses.commission")}:{" "}
              <span className="font-semibold text-brand-800">{formatMoney(business.commissionCents, locale)}</span>
            </p>
          </li>
        )}
      </PanelList>

      <PanelList
        id="payments-title"
        title={t("payments.heading")}
        items={overview.payments}
        empty={t("payments.empty")}
        testId="partner-payments"
      >
        {(payment) => (
          <li
            key={payment.commissionId}
            className="flex flex-wrap items-start justify-between gap-3 py-3"
            data-testid={`commission-${payment.status}`}
          >
            <div className="min-w-0">
              <p className="break-words font-semibold text-slate-900">
                {payment.businessName} · {payment.planName}
              </p>
              <p className="text-sm text-slate-600">
                {t("payments.date")}: {formatDate(payment.paidAt, locale)} · {t("payments.amount")}:{" "}
                {formatMoney(payment.paymentAmountCents, locale)} · {t("payments.rate")}: {formatRate(payment.rateBps, locale)}
              </p>
              {payment.status === "held" ? (
                <p className="text-sm text-slate-600">{t("payments.releases", { date: formatDate(payment.releaseAt, locale) })}</p>
              ) : null}
            </div>
            <div className="flex items-center gap-3">
              <span
                className={`text-sm font-semibold tabular-nums ${payment.status === "held" || payment.status === "available" ? "text-brand-800" : "text-slate-600 line-through"}`}
              >
                <span className="sr-only">{t("payments.commission")}: </span>
                {formatMoney(payment.amountCents, locale)}
              </span>
              <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_STYLE[payment.status]}`}>
                {t(`statuses.${payment.status}`)}
              </span>
            </div>
          </li>
        )}
      </PanelList>
    </div>
  );
}
