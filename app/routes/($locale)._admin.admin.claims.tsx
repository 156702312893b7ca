/**
 * The claims queue (`/admin/claims`): open missing-cashback claims, oldest first (filter `status`).
 * An admin approves one at the commission settled with the network (`commission`, prefilled from
 * the store's rate) or rejects it with a reason (`reason`) the member will read. Each decision is
 * one unit of work with the member's notification and the audit row. Each open claim lists the
 * member's conversions at that store of about the same amount and date ("possible duplicate"); a
 * claim whose order now has a conversion cannot be approved.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AdminPage } from "~/components/admin/page-heading";
import { z } from "zod";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { DecisionForm } from "~/components/admin/decision-form";
import { textInput } from "~/components/forms-conform";
import { ListFilters, optionsOf, pickFilter } from "~/components/admin/list-filters";
import { Pagination } from "~/components/pagination";
import { approveClaim, claimQueue, rejectClaim, type AdminClaimView } from "~/cashback/claims.server";
import { db } from "~/db/db.server";
import { CLAIM_STATUSES } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { formatAmountInput, formatMoney } from "~/utils/money";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { amountField } from "~/wallet/amounts";
import { redirectWithFlash, pageWithNotice } from "~/utils/http.server";
import { FlashNotice } from "~/components/flash-notice";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const status = pickFilter(CLAIM_STATUSES, search.get("status"), "open");
  const page = pageFromSearch(search.get("page"));
  const queue = await claimQueue(db(), { status, page });
  return pageWithNotice(request, params, ["admin", "claims.meta"], {
    status,
    queue,
    page: queue.page,
    pageCount: queue.pageCount,
  });
}

/** The commission settled with the network, typed the way the page's locale writes amounts. */
const commission = (locale: string) =>
  amountField(
    locale,
    { required: "admin:claims.commissionRequired", invalid: "admin:claims.commissionInvalid", tooLarge: "admin:claims.commissionInvalid" },
    (cents) => (cents > 100_000_000 ? "admin:claims.commissionInvalid" : null),
  );

const decisionSchema = (locale: string) =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("approve"), claimId: z.string().uuid(), commission: commission(locale) }),
    z.object({
      intent: z.literal("reject"),
      claimId: z.string().uuid(),
      reason: z
        .string({ required_error: "admin:claims.reasonRequired" })
        .trim()
        .min(1, "admin:claims.reasonRequired")
        .max(300, "admin:claims.reasonTooLong"),
    }),
  ]);

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale, formData } = await requireAdminForm(request, params);
  const id = String(formData.get("claimId") ?? "");
  const submission = parseWithZod(formData, { schema: decisionSchema(locale) });
  if (submission.status !== "success") return data({ id, result: submission.reply() }, { status: 400 });
  const decision = submission.value;
  const result = await unitOfWork(db(), (tx) =>
    decision.intent === "approve"
      ? approveClaim(tx, {
          claimId: decision.claimId,
          adminId: actor.id,
          clientAddress: actor.clientAddress,
          commissionCents: decision.commission,
        })
      : rejectClaim(tx, { claimId: decision.claimId, adminId: actor.id, clientAddress: actor.clientAddress, reason: decision.reason }),
  );
  const key = result.ok
    ? decision.intent === "approve"
      ? "claims.approved"
      : "claims.rejected"
    : result.error === "orderTracked"
      ? "claims.orderTracked"
      : "claims.alreadyDecided";
  const back = new URL(request.url);
  throw await redirectWithFlash(`${localePath(locale, "/admin/claims")}${back.search}`, { kind: "notice", key });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminClaims() {
  const { t } = useTranslation("admin");
  const { queue, status, notice, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("claims.title")} intro={t("claims.intro")}>
      <ListFilters
        className="mt-4"
        gap="gap-2"
        fields={[
          {
            id: "claim-status",
            name: "status",
            label: t("claims.filter"),
            value: status,
            options: optionsOf(CLAIM_STATUSES, (value) => t(`claims.statuses.${value}`)),
          },
        ]}
        submit={t("claims.apply")}
      />
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>
      {queue.items.length === 0 ? (
        <p className="mt-6 text-slate-600">{t("claims.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {queue.items.map((item) => (
            <ClaimRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </AdminPage>
  );
}

function ClaimRow({ item }: { item: AdminClaimView }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ intent: string; claimId: string; commission: string; reason: string }>({
    id: `claim-${item.id}`,
    lastResult: actionData?.id === item.id ? actionData.result : undefined,
    defaultValue: { commission: formatAmountInput(item.suggestedCommissionCents, locale) },
    shouldValidate: "onSubmit",
  });
  return (
    <li className="rounded-2xl border border-slate-200 bg-surface p-5" data-testid={`claim-${item.status}`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-lg font-bold">
            {item.storeName} · <span className="tabular-nums">{formatMoney(item.amountCents, locale)}</span>
          </p>
          <p className="break-words text-sm text-slate-700">{item.userEmail}</p>
          <p className="break-all text-xs text-slate-600">
            {t("claims.order", { orderId: item.orderId, date: formatDate(item.orderDate, locale) })} ·{" "}
            {t("claims.clicked", { date: formatDate(item.clickedAt, locale) })}
          </p>
          <p className="break-all font-mono text-xs text-slate-600">{t("claims.click", { clickId: item.clickId })}</p>
          {item.reason ? <p className="mt-1 text-xs text-slate-700">{t("claims.reasonShown", { reason: item.reason })}</p> : null}
          {item.possibleDuplicates.length ? (
            <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950" data-testid="claim-duplicates">
              <p className="font-semibold">{t("claims.possibleDuplicates")}</p>
              <ul className="mt-1 space-y-0.5">
                {item.possibleDuplicates.map((duplicate) => (
                  <li key={duplicate.conversionId} className="break-all">
                    {t(duplicate.sameOrder ? "claims.sameOrder" : "claims.similarConversion", {
                      orderId: duplicate.orderId,
                      amount: formatMoney(duplicate.saleAmountCents, locale),
                      date: formatDate(duplicate.occurredAt, locale),
                      status: t(`conversions.statuses.${duplicate.status}`),
                    })}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        {item.status === "open" ? (
          <DecisionForm
            form={form}
            className="w-full max-w-md space-y-1"
            item={{ name: "claimId", value: item.id }}
            no={{ intent: "reject", label: t("claims.reject") }}
            yes={{ intent: "approve", label: t("claims.approve") }}
          >
            {textInput(
              fields.commission,
              t("claims.commission"),
              t("claims.commissionHint", { rate: (item.storeRateBps / 100).toFixed(2) }),
              {
                inputMode: "decimal",
              },
            )}
            {textInput(fields.reason, t("claims.reason"))}
          </DecisionForm>
        ) : null}
      </div>
    </li>
  );
}
