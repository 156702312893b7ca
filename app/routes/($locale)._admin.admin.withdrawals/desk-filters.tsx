/** The desk's filter form (GET): state, method, the member's e-mail, dates, and the batch shown. */
import { Link } from "@remix-run/react";
import { FilterCard, optionsOf } from "~/components/admin/list-filters";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { batchMessageId } from "~/wallet/payout-files.server";
import { FILTERS, PAYOUT_METHOD_OPTIONS, type Filters } from "./filters";

export function DeskFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const filtered = Boolean(filters.method || filters.q || filters.from || filters.to || filters.batch || filters.state !== "open");
  return (
    <FilterCard
      className="mt-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      footerClassName="sm:col-span-2"
      testId="withdrawal-filters"
      hidden={{ batch: filters.batch }}
      fields={[
        {
          id: "withdrawal-state",
          name: "state",
          label: t("withdrawals.filter"),
          value: filters.state,
          options: optionsOf(FILTERS, (value) => t(`withdrawals.states.${value}`)),
        },
        {
          id: "withdrawal-method",
          name: "method",
          label: t("withdrawals.method"),
          value: filters.method,
          any: t("withdrawals.allMethods"),
          options: optionsOf(PAYOUT_METHOD_OPTIONS, (method) => t(`wallet:withdraw.methods.${method}`)),
        },
        {
          id: "withdrawal-email",
          name: "q",
          label: t("withdrawals.email"),
          value: filters.q,
          maxLength: 100,
          placeholder: t("withdrawals.emailPlaceholder"),
          className: "sm:col-span-2",
        },
        { id: "withdrawal-from", name: "from", type: "date", label: t("withdrawals.from"), value: filters.from },
        { id: "withdrawal-to", name: "to", type: "date", label: t("withdrawals.to"), value: filters.to },
      ]}
      submit={t("withdrawals.apply")}
    >
      {filtered ? (
        <Link to={localePath(locale, "/admin/withdrawals")} className="text-sm font-semibold text-brand-700">
          {t("withdrawals.clear")}
        </Link>
      ) : null}
      {filters.batch ? (
        <span className="break-all text-sm text-slate-600">
          {t("withdrawals.batchFilter", { reference: batchMessageId(filters.batch) })}
        </span>
      ) : null}
    </FilterCard>
  );
}
