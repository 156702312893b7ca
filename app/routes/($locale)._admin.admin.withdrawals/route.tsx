/**
 * The payout desk (`/admin/withdrawals`): open withdrawals by default, filtered (GET: `state`,
 * `method`, `q` the member's e-mail, `from`/`to` dates, `batch`) and paged. A pending one can be
 * approved (to processing: the user can no longer cancel) or rejected with a reason; a processing
 * one marked paid with the payout's reference, or rejected. Several pending ones can be approved at
 * once ("Approve selected"). Payout batches gather the processing withdrawals of one method (those
 * matching the filters) for one file (downloaded from `/admin/withdrawals/batches/:id/file`), then
 * are marked paid with one reference, or cancelled. Each decision is one unit of work with its
 * audit row and the users' notifications (the handlers: `actions.server.ts`). Withdrawals of members
 * at a priority loyalty level (Gold, Platinum: `PRIORITY_LEVELS`) carry a "Priority" badge with the
 * level, and the pending ones come first (the wallet's query joins the levels; the route hands it
 * the loyalty scheme's list, since app/wallet does not import app/loyalty).
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AdminPage } from "~/components/admin/page-heading";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { WITHDRAWAL_STATES, type WithdrawalState } from "~/db/schema";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { PRIORITY_LEVELS } from "~/loyalty/rules";
import { listWithdrawals } from "~/wallet/admin.server";
import { CURRENCY } from "~/wallet/ledger.server";
import { batchCandidates, listPayoutBatches } from "~/wallet/payout-batches.server";
import * as handlers from "./actions.server";
import { BatchesPanel } from "./batches";
import { DeskFilters } from "./desk-filters";
import { ApproveSelected, DeskRow } from "./desk-rows";
import { filtersFromSearch } from "./filters";
import { redirectWithFlash, pageWithNotice } from "~/utils/http.server";

export const handle = { i18n: ["common", "admin", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const filters = filtersFromSearch(search);
  const scope = { email: filters.q || undefined, from: filters.from || undefined, to: filters.to || undefined };
  const states: WithdrawalState[] | undefined =
    filters.state === "open" ? undefined : filters.state === "all" ? [...WITHDRAWAL_STATES] : [filters.state];
  return pageWithNotice(request, params, ["admin", "withdrawals.meta"], {
    filters,
    withdrawals: await listWithdrawals(db(), {
      ...scope,
      states,
      method: filters.method || undefined,
      batchId: filters.batch || undefined,
      priorityLevels: PRIORITY_LEVELS,
      page: pageFromSearch(search.get("page")),
    }),
    batches: await listPayoutBatches(db()),
    candidates: await batchCandidates(db(), scope),
    currency: CURRENCY,
    bankConfigured: env().payoutDebtor !== null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, actor, locale, formData } = await requireAdminForm(request, params);
  const submission = parseWithZod(formData, { schema: handlers.DecisionSchema });
  if (submission.status !== "success") {
    return data({ id: handlers.formIdOf(formData), result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  const { key, values } = await handlers.noticeOf(async () => {
    switch (input.intent) {
      case "approveSelected":
        return handlers.approveSelected(actor, input);
      case "createBatch":
        return handlers.createBatch(actor, input);
      case "payBatch":
        return handlers.payBatch(actor, input);
      case "cancelBatch":
        return handlers.cancelBatch(actor, input);
      case "approve":
      case "paid":
      case "reject":
        return handlers.decide(user.id, actor, input);
    }
  });
  const back = new URL(request.url);
  throw await redirectWithFlash(`${localePath(locale, "/admin/withdrawals")}${back.search}`, { kind: "notice", key, values });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminWithdrawals() {
  const { t } = useTranslation("admin");
  const { withdrawals, notice, filters, batches, candidates, currency, bankConfigured } = useLoaderData<typeof loader>();
  const hasPending = withdrawals.items.some((item) => item.state === "pending");
  return (
    <AdminPage title={t("withdrawals.title")} intro={t("withdrawals.intro")} notice={notice ? t(notice.key, notice.values) : null}>
      <DeskFilters filters={filters} />

      <BatchesPanel
        batches={batches}
        candidates={candidates}
        currency={currency}
        bankConfigured={bankConfigured}
        scope={{ q: filters.q, from: filters.from, to: filters.to }}
      />

      <h2 className="mt-8 text-xl font-bold">{t("withdrawals.listTitle")}</h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="withdrawals-count">
        {t("withdrawals.count", { count: withdrawals.total })}
      </p>
      {hasPending ? <ApproveSelected /> : null}
      {withdrawals.items.length === 0 ? (
        <p className="mt-6 text-slate-600">{t("withdrawals.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="pending-withdrawals">
          {withdrawals.items.map((item) => (
            <DeskRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <Pagination page={withdrawals.page} pageCount={withdrawals.pageCount} />
    </AdminPage>
  );
}
