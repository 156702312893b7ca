/**
 * The messages desk (`/admin/messages`): every message sent through the contact form, newest
 * first, with the count of new (unopened) ones in the heading; filters in the query string (`q` on
 * the sender's name, e-mail, company and the text, `status`, `page`); a table on wide screens and
 * cards on phones. Each message opens at `/admin/messages/:id` (read, reply, done, reopen).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation, usePage } from "~/i18n/react";
import { AdminPage } from "~/components/admin/page-heading";
import { requireAdmin } from "~/auth/guards.server";
import { languageName, MessageStatusBadge } from "~/components/messages/message-status";
import { DataTable, type DataTableSummary } from "~/components/data-table";
import { ListFilters, optionsOf, pickFilter, searchWords } from "~/components/admin/list-filters";
import { countNewMessages, listMessages, type DeskMessageRow } from "~/contact/admin.server";
import { db } from "~/db/db.server";
import { CONTACT_STATUSES } from "~/db/schema";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageWithNotice } from "~/utils/http.server";
import { pageFromSearch, type Page } from "~/utils/pagination";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const query = searchWords(search);
  const status = pickFilter(CONTACT_STATUSES, search.get("status"));
  return pageWithNotice(request, params, ["admin", "messages.meta"], {
    query,
    status,
    newCount: await countNewMessages(db()),
    messages: await listMessages(db(), { query, status: status || undefined, page: pageFromSearch(search.get("page")) }),
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminMessages() {
  const { t, loaderData } = usePage<typeof loader>("admin");
  const { messages, query, status, newCount, notice } = loaderData;
  const filtered = Boolean(query || status);
  return (
    <AdminPage
      title={t("messages.title")}
      intro={t("messages.intro")}
      badge={
        newCount > 0 ? (
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900" data-testid="new-messages">
            {" "}
            {t("messages.newCount", { count: newCount })}{" "}
          </span>
        ) : null
      }
      notice={notice ? t(notice.key, notice.values) : null}
    >
      <ListFilters
        className="mt-6"
        fields={[
          { id: "message-search", name: "q", label: t("messages.filters.search"), value: query },
          {
            id: "message-status",
            name: "status",
            label: t("messages.filters.status"),
            value: status,
            any: t("messages.filters.allStatuses"),
            options: optionsOf(CONTACT_STATUSES, (value) => t(`messages.status.${value}`)),
          },
        ]}
        submit={t("messages.filters.apply")}
      />
      <MessagesTable
        messages={messages}
        summary={{
          count: <span data-testid="messages-count">{t("messages.count", { count: messages.total })}</span>,
          clear: filtered ? t("messages.filters.clear") : null,
        }}
      />
    </AdminPage>
  );
}

function MessagesTable({ messages, summary }: { messages: Page<DeskMessageRow>; summary: DataTableSummary }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const unread = (message: DeskMessageRow) => message.status === "new";
  return (
    <DataTable
      className="mt-4"
      testId="messages-table"
      summary={summary}
      emptyState={t("messages.empty")}
      pagination={messages}
      rows={messages.items}
      rowKey={(message) => message.id}
      rowProps={(message) => ({ "data-testid": `message-${message.status}` })}
      columns={[
        {
          key: "from",
          header: t("messages.columns.from"),
          primary: true,
          cell: (message) => (
            <>
              <Link
                to={localePath(locale, `/admin/messages/${message.id}`)}
                className={`text-brand-700 hover:underline ${unread(message) ? "font-bold" : "font-medium"}`}
              >
                {message.name}
              </Link>
              <p className="break-all text-xs font-normal text-slate-600">{message.email}</p>
              {message.company ? <p className="text-xs font-normal text-slate-600">{message.company}</p> : null}
            </>
          ),
        },
        {
          key: "message",
          header: t("messages.columns.message"),
          className: "md:max-w-md",
          cell: (message) => (
            <p className={`line-clamp-3 break-words md:line-clamp-2 ${unread(message) ? "font-semibold" : ""}`}>{message.excerpt}</p>
          ),
        },
        { key: "language", header: t("messages.columns.language"), cell: (message) => languageName(message.locale, locale) },
        {
          key: "received",
          header: t("messages.columns.received"),
          className: "text-slate-600 md:whitespace-nowrap",
          cell: (message) => formatDate(message.createdAt, locale),
        },
        { key: "status", header: t("messages.columns.status"), cell: (message) => <MessageStatusBadge status={message.status} /> },
      ]}
    />
  );
}
