/**
 * Partner stores (`/admin/stores`): every store, active or paused, with its network, the rate the
 * public pages show (the member's, 90%) and what the network pays; filters in the query string (`q` on the name,
 * `status`, `network`, `page`), a table on wide screens and cards on phones. New stores at
 * `/admin/stores/new`, each store's edit page (with Pause/Resume and its logo) at `/admin/stores/:slug`.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation, usePage } from "~/i18n/react";
import { AdminPage } from "~/components/admin/page-heading";
import { requireAdmin } from "~/auth/guards.server";
import { StatusBadge } from "~/components/content/content-nav";
import { DataTable, type DataTableSummary } from "~/components/data-table";
import { ListFilters, optionsOf, pickFilter, searchWords } from "~/components/admin/list-filters";
import { StoreLogo } from "~/components/stores/store-logo";
import { db } from "~/db/db.server";
import { STORE_NETWORKS } from "~/db/schema";
import { withNamespaces } from "~/i18n/client-loader";
import type { Locale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { listStoresForAdmin, type AdminStoreRow } from "~/stores/admin.server";
import { headlineText, type Translate } from "~/stores/rates";
import { STORE_STATUSES } from "~/stores/store-form";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageWithNotice } from "~/utils/http.server";
import { formatMoney, formatRate } from "~/utils/money";
import { pageFromSearch, type Page } from "~/utils/pagination";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "admin", "webshops"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const query = searchWords(search);
  const status = pickFilter(STORE_STATUSES, search.get("status"));
  const network = pickFilter(STORE_NETWORKS, search.get("network"));
  return pageWithNotice(request, params, ["admin", "stores.meta"], {
    query,
    status,
    network,
    stores: await listStoresForAdmin(db(), {
      query,
      status: status || undefined,
      network: network || undefined,
      page: pageFromSearch(search.get("page")),
    }),
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminStores() {
  const { t, locale, loaderData } = usePage<typeof loader>("admin");
  const { stores, query, status, network, notice } = loaderData;
  const filtered = Boolean(query || status || network);
  return (
    <AdminPage
      title={t("stores.title")}
      intro={t("stores.intro")}
      action={{ to: localePath(locale, "/admin/stores/new"), label: t("stores.new") }}
      notice={notice ? t(notice.key, notice.values) : null}
    >
      <ListFilters
        className="mt-6"
        fields={[
          { id: "store-search", name: "q", label: t("stores.filters.search"), value: query },
          {
            id: "store-status",
            name: "status",
            label: t("stores.filters.status"),
            value: status,
            any: t("stores.filters.allStatuses"),
            options: optionsOf(STORE_STATUSES, (value) => t(`stores.status.${value}`)),
          },
          {
            id: "store-network",
            name: "network",
            label: t("stores.filters.network"),
            value: network,
            any: t("stores.filters.allNetworks"),
            options: optionsOf(STORE_NETWORKS, (value) => t(`stores.networks.${value}`)),
          },
        ]}
        submit={t("stores.filters.apply")}
      />
      <StoresTable
        stores={stores}
        summary={{
          count: t("stores.count", { count: stores.total }),
          clear: filtered ? t("stores.filters.clear") : null,
        }}
      />
    </AdminPage>
  );
}

function storeFacts(store: AdminStoreRow, t: Translate, locale: Locale) {
  return {
    href: localePath(locale, `/admin/stores/${store.slug}`),
    rate: headlineText(t, store.headline, locale),
    share:
      store.networkHeadline.kind === "fixed"
        ? formatMoney(store.networkHeadline.amountCents, locale)
        : store.networkHeadline.upTo
          ? t("stores.networkUpTo", { rate: formatRate(store.networkHeadline.rateBps, locale) })
          : formatRate(store.networkHeadline.rateBps, locale),
    network: t(`stores.networks.${store.network}`),
    status: t(`stores.status.${store.active ? "active" : "paused"}`),
    updated: formatDate(store.updatedAt, locale),
  };
}

function StoresTable({ stores, summary }: { stores: Page<AdminStoreRow>; summary: DataTableSummary }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const facts = (store: AdminStoreRow) => storeFacts(store, t as Translate, locale);
  return (
    <DataTable
      className="mt-4"
      testId="stores-table"
      summary={summary}
      emptyState={t("stores.empty")}
      pagination={stores}
      rows={stores.items}
      rowKey={(store) => store.id}
      rowTestId="store-row"
      columns={[
        {
          key: "store",
          header: t("stores.columns.store"),
          primary: true,
          cell: (store) => (
            <div className="flex items-center gap-3">
              <StoreLogo name={store.name} logo={store.logo} size="h-8 w-8" />
              <div className="min-w-0">
                <Link to={facts(store).href} className="font-medium text-brand-700 hover:underline">
                  {store.name}
                </Link>
                <p className="break-all text-xs font-normal text-slate-600">{store.slug}</p>
              </div>
            </div>
          ),
        },
        { key: "network", header: t("stores.columns.network"), cell: (store) => facts(store).network },
        { key: "rate", header: t("stores.columns.rate"), cell: (store) => facts(store).rate },
        { key: "share", header: t("stores.columns.share"), cell: (store) => facts(store).share },
        {
          key: "status",
          header: t("stores.columns.status"),
          cell: (store) => <StatusBadge live={store.active} label={facts(store).status} />,
        },
        { key: "updated", header: t("stores.columns.updated"), className: "text-slate-600", cell: (store) => facts(store).updated },
      ]}
    />
  );
}
