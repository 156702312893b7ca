/**
 * Cashback: the member's visits to partner stores and the cashback each earned (status, expected
 * confirmation, "Claim missing cashback" where a claim is open), summary figures, filters (status,
 * store, period) in the query string, pages, and the member's missing-cashback claims.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { ACTIVITY_RANGES, ACTIVITY_STATUSES } from "~/cashback/activity-filters";
import { activityFiltersFromSearch, cashbackActivity } from "~/cashback/activity.server";
import { claimsOf } from "~/cashback/claims.server";
import { FlashNotice } from "~/components/flash-notice";
import { ActivityList, ClaimList } from "~/components/cashback/activity-list";
import { Pagination } from "~/components/pagination";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";
import { formatMoney } from "~/utils/money";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { EmptyListText, LabelledSelect, StatCards } from "~/components/app/panel";
import { SubmitButton } from "~/components/submit-button";
import { pageWithNotice } from "~/utils/http.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "cashback"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const filters = activityFiltersFromSearch(search);
  const [activity, claims] = await Promise.all([
    cashbackActivity(db(), user.id, filters, { page: pageFromSearch(search.get("page")) }),
    claimsOf(db(), user.id),
  ]);
  return pageWithNotice(request, params, ["cashback", "meta"], {
    filters: { status: filters.status ?? "", store: filters.store ?? "", range: filters.range },
    activity,
    claims,
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const RANGE_KEY = { "30": "ranges.d30", "90": "ranges.d90", "365": "ranges.d365", all: "ranges.all" } as const;

export default function CashbackPage() {
  const { t, locale, loaderData } = usePage<typeof loader>("cashback");
  const { filters, activity, claims, notice } = loaderData;
  const filtered = Boolean(filters.status || filters.store || filters.range !== "all");
  const select = "block w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm";
  const cards = [
    { key: "pending", value: formatMoney(activity.summary.pendingCents, locale), hint: t("summary.pendingHint") },
    { key: "confirmed", value: formatMoney(activity.summary.confirmedCents, locale), hint: t("summary.confirmedHint") },
    { key: "clicks", value: String(activity.summary.clicks), hint: t(RANGE_KEY[filters.range]) },
  ] as const;
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("intro")}</p>
      <FlashNotice testId="notice">{notice ? t(notice.key, notice.values) : null}</FlashNotice>

      <StatCards stats={cards.map((card) => ({ ...card, label: t(`summary.${card.key}`), testId: `summary-${card.key}` }))} />

      <Form method="get" className="mt-6 rounded-2xl border border-slate-200 bg-surface p-4" aria-label={t("filters.label")}>
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
          {(
            [
              ["status", t("filters.allStatuses"), ACTIVITY_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))],
              ["store", t("filters.allStores"), activity.stores.map((store) => ({ value: store.slug, label: store.name }))],
              ["range", undefined, ACTIVITY_RANGES.map((range) => ({ value: range, label: t(RANGE_KEY[range]) }))],
            ] as const
          ).map(([name, all, options]) => (
            <LabelledSelect
              key={name}
              label={t(`filters.${name}`)}
              name={name}
              defaultValue={filters[name]}
              className={select}
              all={all}
              options={options}
            />
          ))}
          <SubmitButton>{t("filters.apply")}</SubmitButton>
        </div>
        {filtered ? (
          <Link to={localePath(locale, "/cashback")} className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
            {t("filters.clear")}
          </Link>
        ) : null}
      </Form>

      <section className="mt-6" aria-labelledby="activity-title">
        <h2 id="activity-title" className="sr-only">
          {t("list.title")}
        </h2>
        {activity.items.length === 0 ? (
          <div className="rounded-2xl border border-slate-200 bg-surface px-5 py-10 text-center" data-testid="cashback-empty">
            {filtered ? (
              <EmptyListText title={t("empty.filteredTitle")} text={t("empty.filteredText")}>
                <Link to={localePath(locale, "/cashback")} className="mt-3 inline-block text-sm font-semibold text-brand-700">
                  {t("filters.clear")}
                </Link>
              </EmptyListText>
            ) : (
              <EmptyListText title={t("empty.title")} text={t("empty.text")}>
                <Link to={localePath(locale, "/webshops")} className="btn-primary mt-4">
                  {t("empty.cta")}
                </Link>
              </EmptyListText>
            )}
          </div>
        ) : (
          <ActivityList items={activity.items} />
        )}
        <Pagination page={activity.page} pageCount={activity.pageCount} />
      </section>

      <section className="mt-10" aria-labelledby="claims-title">
        <h2 id="claims-title" className="text-xl font-bold">
          {t("claims.title")}
        </h2>
        <p className="mb-4 mt-1 text-sm text-slate-600">{t("claims.intro")}</p>
        <ClaimList claims={claims} />
      </section>
    </div>
  );
}
