/** The conversions desk's filters (a GET form): `status`, `network`, `store`. */
import { Form } from "@remix-run/react";
import { CONVERSION_NETWORKS } from "~/cashback/networks";
import { CONVERSION_STATUSES } from "~/db/schema";
import { useTranslation } from "~/i18n/react";

const selectClass = "rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm";

export function ConversionFilters({
  filters,
  stores,
}: {
  filters: { status: string; network: string; store: string };
  stores: Array<{ slug: string; name: string }>;
}) {
  const { t } = useTranslation("admin");
  return (
    <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
      <label className="text-sm font-medium text-slate-800">
        <span className="mb-1 block">{t("conversions.filters.status")}</span>
        <select name="status" defaultValue={filters.status} className={selectClass}>
          <option value="">{t("conversions.filters.any")}</option>
          {CONVERSION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`conversions.statuses.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        <span className="mb-1 block">{t("conversions.filters.network")}</span>
        <select name="network" defaultValue={filters.network} className={selectClass}>
          <option value="">{t("conversions.filters.any")}</option>
          {CONVERSION_NETWORKS.map((network) => (
            <option key={network} value={network}>
              {t(`conversions.networks.${network}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        <span className="mb-1 block">{t("conversions.filters.store")}</span>
        <select name="store" defaultValue={filters.store} className={selectClass}>
          <option value="">{t("conversions.filters.any")}</option>
          {stores.map((store) => (
            <option key={store.slug} value={store.slug}>
              {store.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary">
        {t("conversions.filters.apply")}
      </button>
    </Form>
  );
}
