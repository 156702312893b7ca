/**
 * The newsletter's subscribers (`/admin/content/subscribers`): how many are pending, confirmed and
 * unsubscribed, the list filtered by status (GET) in pages, and Export CSV of the confirmed ones
 * (a form posting to `/admin/content/subscribers.csv`, which answers with the file; audited).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { AdminPage } from "~/components/admin/page-heading";
import { requireAdmin } from "~/auth/guards.server";
import { ContentNav } from "~/components/content/content-nav";
import { DataTable } from "~/components/data-table";
import { ListFilters, optionsOf, pickFilter } from "~/components/admin/list-filters";
import { db } from "~/db/db.server";
import { NEWSLETTER_STATUSES, type NewsletterStatus } from "~/db/schema";
import { withNamespaces } from "~/i18n/client-loader";
import { LOCALE_NAMES, type Locale } from "~/i18n/config";
import { countSubscribers, listSubscribers } from "~/newsletter/admin.server";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { numberFormat } from "~/utils/intl";
import { SubmitButton } from "~/components/submit-button";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "content"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const status = pickFilter(NEWSLETTER_STATUSES, search.get("status"));
  const [counts, subscribers] = await Promise.all([
    countSubscribers(db()),
    listSubscribers(db(), { status: status || undefined, page: pageFromSearch(search.get("page")) }),
  ]);
  return data({ meta: await pageMeta(params, "content", "subscribers.meta"), status, counts, subscribers });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const TONES: Record<NewsletterStatus, string> = {
  confirmed: "bg-brand-50 text-brand-900",
  pending: "bg-amber-100 text-amber-900",
  unsubscribed: "bg-slate-100 text-slate-800",
};

export default function Subscribers() {
  const { t, locale, loaderData } = usePage<typeof loader>("content");
  const { status, counts, subscribers } = loaderData;
  const format = (value: number) => numberFormat(locale).format(value);
  return (
    <AdminPage title={t("subscribers.title")} intro={t("subscribers.intro")} nav={<ContentNav />}>
      <dl className="grid grid-cols-3 gap-3" data-testid="subscriber-counts">
        {NEWSLETTER_STATUSES.map((value) => (
          <div key={value} className="rounded-2xl border border-slate-200 bg-surface p-4">
            <dt className="text-xs text-slate-600 sm:text-sm">{t(`subscribers.statuses.${value}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`count-${value}`}>
              {format(counts[value])}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <ListFilters
          fields={[
            {
              id: "subscriber-status",
              name: "status",
              label: t("subscribers.filter"),
              value: status,
              any: t("subscribers.allStatuses"),
              options: optionsOf(NEWSLETTER_STATUSES, (value) => t(`subscribers.statuses.${value}`)),
            },
          ]}
          submit={t("subscribers.apply")}
        />
        {/* A file download: the browser handles the answer itself, with or without JavaScript. */}
        <Form method="post" action={localePath(locale, "/admin/content/subscribers.csv")} reloadDocument>
          <SubmitButton>{t("subscribers.export", { count: counts.confirmed })}</SubmitButton>
        </Form>
      </div>
      <DataTable
        className="mt-4"
        testId="subscribers-table"
        summary={{
          count: t("subscribers.count", { count: subscribers.total }),
          clear: status ? t("subscribers.clear") : null,
        }}
        emptyState={t("subscribers.empty")}
        pagination={subscribers}
        rows={subscribers.items}
        rowKey={(subscriber) => subscriber.id}
        columns={[
          {
            key: "email",
            header: t("subscribers.columns.email"),
            primary: true,
            className: "break-all",
            cell: (subscriber) => subscriber.email,
          },
          {
            key: "language",
            header: t("subscribers.columns.language"),
            cell: (subscriber) => LOCALE_NAMES[subscriber.locale as Locale] ?? subscriber.locale,
          },
          {
            key: "status",
            header: t("subscribers.columns.status"),
            cell: (subscriber) => (
              <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[subscriber.status]}`}>
                {t(`subscribers.statuses.${subscriber.status}`)}
              </span>
            ),
          },
          {
            key: "subscribed",
            header: t("subscribers.columns.subscribed"),
            className: "text-slate-600",
            cell: (subscriber) => formatDate(subscriber.createdAt, locale),
          },
          {
            key: "confirmed",
            header: t("subscribers.columns.confirmed"),
            className: "text-slate-600",
            cell: (subscriber) => (subscriber.confirmedAt ? formatDate(subscriber.confirmedAt, locale) : "–"),
          },
        ]}
      />
    </AdminPage>
  );
}
