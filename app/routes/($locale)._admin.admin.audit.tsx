/**
 * The audit log (`/admin/audit`): every admin action (who, what, on what, before and after, when,
 * from which client address), newest first, filtered by action, admin, subject and dates through a
 * GET form, and paged. Read only: the log has no form that changes it.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AdminPage } from "~/components/admin/page-heading";
import { auditActions, listAudit } from "~/audit/audit.server";
import { requireAdmin } from "~/auth/guards.server";
import { DataTable } from "~/components/data-table";
import { FilterCard, optionsOf } from "~/components/admin/list-filters";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { pageFromSearch } from "~/utils/pagination";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : "");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const filters = {
    action: (search.get("action") ?? "").slice(0, 80),
    actor: (search.get("actor") ?? "").slice(0, 120),
    subject: (search.get("subject") ?? "").slice(0, 120),
    from: isoDate(search.get("from")),
    to: isoDate(search.get("to")),
  };
  const [log, actions] = await Promise.all([
    listAudit(db(), {
      action: filters.action || undefined,
      actorEmail: filters.actor || undefined,
      subject: filters.subject || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      page: pageFromSearch(search.get("page")),
    }),
    auditActions(db()),
  ]);
  return { meta: await pageMeta(params, "admin", "audit.meta"), filters, log, actions };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

function Values({ values }: { values: Record<string, unknown> | null }) {
  if (!values || Object.keys(values).length === 0) return <span className="text-slate-500">–</span>;
  return (
    <dl className="space-y-0.5">
      {Object.entries(values).map(([key, value]) => (
        <div key={key} className="flex flex-wrap gap-x-1">
          <dt className="font-medium">{key}:</dt>
          <dd className="break-all font-mono">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminAudit() {
  const { t, locale, loaderData } = usePage<typeof loader>("admin");
  const { filters, log, actions } = loaderData;
  return (
    <AdminPage title={t("audit.title")} intro={t("audit.intro")}>
      <FilterCard
        className="mt-6 sm:grid-cols-2 lg:grid-cols-6"
        footerClassName="sm:col-span-2 lg:col-span-6"
        label={t("audit.filters")}
        primary
        fields={[
          {
            id: "audit-action",
            name: "action",
            label: t("audit.action"),
            value: filters.action,
            any: t("audit.anyAction"),
            options: optionsOf(actions, (action) => action),
            className: "lg:col-span-2",
          },
          { id: "audit-actor", name: "actor", label: t("audit.actor"), value: filters.actor },
          { id: "audit-subject", name: "subject", label: t("audit.subject"), value: filters.subject },
          { id: "audit-from", name: "from", type: "date", label: t("audit.from"), value: filters.from },
          { id: "audit-to", name: "to", type: "date", label: t("audit.to"), value: filters.to },
        ]}
        submit={t("audit.apply")}
      />
      <p className="mt-4 text-sm text-slate-600">{t("audit.count", { count: log.total })}</p>
      {/* From the tablet's width a table that scrolls sideways (focusable, for the keyboard); cards on a phone. */}
      <DataTable
        className="mt-3"
        testId="audit-log"
        caption={t("audit.title")}
        scroll="56rem"
        dense
        rows={log.items}
        rowKey={(row) => row.id}
        rowTestId="audit-row"
        empty={t("audit.empty")}
        pagination={log}
        columns={[
          {
            key: "when",
            header: t("audit.columns.when"),
            className: "md:whitespace-nowrap",
            cell: (row) => (
              <time dateTime={row.createdAt}>
                {formatDate(row.createdAt, locale)} {row.createdAt.slice(11, 19)} UTC
              </time>
            ),
          },
          {
            key: "who",
            header: t("audit.columns.who"),
            cell: (row) =>
              row.actor ? (
                <span className="break-all">{row.actor.email}</span>
              ) : (
                <span className="text-slate-600">{t("audit.system")}</span>
              ),
          },
          { key: "what", header: t("audit.columns.what"), className: "font-mono", cell: (row) => row.action },
          { key: "subject", header: t("audit.columns.subject"), className: "break-all font-mono", cell: (row) => row.subject },
          { key: "before", header: t("audit.columns.before"), cell: (row) => <Values values={row.before} /> },
          {
            key: "after",
            header: t("audit.columns.after"),
            cell: (row) => <Values values={row.after ?? (Object.keys(row.details).length ? row.details : null)} />,
          },
          { key: "address", header: t("audit.columns.address"), className: "font-mono", cell: (row) => row.clientAddress ?? "–" },
        ]}
      />
    </AdminPage>
  );
}
