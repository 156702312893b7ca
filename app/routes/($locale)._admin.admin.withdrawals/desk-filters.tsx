/** The desk's filter form (GET): state, method, the member's e-mail, dates, and the batch shown. */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { batchMessageId } from "~/wallet/payout-files.server";
import { FILTERS, PAYOUT_METHOD_OPTIONS, type Filters } from "./filters";
import { SubmitButton } from "~/components/submit-button";

const control = "rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm";

export function DeskFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const filtered = Boolean(filters.method || filters.q || filters.from || filters.to || filters.batch || filters.state !== "open");
  return (
    <Form
      method="get"
      className="mt-4 grid gap-3 rounded-2xl border border-slate-200 bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      data-testid="withdrawal-filters"
    >
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">{t("withdrawals.filter")}</span>
        <select name="state" defaultValue={filters.state} className={`${control} w-full`}>
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`withdrawals.states.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">{t("withdrawals.method")}</span>
        <select name="method" defaultValue={filters.method} className={`${control} w-full`}>
          <option value="">{t("withdrawals.allMethods")}</option>
          {PAYOUT_METHOD_OPTIONS.map((method) => (
            <option key={method} value={method}>
              {t(`wallet:withdraw.methods.${method}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm sm:col-span-2">
        <span className="mb-1 block font-medium text-slate-800">{t("withdrawals.email")}</span>
        <input
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={100}
          placeholder={t("withdrawals.emailPlaceholder")}
          className={`${control} w-full`}
        />
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">{t("withdrawals.from")}</span>
        <input type="date" name="from" defaultValue={filters.from} className={`${control} w-full`} />
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">{t("withdrawals.to")}</span>
        <input type="date" name="to" defaultValue={filters.to} className={`${control} w-full`} />
      </label>
      {filters.batch ? <input type="hidden" name="batch" value={filters.batch} /> : null}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <SubmitButton className="btn-secondary">{t("withdrawals.apply")}</SubmitButton>
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
      </div>
    </Form>
  );
}
