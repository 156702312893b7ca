/** The account's history: ledger entries, clicks and conversions, referred friends. */
import { StatusBadge } from "~/components/cashback/activity-list";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatMoney } from "~/utils/money";
import { labelText } from "~/wallet/display";
import { columnsFor, TableSection } from "./section";
import type { LoaderData } from "./route";

export function LedgerSection({ ledger }: { ledger: LoaderData["ledger"] }) {
  const { t } = useTranslation("admin");
  const { t: tw } = useTranslation("wallet");
  const locale = usePageLocale();
  const column = columnsFor<(typeof ledger.items)[number]>(locale);
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
        column.date("date", t("users.ledger.date"), (item) => item.createdAt),
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
  const column = columnsFor<(typeof cashback.items)[number]>(locale);
  return (
    <TableSection
      title={t("users.cashback.title")}
      id="cashback-title"
      empty={t("users.cashback.empty")}
      rows={cashback.items}
      rowKey={(row) => row.key}
      pagination={{ page: cashback.page, pageCount: cashback.pageCount, param: "clicksPage" }}
      columns={[
        column.date("clicked", t("users.cashback.clicked"), (row) => row.clickedAt),
        { key: "store", header: t("users.cashback.store"), cell: (row) => row.store.name },
        { key: "status", header: t("users.cashback.status"), cell: (row) => <StatusBadge status={row.status} /> },
        column.money("sale", t("users.cashback.sale"), (row) => row.conversion?.saleAmountCents ?? null),
        column.money("cashback", t("users.cashback.cashback"), (row) => row.conversion?.cashbackCents ?? null),
      ]}
    />
  );
}

export function ReferralsSection({ referrals }: { referrals: LoaderData["referrals"] }) {
  const { t } = useTranslation("admin");
  const { t: tr } = useTranslation("referrals");
  const locale = usePageLocale();
  const column = columnsFor<(typeof referrals)[number]>(locale);
  return (
    <TableSection
      title={t("users.referrals.title")}
      id="referrals-title"
      empty={t("users.referrals.empty")}
      rows={referrals}
      rowKey={(friend) => friend.id}
      columns={[
        { key: "name", header: t("users.referrals.name"), cell: (friend) => friend.name },
        column.date("signedUp", t("users.referrals.signedUp"), (friend) => friend.signedUpAt),
        { key: "status", header: t("users.referrals.status"), cell: (friend) => tr(`statuses.${friend.status}`) },
        column.money("bonus", t("users.referrals.bonus"), (friend) => friend.bonusCents),
      ]}
    />
  );
}
