/**
 * The conversions desk (`/admin/conversions`): every network transaction with its member, store,
 * amounts, status and the network's latest word; filters `status`, `network`, `store` in the query
 * string; each row's raw events; unmatched ones can be matched to the click they came from
 * (field `clickId`, "Match to click"). Report imports start from here.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { Pagination } from "~/components/pagination";
import { conversionFiltersFrom, eventsFor, listConversions } from "~/cashback/admin.server";
import { CONVERSION_NETWORKS } from "~/cashback/networks";
import { matchConversion } from "~/cashback/conversions.server";
import { db } from "~/db/db.server";
import { CONVERSION_STATUSES } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { storeChoices } from "~/stores/admin.server";
import { readForm } from "~/utils/form-data.server";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const filters = conversionFiltersFrom(search);
  const list = await listConversions(db(), filters, pageFromSearch(search.get("page")));
  const [events, stores] = await Promise.all([
    eventsFor(db(), list.items),
    storeChoices(db()),
  ]);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      meta: await pageMeta(params, "admin", "conversions.meta"),
      notice: flash?.kind === "notice" ? flash : null,
      filters: { status: filters.status ?? "", network: filters.network ?? "", store: filters.store ?? "" },
      stores,
      list,
      events,
    },
    { headers },
  );
}

const MatchSchema = z.object({
  intent: z.literal("match"),
  conversionId: z.string().uuid(),
  clickId: z
    .string({ required_error: "admin:conversions.clickRequired" })
    .trim()
    .min(1, "admin:conversions.clickRequired")
    .max(200, "admin:conversions.clickNotFound"),
});

const MATCH_ERRORS = {
  notFound: "admin:conversions.notFound",
  notUnmatched: "admin:conversions.notUnmatched",
  clickNotFound: "admin:conversions.clickNotFound",
  botClick: "admin:conversions.botClick",
  otherStore: "admin:conversions.otherStore",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { actor } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: MatchSchema });
  const id = String(formData.get("conversionId") ?? "");
  if (submission.status !== "success") return data({ id, result: submission.reply() }, { status: 400 });
  const result = await unitOfWork(db(), (tx) =>
    matchConversion(tx, {
      conversionId: submission.value.conversionId,
      clickId: submission.value.clickId,
      adminId: actor.id,
      clientAddress: actor.clientAddress,
    }),
  );
  if (!result.ok) {
    return data({ id, result: submission.reply({ fieldErrors: { clickId: [MATCH_ERRORS[result.error]] } }) }, { status: 400 });
  }
  const back = new URL(request.url);
  throw redirect(`${localePath(locale, "/admin/conversions")}${back.search}`, {
    headers: { "Set-Cookie": await setFlash({ kind: "notice", key: `conversions.matched.${result.outcome}` }) },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const selectClass = "rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm";

export default function AdminConversions() {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { list, events, filters, stores, notice } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("conversions.title")}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t("conversions.intro")}</p>
        </div>
        <Link to={localePath(locale, "/admin/conversions/import")} className="btn-secondary">
          {t("conversions.import")}
        </Link>
      </div>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-800">
          <span className="mb-1 block">{t("conversions.filters.status")}</span>
          <select name="status" defaultValue={filters.status} className={selectClass}>
            <option value="">{t("conversions.filters.any")}</option>
            {CONVERSION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`conversions.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          <span className="mb-1 block">{t("conversions.filters.network")}</span>
          <select name="network" defaultValue={filters.network} className={selectClass}>
            <option value="">{t("conversions.filters.any")}</option>
            {CONVERSION_NETWORKS.map((network) => (
              <option key={network} value={network}>
                {t(`conversions.networks.${network}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          <span className="mb-1 block">{t("conversions.filters.store")}</span>
          <select name="store" defaultValue={filters.store} className={selectClass}>
            <option value="">{t("conversions.filters.any")}</option>
            {stores.map((store) => (
              <option key={store.slug} value={store.slug}>
                {store.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          {t("conversions.filters.apply")}
        </button>
      </Form>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}
      <p className="mt-6 text-sm text-slate-600">{t("conversions.count", { count: list.total })}</p>
      {list.items.length === 0 ? (
        <p className="mt-4 text-slate-600">{t("conversions.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {list.items.map((item) => (
            <li
              key={item.id}
              className="rounded-2xl border border-slate-200 bg-surface p-5"
              data-testid="conversion"
              data-status={item.status}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-lg font-bold tabular-nums">
                    {formatMoney(item.cashbackCents - item.reversedCents, locale)}
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase text-slate-700">
                      {t(`conversions.statuses.${item.status}`)}
                    </span>
                  </p>
                  <p className="break-words text-sm text-slate-700">
                    {item.storeName ?? t("conversions.noStore")} · {item.userEmail ?? t("conversions.noMember")}
                  </p>
                  <p className="break-all text-xs text-slate-600">
                    {t(`conversions.networks.${item.network}`)} · {item.networkTransactionId} · {formatDate(item.occurredAt, locale)}
                  </p>
                  <p className="text-xs text-slate-600">
                    {t("conversions.amounts", {
                      sale: formatMoney(item.saleAmountCents, locale),
                      commission: formatMoney(item.commissionCents, locale),
                      reported: item.reportedStatus ? t(`conversions.reported.${item.reportedStatus}`) : "—",
                    })}
                  </p>
                  {item.status === "pending" && item.confirmsAt ? (
                    <p className="text-xs text-slate-600">{t("conversions.confirmsAt", { date: formatDate(item.confirmsAt, locale) })}</p>
                  ) : null}
                  {item.reversedCents > 0 ? (
                    <p className="text-xs text-slate-600">
                      {t("conversions.reversed", { amount: formatMoney(item.reversedCents, locale) })}
                    </p>
                  ) : null}
                </div>
                {item.status === "unmatched" ? <MatchForm conversionId={item.id} /> : null}
              </div>
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-medium text-brand-700">
                  {t("conversions.events", { count: events[item.id]?.length ?? 0 })}
                </summary>
                <ol className="mt-2 space-y-2">
                  {(events[item.id] ?? []).map((event) => (
                    <li key={event.id} className="rounded-lg bg-slate-50 p-3 text-xs">
                      <p className="font-semibold text-slate-800">
                        {t(`conversions.sources.${event.source}`)} · {t(`conversions.outcomes.${event.outcome}`)} ·{" "}
                        {formatDate(event.receivedAt, locale)}
                        {event.partId ? ` · ${t("conversions.part", { part: event.partId })}` : ""}
                      </p>
                      <pre className="mt-1 whitespace-pre-wrap break-all font-mono text-slate-700">{event.body}</pre>
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

function MatchForm({ conversionId }: { conversionId: string }) {
  const { t } = useTranslation("admin");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ intent: string; conversionId: string; clickId: string }>({
    id: `match-${conversionId}`,
    lastResult: actionData?.id === conversionId ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="w-full max-w-sm" {...getFormProps(form)}>
      <input type="hidden" name="conversionId" value={conversionId} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        labelProps={{ children: t("conversions.clickId") }}
        inputProps={{ ...getInputProps(fields.clickId, { type: "text" }), autoComplete: "off" }}
        errors={fields.clickId.errors}
        hint={t("conversions.clickHint")}
      />
      <SubmitButton name="intent" value="match" className="btn-primary">
        {t("conversions.match")}
      </SubmitButton>
    </Form>
  );
}
