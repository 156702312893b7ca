/** Admin users: search by name or e-mail (GET), with role, verification and join date. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { searchUsers } from "~/users/users.server";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { pageFromSearch } from "~/utils/pagination";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const query = (search.get("q") ?? "").slice(0, 100);
  return {
    meta: await pageMeta(params, "admin", "users.meta"),
    query,
    users: await searchUsers(db(), { query, page: pageFromSearch(search.get("page")) }),
  };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminUsers() {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { query, users } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("users.title")}</h1>
      <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="user-search" className="sr-only">
          {t("users.search")}
        </label>
        <input id="user-search" type="search" name="q" defaultValue={query} placeholder={t("users.search")} className="flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm" />
        <button type="submit" className="btn-primary">
          {t("users.submit")}
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-600">{t("users.count", { count: users.total })}</p>
      <div className="mt-4 overflow-x-auto rounded-2xl border border-slate-200 bg-surface">
        <table className="w-full text-left text-sm" data-testid="users-table">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th className="px-4 py-3">{t("users.columns.name")}</th>
              <th className="px-4 py-3">{t("users.columns.email")}</th>
              <th className="px-4 py-3">{t("users.columns.role")}</th>
              <th className="px-4 py-3">{t("users.columns.verified")}</th>
              <th className="px-4 py-3">{t("users.columns.joined")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.items.map((user) => (
              <tr key={user.id}>
                <td className="px-4 py-3 font-medium">{user.name}</td>
                <td className="px-4 py-3">{user.email}</td>
                <td className="px-4 py-3">{t(`users.roles.${user.role}`)}</td>
                <td className="px-4 py-3">{user.emailVerifiedAt ? t("users.yes") : t("users.no")}</td>
                <td className="px-4 py-3">{formatDate(user.createdAt, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={users.page} pageCount={users.pageCount} />
    </div>
  );
}
