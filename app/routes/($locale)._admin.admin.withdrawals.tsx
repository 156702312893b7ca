/**
 * The payout desk (`/admin/withdrawals`): open withdrawals by default, filtered (GET: `state`,
 * `method`, `q` the member's e-mail, `from`/`to` dates, `batch`) and paged. A pending one can be
 * approved (to processing: the user can no longer cancel) or rejected with a reason; a processing
 * one marked paid with the payout's reference, or rejected. Several pending ones can be approved at
 * once ("Approve selected"). Payout batches gather the processing withdrawals of one method (those
 * matching the filters) for one file (downloaded from `/admin/withdrawals/batches/:id/file`), then
 * are marked paid with one reference, or cancelled. Each decision is one unit of work with its
 * audit row and the users' notifications.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { ErrorList, Field, FormErrors } from "~/components/forms";
import { Pagination } from "~/components/pagination";
import { env } from "~/config/env.server";
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
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { approveWithdrawals, decideWithdrawal, listWithdrawals, WithdrawalInBatchError, type DeskWithdrawal } from "~/wallet/admin.server";
import { CURRENCY, LedgerError } from "~/wallet/ledger.server";
import {
  batchCandidates,
  cancelPayoutBatch,
  createPayoutBatch,
  listPayoutBatches,
  PAYOUT_METHODS,
  PayoutBatchError,
  payPayoutBatch,
  type PayoutBatchView,
} from "~/wallet/payout-batches.server";
import { batchMessageId } from "~/wallet/payout-files.server";
import { readForm } from "~/utils/form-data.server";

export const handle = { i18n: ["common", "admin", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

const FILTERS = ["open", "all", ...WITHDRAWAL_STATES] as const;
type Filter = (typeof FILTERS)[number];
const MAX_SELECTED = 200;

/** A YYYY-MM-DD date that exists, else undefined. */
function dateParam(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

/** The desk's filters from the query string (anything unreadable is ignored). */
function filtersFromSearch(search: URLSearchParams) {
  const requested = search.get("state") ?? "";
  const state: Filter = (FILTERS as readonly string[]).includes(requested) ? (requested as Filter) : "open";
  const method = search.get("method");
  const batch = search.get("batch") ?? "";
  return {
    state,
    method: (method === "paypal" || method === "bank" ? method : "") as "paypal" | "bank" | "",
    q: (search.get("q") ?? "").trim().slice(0, 100),
    from: dateParam(search.get("from")) ?? "",
    to: dateParam(search.get("to")) ?? "",
    batch: z.string().uuid().safeParse(batch).success ? batch : "",
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { flash, headers } = await takeFlash(request);
  const search = new URL(request.url).searchParams;
  const filters = filtersFromSearch(search);
  const scope = { email: filters.q || undefined, from: filters.from || undefined, to: filters.to || undefined };
  const states: WithdrawalState[] | undefined =
    filters.state === "open" ? undefined : filters.state === "all" ? [...WITHDRAWAL_STATES] : [filters.state];
  return data(
    {
      meta: await pageMeta(params, "admin", "withdrawals.meta"),
      notice: flash?.kind === "notice" ? flash : null,
      filters,
      withdrawals: await listWithdrawals(db(), {
        ...scope,
        states,
        method: filters.method || undefined,
        batchId: filters.batch || undefined,
        page: pageFromSearch(search.get("page")),
      }),
      batches: await listPayoutBatches(db()),
      candidates: await batchCandidates(db(), scope),
      currency: CURRENCY,
      bankConfigured: env().payoutDebtor !== null,
    },
    { headers },
  );
}

const text = (max: number, required: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, "admin:withdrawals.tooLong");
const optionalText = (max: number) => z.string().trim().max(max).optional();

const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), transactionId: z.string().uuid() }),
  z.object({
    intent: z.literal("paid"),
    transactionId: z.string().uuid(),
    payoutReference: text(140, "admin:withdrawals.referenceRequired"),
  }),
  z.object({ intent: z.literal("reject"), transactionId: z.string().uuid(), reason: text(300, "admin:withdrawals.reasonRequired") }),
  z.object({
    intent: z.literal("approveSelected"),
    transactionId: z
      .array(z.string().uuid(), { required_error: "admin:withdrawals.selectNone" })
      .min(1, "admin:withdrawals.selectNone")
      .max(MAX_SELECTED, "admin:withdrawals.selectTooMany"),
  }),
  z.object({
    intent: z.literal("createBatch"),
    method: z.enum(PAYOUT_METHODS),
    q: optionalText(100),
    from: z
      .string()
      .optional()
      .transform((value) => dateParam(value ?? null)),
    to: z
      .string()
      .optional()
      .transform((value) => dateParam(value ?? null)),
  }),
  z.object({
    intent: z.literal("payBatch"),
    batchId: z.string().uuid(),
    payoutReference: text(140, "admin:withdrawals.referenceRequired"),
  }),
  z.object({ intent: z.literal("cancelBatch"), batchId: z.string().uuid() }),
]);

/** Which form on the page an answer belongs to. */
function formIdOf(formData: FormData): string {
  const intent = String(formData.get("intent") ?? "");
  if (intent === "approveSelected") return "approve-selected";
  if (intent === "createBatch") return `create-batch-${String(formData.get("method") ?? "")}`;
  if (intent === "payBatch" || intent === "cancelBatch") return `batch-${String(formData.get("batchId") ?? "")}`;
  return `withdrawal-${String(formData.get("transactionId") ?? "")}`;
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, actor } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: DecisionSchema });
  if (submission.status !== "success") {
    return data({ id: formIdOf(formData), result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  let key: string;
  let values: Record<string, string | number> | undefined;
  try {
    switch (input.intent) {
      case "approveSelected": {
        const { approved } = await unitOfWork(db(), (tx) => approveWithdrawals(tx, { actor, transactionIds: input.transactionId }));
        key = approved.length ? "withdrawals.approvedSelected" : "withdrawals.noneApproved";
        values = { count: approved.length };
        break;
      }
      case "createBatch": {
        const batch = await unitOfWork(db(), (tx) =>
          createPayoutBatch(tx, { actor, method: input.method, scope: { email: input.q || undefined, from: input.from, to: input.to } }),
        );
        key = "withdrawals.batches.created";
        values = { reference: batch.reference, count: batch.itemCount };
        break;
      }
      case "payBatch": {
        const result = await unitOfWork(db(), (tx) =>
          payPayoutBatch(tx, { actor, batchId: input.batchId, payoutReference: input.payoutReference }),
        );
        key = result.replayed ? "withdrawals.batches.alreadyPaid" : "withdrawals.batches.paid";
        values = { reference: batchMessageId(input.batchId), count: result.paid };
        break;
      }
      case "cancelBatch": {
        await unitOfWork(db(), (tx) => cancelPayoutBatch(tx, { actor, batchId: input.batchId }));
        key = "withdrawals.batches.cancelled";
        values = { reference: batchMessageId(input.batchId) };
        break;
      }
      default: {
        const decision = input;
        const { replayed } = await unitOfWork(db(), (tx) =>
          decideWithdrawal(tx, {
            adminId: user.id,
            clientAddress: actor.clientAddress,
            transactionId: decision.transactionId,
            ...(decision.intent === "approve"
              ? { decision: "approve" as const }
              : decision.intent === "paid"
                ? { decision: "paid" as const, payoutReference: decision.payoutReference }
                : { decision: "reject" as const, reason: decision.reason }),
          }),
        );
        key = replayed
          ? "withdrawals.alreadyDecided"
          : decision.intent === "approve"
            ? "withdrawals.approved"
            : decision.intent === "paid"
              ? "withdrawals.markedPaid"
              : "withdrawals.rejected";
      }
    }
  } catch (error) {
    if (error instanceof WithdrawalInBatchError) key = "withdrawals.inBatch";
    else if (error instanceof PayoutBatchError) key = `withdrawals.batches.errors.${error.code}`;
    else if (error instanceof LedgerError) key = "withdrawals.alreadyDecided";
    else throw error;
    values = undefined;
  }
  const back = new URL(request.url);
  throw redirect(`${localePath(locale, "/admin/withdrawals")}${back.search}`, {
    headers: { "Set-Cookie": await setFlash({ kind: "notice", key, values }) },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const control = "rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm";

export default function AdminWithdrawals() {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { withdrawals, notice, filters, batches, candidates, currency, bankConfigured } = useLoaderData<typeof loader>();
  const hasPending = withdrawals.items.some((item) => item.state === "pending");
  const filtered = Boolean(filters.method || filters.q || filters.from || filters.to || filters.batch || filters.state !== "open");
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("withdrawals.title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("withdrawals.intro")}</p>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}

      <Form
        method="get"
        className="mt-4 grid gap-3 rounded-2xl border border-slate-200 bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        data-testid="withdrawal-filters"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">{t("withdrawals.filter")}</span>
          <select name="state" defaultValue={filters.state} className={`${control} w-full`}>
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`withdrawals.states.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">{t("withdrawals.method")}</span>
          <select name="method" defaultValue={filters.method} className={`${control} w-full`}>
            <option value="">{t("withdrawals.allMethods")}</option>
            {PAYOUT_METHOD_OPTIONS.map((method) => (
              <option key={method} value={method}>
                {t(`wallet:withdraw.methods.${method}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm sm:col-span-2">
          <span className="mb-1 block font-medium text-slate-800">{t("withdrawals.email")}</span>
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            placeholder={t("withdrawals.emailPlaceholder")}
            className={`${control} w-full`}
          />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">{t("withdrawals.from")}</span>
          <input type="date" name="from" defaultValue={filters.from} className={`${control} w-full`} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">{t("withdrawals.to")}</span>
          <input type="date" name="to" defaultValue={filters.to} className={`${control} w-full`} />
        </label>
        {filters.batch ? <input type="hidden" name="batch" value={filters.batch} /> : null}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" className="btn-secondary">
            {t("withdrawals.apply")}
          </button>
          {filtered ? (
            <Link to={localePath(locale, "/admin/withdrawals")} className="text-sm font-semibold text-brand-700">
              {t("withdrawals.clear")}
            </Link>
          ) : null}
          {filters.batch ? (
            <span className="break-all text-sm text-slate-600">
              {t("withdrawals.batchFilter", { reference: batchMessageId(filters.batch) })}
            </span>
          ) : null}
        </div>
      </Form>

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
    </div>
  );
}

const PAYOUT_METHOD_OPTIONS = ["paypal", "bank"] as const;

/** "Approve selected": the rows' checkboxes belong to this form (`form="approve-selected"`). */
function ApproveSelected() {
  const { t } = useTranslation("admin");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ intent: string; transactionId: string[] }>({
    id: "approve-selected",
    lastResult: actionData?.id === "approve-selected" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-center gap-3" {...getFormProps(form)}>
      <button type="submit" name="intent" value="approveSelected" className="btn-primary">
        {t("withdrawals.approveSelected")}
      </button>
      <p className="text-sm text-slate-600">{t("withdrawals.approveSelectedHint")}</p>
      <div className="w-full">
        <ErrorList id={fields.transactionId.errorId} errors={fields.transactionId.errors ?? form.errors} />
      </div>
    </Form>
  );
}

function BatchesPanel({
  batches,
  candidates,
  currency,
  bankConfigured,
  scope,
}: {
  batches: PayoutBatchView[];
  candidates: Record<"paypal" | "bank", { count: number; totalCents: number }>;
  currency: string;
  bankConfigured: boolean;
  scope: { q: string; from: string; to: string };
}) {
  const { t } = useTranslation("admin");
  return (
    <section
      className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5"
      aria-labelledby="payout-batches-title"
      data-testid="payout-batches"
    >
      <h2 id="payout-batches-title" className="text-xl font-bold">
        {t("withdrawals.batches.title")}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("withdrawals.batches.intro")}</p>
      {currency !== "EUR" ? (
        <p className="mt-2 max-w-3xl text-sm text-slate-700">{t("withdrawals.batches.currencyNote", { currency })}</p>
      ) : null}
      {!bankConfigured ? (
        <p className="mt-2 max-w-3xl text-sm font-medium text-red-700">{t("withdrawals.batches.errors.bank_not_configured")}</p>
      ) : null}
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {PAYOUT_METHOD_OPTIONS.map((method) => (
          <CreateBatch
            key={method}
            method={method}
            candidate={candidates[method]}
            scope={scope}
            disabled={method === "bank" && !bankConfigured}
          />
        ))}
      </div>
      {batches.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("withdrawals.batches.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="batch-list">
          {batches.map((batch) => (
            <BatchRow key={batch.id} batch={batch} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateBatch({
  method,
  candidate,
  scope,
  disabled,
}: {
  method: "paypal" | "bank";
  candidate: { count: number; totalCents: number };
  scope: { q: string; from: string; to: string };
  disabled: boolean;
}) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const methodName = t(`wallet:withdraw.methods.${method}`);
  return (
    <Form method="post" className="rounded-xl border border-slate-200 p-4" data-testid={`create-batch-${method}`}>
      <input type="hidden" name="method" value={method} />
      {scope.q ? <input type="hidden" name="q" value={scope.q} /> : null}
      {scope.from ? <input type="hidden" name="from" value={scope.from} /> : null}
      {scope.to ? <input type="hidden" name="to" value={scope.to} /> : null}
      <p className="text-sm text-slate-700">
        {t("withdrawals.batches.candidates", {
          method: methodName,
          count: candidate.count,
          total: formatMoney(candidate.totalCents, locale),
        })}
      </p>
      <button type="submit" name="intent" value="createBatch" className="btn-primary mt-3" disabled={disabled || candidate.count === 0}>
        {t(`withdrawals.batches.create.${method}`)}
      </button>
    </Form>
  );
}

function BatchRow({ batch }: { batch: PayoutBatchView }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const actionData = useActionData<typeof action>();
  const formId = `batch-${batch.id}`;
  const [form, fields] = useForm<{ intent: string; batchId: string; payoutReference: string }>({
    id: formId,
    lastResult: actionData?.id === formId ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid={`batch-${batch.state}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-bold tabular-nums">
            {t(`wallet:withdraw.methods.${batch.method}`)} · {formatMoney(batch.totalCents, locale)}
            <span className="ml-2 align-middle text-xs font-semibold uppercase text-slate-600">
              {t(`withdrawals.batches.states.${batch.state}`)}
            </span>
          </p>
          <p className="break-words text-xs text-slate-600">
            <span className="break-all">{batch.reference}</span> · {t("withdrawals.batches.items", { count: batch.itemCount })} ·{" "}
            {formatDate(batch.createdAt, locale)}
          </p>
          {batch.payoutReference ? (
            <p className="text-xs text-slate-600">{t("withdrawals.referenceShown", { reference: batch.payoutReference })}</p>
          ) : null}
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {batch.state !== "cancelled" ? (
              <a
                href={localePath(locale, `/admin/withdrawals/batches/${batch.id}/file`)}
                download
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {t("withdrawals.batches.download")}
              </a>
            ) : null}
            {batch.state !== "cancelled" ? (
              <Link
                to={`${localePath(locale, "/admin/withdrawals")}?state=all&batch=${batch.id}`}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {t("withdrawals.batches.show")}
              </Link>
            ) : null}
          </p>
        </div>
        {batch.state === "open" ? (
          <Form method="post" className="w-full max-w-md" {...getFormProps(form)}>
            <input type="hidden" name="batchId" value={batch.id} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field
              labelProps={{ children: t("withdrawals.reference") }}
              inputProps={{ ...getInputProps(fields.payoutReference, { type: "text" }), autoComplete: "off" }}
              errors={fields.payoutReference.errors}
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" name="intent" value="cancelBatch" className="btn-secondary">
                {t("withdrawals.batches.cancel")}
              </button>
              <button type="submit" name="intent" value="payBatch" className="btn-primary">
                {t("withdrawals.batches.markPaid")}
              </button>
            </div>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

function DeskRow({ item }: { item: DeskWithdrawal }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const actionData = useActionData<typeof action>();
  const formId = `withdrawal-${item.id}`;
  const [form, fields] = useForm<{ intent: string; transactionId: string; reason: string; payoutReference: string }>({
    id: formId,
    lastResult: actionData?.id === formId ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  const open = (item.state === "pending" || item.state === "processing") && !item.batchId;
  const amount = formatMoney(item.amountCents, locale);
  return (
    <li className="rounded-2xl border border-slate-200 bg-surface p-5" data-testid={`withdrawal-${item.state}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          {item.state === "pending" ? (
            <input
              type="checkbox"
              name="transactionId"
              value={item.id}
              form="approve-selected"
              aria-label={t("withdrawals.select", { amount, email: item.userEmail })}
              className="mt-1.5 h-4 w-4 shrink-0"
            />
          ) : null}
          <div className="min-w-0">
            <p className="text-lg font-bold tabular-nums">
              {amount}{" "}
              <span className="ml-2 align-middle text-xs font-semibold uppercase text-slate-600">
                {t(`withdrawals.states.${item.state}`)}
              </span>
            </p>
            <p className="break-words text-sm text-slate-700">
              {item.userName} · {item.userEmail}
            </p>
            <p className="break-all text-xs text-slate-600">
              {t(`wallet:withdraw.methods.${item.method}`)} · {item.destination} · {formatDate(item.createdAt, locale)}
            </p>
            {item.batchId ? (
              <p className="break-all text-xs text-slate-600">
                {t("withdrawals.inBatchShown", { reference: batchMessageId(item.batchId) })}
              </p>
            ) : null}
            {item.payoutReference ? (
              <p className="text-xs text-slate-600">{t("withdrawals.referenceShown", { reference: item.payoutReference })}</p>
            ) : null}
            {item.reason ? <p className="text-xs text-slate-600">{t("withdrawals.reasonShown", { reason: item.reason })}</p> : null}
          </div>
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
