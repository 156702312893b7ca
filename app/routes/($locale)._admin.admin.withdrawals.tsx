/**
 * The payout desk (`/admin/withdrawals`): open withdrawals by default (filter `state`); a pending one
 * can be approved (to processing: the user can no longer cancel) or rejected with a reason; a
 * processing one marked paid with the payout's reference, or rejected. Each decision is one unit of
 * work with its audit row and the user's notification.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { Field, FormErrors } from "~/components/forms";
import { db } from "~/db/db.server";
import { WITHDRAWAL_STATES, type WithdrawalState } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { decideWithdrawal, listWithdrawals, type DeskWithdrawal } from "~/wallet/admin.server";
import { LedgerError } from "~/wallet/ledger.server";
import { readForm } from "~/utils/form-data.server";

export const handle = { i18n: ["common", "admin", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

const FILTERS = ["open", ...WITHDRAWAL_STATES] as const;
type Filter = (typeof FILTERS)[number];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { flash, headers } = await takeFlash(request);
  const requested = new URL(request.url).searchParams.get("state");
  const filter: Filter = (FILTERS as readonly string[]).includes(requested ?? "") ? (requested as Filter) : "open";
  return data(
    {
      meta: await pageMeta(params, "admin", "withdrawals.meta"),
      notice: flash?.kind === "notice" ? flash : null,
      filter,
      withdrawals: await listWithdrawals(db(), { states: filter === "open" ? undefined : [filter as WithdrawalState] }),
    },
    { headers },
  );
}

const text = (max: number, required: string) => z.string({ required_error: required }).trim().min(1, required).max(max, "admin:withdrawals.tooLong");

const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), transactionId: z.string().uuid() }),
  z.object({ intent: z.literal("paid"), transactionId: z.string().uuid(), payoutReference: text(140, "admin:withdrawals.referenceRequired") }),
  z.object({ intent: z.literal("reject"), transactionId: z.string().uuid(), reason: text(300, "admin:withdrawals.reasonRequired") }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: DecisionSchema });
  if (submission.status !== "success") {
    return data({ id: String(formData.get("transactionId") ?? ""), result: submission.reply() }, { status: 400 });
  }
  const decision = submission.value;
  let key = decision.intent === "approve" ? "withdrawals.approved" : decision.intent === "paid" ? "withdrawals.markedPaid" : "withdrawals.rejected";
  try {
    const { replayed } = await unitOfWork(db(), (tx) =>
      decideWithdrawal(tx, {
        adminId: user.id,
        transactionId: decision.transactionId,
        ...(decision.intent === "approve"
          ? { decision: "approve" as const }
          : decision.intent === "paid"
            ? { decision: "paid" as const, payoutReference: decision.payoutReference }
            : { decision: "reject" as const, reason: decision.reason }),
      }),
    );
    if (replayed) key = "withdrawals.alreadyDecided";
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    key = "withdrawals.alreadyDecided";
  }
  const back = new URL(request.url);
  throw redirect(`${localePath(locale, "/admin/withdrawals")}${back.search}`, { headers: { "Set-Cookie": await setFlash({ kind: "notice", key }) } });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminWithdrawals() {
  const { t } = useTranslation("admin");
  const { withdrawals, notice, filter } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("withdrawals.title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("withdrawals.intro")}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="withdrawal-state" className="mb-1 block text-sm font-medium text-slate-800">
            {t("withdrawals.filter")}
          </label>
          <select id="withdrawal-state" name="state" defaultValue={filter} className="rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm">
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`withdrawals.states.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("withdrawals.apply")}
        </button>
      </Form>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}
      {withdrawals.length === 0 ? (
        <p className="mt-6 text-slate-600">{t("withdrawals.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="pending-withdrawals">
          {withdrawals.map((item) => (
            <DeskRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeskRow({ item }: { item: DeskWithdrawal }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ intent: string; transactionId: string; reason: string; payoutReference: string }>({
    id: `withdrawal-${item.id}`,
    lastResult: actionData?.id === item.id ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  const open = item.state === "pending" || item.state === "processing";
  return (
    <li className="rounded-2xl border border-slate-200 bg-surface p-5" data-testid={`withdrawal-${item.state}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-bold tabular-nums">
            {formatMoney(item.amountCents, locale)} <span className="ml-2 align-middle text-xs font-semibold uppercase text-slate-600">{t(`withdrawals.states.${item.state}`)}</span>
          </p>
          <p className="break-words text-sm text-slate-700">
            {item.userName} · {item.userEmail}
          </p>
          <p className="break-all text-xs text-slate-600">
            {t(`wallet:withdraw.methods.${item.method}`)} · {item.destination} · {formatDate(item.createdAt, locale)}
          </p>
          {item.payoutReference ? <p className="text-xs text-slate-600">{t("withdrawals.referenceShown", { reference: item.payoutReference })}</p> : null}
          {item.reason ? <p className="text-xs text-slate-600">{t("withdrawals.reasonShown", { reason: item.reason })}</p> : null}
        </div>
        {open ? (
          <Form method="post" className="w-full max-w-md" {...getFormProps(form)}>
            <input type="hidden" name="transactionId" value={item.id} />
            <FormErrors id={form.errorId} errors={form.errors} />
            {item.state === "processing" ? (
              <Field
                labelProps={{ children: t("withdrawals.reference") }}
                inputProps={{ ...getInputProps(fields.payoutReference, { type: "text" }), autoComplete: "off" }}
                errors={fields.payoutReference.errors}
              />
            ) : null}
            <Field
              labelProps={{ children: t("withdrawals.reason") }}
              inputProps={{ ...getInputProps(fields.reason, { type: "text" }), autoComplete: "off" }}
              errors={fields.reason.errors}
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" name="intent" value="reject" className="btn-secondary">
                {t("withdrawals.reject")}
              </button>
              {item.state === "pending" ? (
                <button type="submit" name="intent" value="approve" className="btn-primary">
                  {t("withdrawals.approve")}
                </button>
              ) : (
                <button type="submit" name="intent" value="paid" className="btn-primary">
                  {t("withdrawals.markPaid")}
                </button>
              )}
            </div>
          </Form>
        ) : null}
      </div>
    </li>
  );
}
