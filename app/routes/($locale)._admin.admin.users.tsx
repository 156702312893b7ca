/**
 * The back office's accounts (`/admin/users`): search by name or e-mail (`q`), filter by role
 * (`role`: user, partner, admin) and state (`state`: active, suspended, unverified), all GET, paged
 * with the filters kept; each row opens the account's page (`/admin/users/:id`).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AdminPage } from "~/components/admin/page-heading";
import { requireAdmin } from "~/auth/guards.server";
import { DataTable } from "~/components/data-table";
import { ListFilters, optionsOf } from "~/components/admin/list-filters";
import { AccountStateBadge } from "~/components/users/account-state-badge";
import { db } from "~/db/db.server";
import { ROLES } from "~/db/schema";
import { withNamespaces } from "~/i18n/client-loader";
import { ACCOUNT_STATES } from "~/users/account-states";
import { accountFiltersFrom, findAccounts } from "~/users/admin.server";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { usePage } from "~/i18n/react";

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

export default function AdminUsers() {
  const { t, locale, loaderData } = usePage<typeof loader>("admin");
  const { filters, users } = loaderData;
  return (
    <AdminPage title={t("users.title")}>
      <ListFilters
        className="mt-6"
        primary
        fields={[
          { id: "user-search", name: "q", label: t("users.search"), value: filters.q },
          {
            id: "user-role",
            name: "role",
            label: t("users.filters.role"),
            value: filters.role,
            any: t("users.filters.anyRole"),
            options: optionsOf(ROLES, (role) => t(`users.roles.${role}`)),
          },
          {
            id: "user-state",
            name: "state",
            label: t("users.filters.state"),
            value: filters.state,
            any: t("users.filters.anyState"),
            options: optionsOf(ACCOUNT_STATES, (state) => t(`users.states.${state}`)),
          },
        ]}
        submit={t("users.submit")}
      />
      <DataTable
        summary={{ count: t("users.count", { count: users.total }) }}
        emptyState={t("users.empty")}
        pagination={users}
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
    </AdminPage>
  );
}
