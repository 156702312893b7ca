/** Webshops: the directory of partner stores (GET search, category filter, pages) and the integration features. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { type IconName } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { StoreLogo } from "~/components/stores/store-logo";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { STORE_CATEGORIES, isStoreCategory } from "~/stores/categories";
import { headlineText, type Translate } from "~/stores/rates";
import { listStores } from "~/stores/stores.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";
import { CardGrid } from "~/components/marketing";
import { EmptyState, PageHeader } from "~/components/public-pages";
import { SearchField } from "~/components/search-form";
import { FilterField, optionsOf } from "~/components/admin/list-filters";
import { SubmitButton } from "~/components/submit-button";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "webshops"], pageCache: true };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const search = new URL(request.url).searchParams;
  const query = (search.get("q") ?? "").slice(0, 100);
  const category = search.get("category");
  const stores = await listStores(db(), {
    locale,
    query,
    category: isStoreCategory(category) ? category : undefined,
    page: pageFromSearch(search.get("page")),
  });
  return {
    meta: await pageMeta(params, "webshops", "meta"),
    query,
    category: isStoreCategory(category) ? category : "",
    stores,
  };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const FEATURES: Array<{ id: string; icon: IconName }> = [
  { id: "seamless", icon: "plug" },
  { id: "fast", icon: "bolt" },
  { id: "notifications", icon: "bell" },
];

export default function WebshopsPage() {
  const { t, locale, loaderData } = usePage<typeof loader>("webshops");
  const { query, category, stores } = loaderData;

  return (
    <div className="container-page py-16">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />

      <Form method="get" role="search" className="mx-auto mt-10 flex max-w-3xl flex-wrap gap-2">
        <SearchField
          id="store-search"
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          defaultValue={query}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-2.5 text-sm"
        />
        <FilterField
          labelClassName="sr-only"
          controlClassName="block rounded-lg border border-slate-300 px-3 py-2.5 text-sm"
          field={{
            id: "store-category",
            name: "category",
            label: t("search.category"),
            value: category,
            any: t("search.allCategories"),
            options: optionsOf(STORE_CATEGORIES, (id) => t(`categories.${id}`)),
          }}
        />
        <SubmitButton>{t("search.submit")}</SubmitButton>
      </Form>

      <p className="mt-6 text-center text-sm text-slate-600" role="status">
        {t("search.count", { count: stores.total })}
        {query || category ? (
          <>
            {" "}
            <Link to={localePath(locale, "/webshops")} className="font-medium text-brand-700 underline">
              {t("search.clear")}
            </Link>
          </>
        ) : null}
      </p>

      {stores.items.length === 0 ? (
        <EmptyState title={t("empty.title")} text={t("empty.text")} className="mx-auto mt-10 max-w-xl" />
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="store-list">
          {stores.items.map((store) => (
            <li key={store.slug} className="flex flex-col rounded-2xl border border-slate-200 p-5 shadow-sm">
              <div className="flex items-center gap-4">
                <StoreLogo name={store.name} logo={store.logo} />
                <div>
                  <h2 className="font-semibold">
                    <Link to={localePath(locale, `/webshops/${store.slug}`)} className="hover:underline">
                      {store.name}
                    </Link>
                  </h2>
                  <p className="text-xs text-slate-600">{t(`categories.${store.category}`)}</p>
                </div>
              </div>
              <p className="mt-4 text-lg font-bold text-brand-700">{headlineText(t as Translate, store.headline, locale)}</p>
              <p className="mt-1 line-clamp-2 flex-1 text-sm text-slate-600">{store.description}</p>
              <Link to={localePath(locale, `/out/${store.slug}`)} reloadDocument rel="nofollow" className="btn-primary mt-4">
                {t("shopNow")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={stores.page} pageCount={stores.pageCount} />

      <section className="mt-20 rounded-3xl bg-slate-50 p-8 sm:p-12" aria-labelledby="integration-title">
        <h2 id="integration-title" className="text-center text-3xl font-bold tracking-tight">
          {t("integration.title")}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{t("integration.text")}</p>
        <CardGrid
          className="mt-10 grid gap-6 md:grid-cols-3"
          titleClassName="mt-4 font-semibold"
          iconClassName="h-7 w-7 text-brand-700"
          cards={FEATURES.map((feature) => ({
            key: feature.id,
            icon: feature.icon,
            title: t(`integration.features.${feature.id}.title`),
            text: t(`integration.features.${feature.id}.text`),
          }))}
        />
      </section>
    </div>
  );
}
