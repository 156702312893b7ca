/**
 * Partner stores (`/admin/stores`): every store, active or paused, with its network, the rate the
 * public pages show (the member's, 90%) and what the network pays; filters in the query string (`q` on the name,
 * `status`, `network`, `page`), a table on wide screens and cards on phones. New stores at
 * `/admin/stores/new`, each store's edit page (with Pause/Resume and its logo) at `/admin/stores/:slug`.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdmin } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { Pagination } from "~/components/pagination";
import { StoreLogo } from "~/components/stores/store-logo";
import { db } from "~/db/db.server";
import { STORE_NETWORKS, type StoreNetwork } from "~/db/schema";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { listStoresForAdmin, type AdminStoreRow } from "~/stores/admin.server";
import { headlineText, type Translate } from "~/stores/rates";
import { STORE_STATUSES, type StoreStatus } from "~/stores/store-form";
import { formatDate } from "~/utils/dates";
import { takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney, formatRate } from "~/utils/money";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "admin", "webshops"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { flash, headers } = await takeFlash(request);
  const search = new URL(request.url).searchParams;
  const query = (search.get("q") ?? "").slice(0, 100);
  const requestedStatus = search.get("status");
  const requestedNetwork = search.get("network");
  const status = (STORE_STATUSES as readonly string[]).includes(requestedStatus ?? "") ? (requestedStatus as StoreStatus) : "";
  const network = (STORE_NETWORKS as readonly string[]).includes(requestedNetwork ?? "") ? (requestedNetwork as StoreNetwork) : "";
  return data(
    {
      meta: await pageMeta(params, "admin", "stores.meta"),
      notice: flash?.kind === "notice" ? flash : null,
      query,
      status,
      network,
      stores: await listStoresForAdmin(db(), {
        query,
        status: status || undefined,
        network: network || undefined,
        page: pageFromSearch(search.get("page")),
      }),
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminStores() {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { stores, query, status, network, notice } = useLoaderData<typeof loader>();
  const filtered = Boolean(query || status || network);
  return (
    <div className="container-page py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("stores.title")}</h1>
        <Link to={localePath(locale, "/admin/stores/new")} className="btn-primary">
          {t("stores.new")}
        </Link>
      </div>
      <p className="mt-2 max-w-2xl text-slate-600">{t("stores.intro")}</p>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="store-search" className="mb-1 block text-sm font-medium text-slate-800">
            {t("stores.filters.search")}
          </label>
          <input
            id="store-search"
            type="search"
            name="q"
            defaultValue={query}
            className="w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm"
          />
        </div>
        <div>
          <label htmlFor="store-status" className="mb-1 block text-sm font-medium text-slate-800">
            {t("stores.filters.status")}
          </label>
          <select
            id="store-status"
            name="status"
            defaultValue={status}
            className="rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm"
          >
            <option value="">{t("stores.filters.allStatuses")}</option>
            {STORE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`stores.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="store-network" className="mb-1 block text-sm font-medium text-slate-800">
            {t("stores.filters.network")}
          </label>
          <select
            id="store-network"
            name="network"
            defaultValue={network}
            className="rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm"
          >
            <option value="">{t("stores.filters.allNetworks")}</option>
            {STORE_NETWORKS.map((value) => (
              <option key={value} value={value}>
                {t(`stores.networks.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("stores.filters.apply")}
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-600" role="status">
        {t("stores.count", { count: stores.total })}
        {filtered ? (
          <>
            {" "}
            <Link to={localePath(locale, "/admin/stores")} className="font-medium text-brand-700 underline">
              {t("stores.filters.clear")}
            </Link>
          </>
        ) : null}
      </p>
      {stores.items.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">{t("stores.empty")}</p>
      ) : (
        <>
          <div className="mt-4 hidden overflow-x-auto rounded-2xl border border-slate-200 bg-surface md:block">
            <table className="w-full text-left text-sm" data-testid="stores-table">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th className="px-4 py-3">{t("stores.columns.store")}</th>
                  <th className="px-4 py-3">{t("stores.columns.network")}</th>
                  <th className="px-4 py-3">{t("stores.columns.rate")}</th>
                  <th className="px-4 py-3">{t("stores.columns.share")}</th>
                  <th className="px-4 py-3">{t("stores.columns.status")}</th>
                  <th className="px-4 py-3">{t("stores.columns.updated")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {stores.items.map((store) => (
                  <StoreTableRow key={store.id} store={store} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="mt-4 space-y-3 md:hidden" data-testid="stores-cards">
            {stores.items.map((store) => (
              <StoreCard key={store.id} store={store} />
            ))}
          </ul>
        </>
      )}
      <Pagination page={stores.page} pageCount={stores.pageCount} />
    </div>
  );
}

function useStoreFacts(store: AdminStoreRow) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  return {
    href: localePath(locale, `/admin/stores/${store.slug}`),
    rate: headlineText(t as Translate, store.headline, locale),
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

function StatusBadge({ active, label }: { active: boolean; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${active ? "bg-brand-50 text-brand-900" : "bg-amber-100 text-amber-900"}`}
    >
      {label}
    </span>
  );
}

function StoreTableRow({ store }: { store: AdminStoreRow }) {
  const facts = useStoreFacts(store);
  return (
    <tr>
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          <StoreLogo name={store.name} logo={store.logo} size="h-8 w-8" />
          <div className="min-w-0">
            <Link to={facts.href} className="font-medium text-brand-700 hover:underline">
              {store.name}
            </Link>
            <p className="text-xs text-slate-600">{store.slug}</p>
          </div>
        </div>
      </td>
      <td className="px-4 py-3">{facts.network}</td>
      <td className="px-4 py-3">{facts.rate}</td>
      <td className="px-4 py-3">{facts.share}</td>
      <td className="px-4 py-3">
        <StatusBadge active={store.active} label={facts.status} />
      </td>
      <td className="px-4 py-3 text-slate-600">{facts.updated}</td>
    </tr>
  );
}

function StoreCard({ store }: { store: AdminStoreRow }) {
  const { t } = useTranslation("admin");
  const facts = useStoreFacts(store);
  return (
    <li className="rounded-2xl border border-slate-200 bg-surface p-4">
      <div className="flex items-center gap-3">
        <StoreLogo name={store.name} logo={store.logo} size="h-10 w-10" />
        <div className="min-w-0 flex-1">
          <Link to={facts.href} className="font-semibold text-brand-700 hover:underline">
            {store.name}
          </Link>
          <p className="break-all text-xs text-slate-600">{store.slug}</p>
        </div>
        <StatusBadge active={store.active} label={facts.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("stores.columns.network")}</dt>
        <dd>{facts.network}</dd>
        <dt className="text-slate-600">{t("stores.columns.rate")}</dt>
        <dd>{facts.rate}</dd>
        <dt className="text-slate-600">{t("stores.columns.share")}</dt>
        <dd>{facts.share}</dd>
        <dt className="text-slate-600">{t("stores.columns.updated")}</dt>
        <dd>{facts.updated}</dd>
      </dl>
    </li>
  );
}
