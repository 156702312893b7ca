/**
 * The points history, newest first: filter links (all, earned, spent: query `filter`), the one
 * table (date, what, points with their sign, and points owed or repaid), paged (query `page`).
 */
import { Link } from "@remix-run/react";
import { Panel } from "~/components/app/panel";
import { DataTable } from "~/components/data-table";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import type { LoyaltyEntry } from "~/loyalty/points.server";
import { formatDate } from "~/utils/dates";
import { numberFormat } from "~/utils/intl";
import { localePath } from "~/utils/paths";
import type { LoyaltyData } from "./route";

const FILTERS = ["all", "earned", "spent"] as const;

/** What an entry was, as a translation key of `history.what` (the kind and its cause). */
const WHAT: Record<string, string> = {
  earn_cashback: "cashback",
  reverse_cashback: "cashbackReturned",
  earn_referral: "referral",
  reverse_referral: "referralReversed",
  earn_plan: "plan",
  reverse_plan: "planRefunded",
  redeem_redemption: "redeemed",
  expire_expiry: "expired",
};

type Entry = Pick<LoyaltyEntry, "id" | "kind" | "cause" | "points" | "owedPoints" | "reason" | "createdAt">;

export function LoyaltyHistory({ filter, history }: Pick<LoyaltyData, "filter" | "history">) {
  const { t } = useTranslation("loyalty");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  const signed = (points: number) => `${points > 0 ? "+" : points < 0 ? "\u2212" : ""}${number.format(Math.abs(points))}`;
  const what = (entry: Entry) =>
    entry.kind === "adjust"
      ? t("history.what.adjustment", { reason: entry.reason ?? "" })
      : t(`history.what.${WHAT[`${entry.kind}_${entry.cause}`] ?? entry.kind}`);
  return (
    <Panel id="history-title" title={t("history.heading")} testId="loyalty-history">
      <nav className="mt-3 flex flex-wrap gap-1 text-sm" aria-label={t("history.filterLabel")}>
        {FILTERS.map((key) => (
          <Link
            key={key}
            to={`${localePath(locale, "/loyalty")}${key === "all" ? "" : `?filter=${key}`}#history-title`}
            aria-current={filter === key ? "page" : undefined}
            className={`rounded-lg px-3 py-1 ${filter === key ? "bg-night text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {t(`history.filters.${key}`)}
          </Link>
        ))}
      </nav>
      <DataTable<Entry>
        testId="loyalty-history-table"
        caption={t("history.heading")}
        className="mt-3"
        rows={history.items}
        rowKey={(entry) => entry.id}
        rowProps={(entry) => ({ "data-testid": "loyalty-entry", "data-kind": entry.kind })}
        emptyState={t(`history.empty.${filter}`)}
        pagination={{ page: history.page, pageCount: history.pageCount }}
        columns={[
          {
            key: "date",
            header: t("history.date"),
            className: "whitespace-nowrap text-slate-600",
            cell: (entry) => <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, locale)}</time>,
          },
          { key: "what", header: t("history.whatHeading"), primary: true, cell: what },
          {
            key: "points",
            header: t("history.points"),
            numeric: true,
            cell: (entry) => (
              <>
                <span className={`font-semibold ${entry.points > 0 ? "text-brand-700" : "text-slate-900"}`} data-testid="entry-points">
                  {signed(entry.points)}
                </span>
                {entry.owedPoints !== 0 ? (
                  <span className="block text-xs font-normal text-slate-600" data-testid="entry-owed">
                    {t(entry.owedPoints > 0 ? "history.owed" : "history.repaid", {
                      count: Math.abs(entry.owedPoints),
                      points: number.format(Math.abs(entry.owedPoints)),
                    })}
                  </span>
                ) : null}
              </>
            ),
          },
        ]}
      />
    </Panel>
  );
}
