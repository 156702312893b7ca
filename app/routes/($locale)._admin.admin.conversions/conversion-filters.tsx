/** The conversions desk's filters (a GET form): `status`, `network`, `store`. */
import { ListFilters, optionsOf } from "~/components/admin/list-filters";
import { CONVERSION_NETWORKS } from "~/cashback/networks";
import { CONVERSION_STATUSES } from "~/db/schema";
import { useTranslation } from "~/i18n/react";

export function ConversionFilters({
  filters,
  stores,
}: {
  filters: { status: string; network: string; store: string };
  stores: Array<{ slug: string; name: string }>;
}) {
  const { t } = useTranslation("admin");
  const any = t("conversions.filters.any");
  return (
    <ListFilters
      className="mt-6"
      fields={[
        {
          id: "conversion-status",
          name: "status",
          label: t("conversions.filters.status"),
          value: filters.status,
          any,
          options: optionsOf(CONVERSION_STATUSES, (status) => t(`conversions.statuses.${status}`)),
        },
        {
          id: "conversion-network",
          name: "network",
          label: t("conversions.filters.network"),
          value: filters.network,
          any,
          options: optionsOf(CONVERSION_NETWORKS, (network) => t(`conversions.networks.${network}`)),
        },
        {
          id: "conversion-store",
          name: "store",
          label: t("conversions.filters.store"),
          value: filters.store,
          any,
          options: stores.map((store) => ({ value: store.slug, label: store.name })),
        },
      ]}
      submit={t("conversions.filters.apply")}
    />
  );
}
