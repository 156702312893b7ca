/** The account's history: ledger entries, clicks and conversions, referred friends. */
import { StatusBadge } from "~/components/cashback/activity-list";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { labelText } from "~/wallet/display";
import { TableSection } from "./section";
import type { LoaderData } from "./route";

export function LedgerSection({ ledger }: { ledger: LoaderData["ledger"] }) {
  const { t } = useTranslation("admin");
  const { t: tw } = useTranslation("wallet");
  const locale = usePageLocale();
  return (
    <TableSection
      title={t("users.ledger.title")}
      id="ledger-title"
      empty={t("users.ledger.empty")}
      testId="ledger-table"
      rows={ledger.items}
      rowKey={(item) => item.id}
      pagination={{ page: ledger.page, pageCount: ledger.pageCount, param: "ledgerPage" }}
      columns={[
        {
          key: "date",
          header: t("users.ledger.date"),
          className: "md:whitespace-nowrap",
          cell: (item) => formatDate(item.createdAt, locale),
        },
        { key: "type", header: t("users.ledger.type"), cell: (item) => tw(`types.${item.type}`) },
        {
          key: "description",
          header: t("users.ledger.description"),
          className: "break-words",
          cell: (item) => labelText(item.label, tw),
        },
        { key: "status", header: t("users.ledger.status"), cell: (item) => tw(`statuses.${item.status}`) },
        {
          key: "amount",
          header: t("users.ledger.amount"),
          numeric: true,
          className: "whitespace-nowrap font-semibold",
          cell: (item) => (
            <span className={item.direction === "credit" ? "text-green-800" : "text-slate-900"}>
              {item.direction === "credit" ? "+" : "−"}
              {formatMoney(item.amountCents, locale)}
            </span>
          ),
        },
      ]}
    />
  );
}

export function CashbackSection({ cashback }: { cashback: LoaderData["cashback"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  return (
    <TableSection
      title={t("users.cashback.title")}
      id="cashback-title"
      empty={t("users.cashback.empty")}
      rows={cashback.items}
      rowKey={(row) => row.key}
      pagination={{ page: cashback.page, pageCount: cashback.pageCount, param: "clicksPage" }}
      columns={[
        {
          key: "clicked",
          header: t("users.cashback.clicked"),
          className: "md:whitespace-nowrap",
          cell: (row) => formatDate(row.clickedAt, locale),
        },
        { key: "store", header: t("users.cashback.store"), cell: (row) => row.store.name },
        { key: "status", header: t("users.cashback.status"), cell: (row) => <StatusBadge status={row.status} /> },
        {
          key: "sale",
          header: t("users.cashback.sale"),
          className: "whitespace-nowrap tabular-nums",
          cell: (row) => (row.conversion ? formatMoney(row.conversion.saleAmountCents, locale) : "—"),
        },
        {
          key: "cashback",
          header: t("users.cashback.cashback"),
          className: "whitespace-nowrap tabular-nums",
          cell: (row) => (row.conversion ? formatMoney(row.conversion.cashbackCents, locale) : "—"),
        },
      ]}
    />
  );
}

export function ReferralsSection({ referrals }: { referrals: LoaderData["referrals"] }) {
  const { t } = useTranslation("admin");
  const { t: tr } = useTranslation("referrals");
  const locale = usePageLocale();
  return (
    <TableSection
      title={t("users.referrals.title")}
      id="referrals-title"
      empty={t("users.referrals.empty")}
      rows={referrals}
      rowKey={(friend) => friend.id}
      columns={[
        { key: "name", header: t("users.referrals.name"), cell: (friend) => friend.name },
        {
          key: "signedUp",
          header: t("users.referrals.signedUp"),
          className: "md:whitespace-nowrap",
          cell: (friend) => formatDate(friend.signedUpAt, locale),
        },
        { key: "status", header: t("users.referrals.status"), cell: (friend) => tr(`statuses.${friend.status}`) },
        {
          key: "bonus",
          header: t("users.referrals.bonus"),
          className: "whitespace-nowrap tabular-nums",
          cell: (friend) => (friend.bonusCents !== null ? formatMoney(friend.bonusCents, locale) : "—"),
        },
      ]}
    />
  );
}
