/**
 * The back office's accounts (`/admin/users`): search by name or e-mail (`q`), filter by role
 * (`role`: user, partner, admin) and state (`state`: active, suspended, unverified), all GET, paged
 * with the filters kept; each row opens the account's page (`/admin/users/:id`).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdmin } from "~/auth/guards.server";
import { DataTable } from "~/components/data-table";
import { Pagination } from "~/components/pagination";
import { AccountStateBadge } from "~/components/users/account-state-badge";
import { db } from "~/db/db.server";
import { ROLES } from "~/db/schema";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { ACCOUNT_STATES } from "~/users/account-states";
import { accountFiltersFrom, findAccounts } from "~/users/admin.server";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const filters = accountFiltersFrom(search);
  return {
    meta: await pageMeta(params, "admin", "users.meta"),
    filters: { q: filters.query ?? "", role: filters.role ?? "", state: filters.state ?? "" },
    users: await findAccounts(db(), filters, { page: pageFromSearch(search.get("page")) }),
  };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const selectClass = "rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm";

export default function AdminUsers() {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { filters, users } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("users.title")}</h1>
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="user-search" className="mb-1 block text-sm font-medium text-slate-800">
            {t("users.search")}
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            className="w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm"
          />
        </div>
        <div>
          <label htmlFor="user-role" className="mb-1 block text-sm font-medium text-slate-800">
            {t("users.filters.role")}
          </label>
          <select id="user-role" name="role" defaultValue={filters.role} className={selectClass}>
            <option value="">{t("users.filters.anyRole")}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`users.roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="user-state" className="mb-1 block text-sm font-medium text-slate-800">
            {t("users.filters.state")}
          </label>
          <select id="user-state" name="state" defaultValue={filters.state} className={selectClass}>
            <option value="">{t("users.filters.anyState")}</option>
            {ACCOUNT_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`users.states.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {t("users.submit")}
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-600" role="status">
        {t("users.count", { count: users.total })}
      </p>
      {users.items.length === 0 ? (
        <p className="mt-4 text-slate-600">{t("users.empty")}</p>
      ) : (
        <DataTable
          className="mt-4"
          testId="users-table"
          rows={users.items}
          rowKey={(user) => user.id}
          columns={[
            {
              key: "name",
              header: t("users.columns.name"),
              primary: true,
              className: "font-medium",
              cell: (user) => (
                <Link to={localePath(locale, `/admin/users/${user.id}`)} className="text-brand-700 underline-offset-2 hover:underline">
                  {user.name}
                </Link>
              ),
            },
            { key: "email", header: t("users.columns.email"), className: "break-all", cell: (user) => user.email },
            { key: "role", header: t("users.columns.role"), cell: (user) => t(`users.roles.${user.role}`) },
            { key: "state", header: t("users.columns.state"), cell: (user) => <AccountStateBadge state={user.state} /> },
            {
              key: "joined",
              header: t("users.columns.joined"),
              className: "md:whitespace-nowrap",
              cell: (user) => formatDate(user.createdAt, locale),
            },
          ]}
        />
      )}
      <Pagination page={users.page} pageCount={users.pageCount} />
    </div>
  );
}
