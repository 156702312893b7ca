/**
 * Ad import, step two (`/ads/import/:importId`): the preview of an upload before anything is
 * stored (detected platform and kind, client account, date range, rows, totals, the file's own
 * totals and every warning with its line number, a sample of rows), then **Import**
 * (`intent=store`) or **Discard** (`intent=discard`). Storing the same file again changes nothing;
 * storing a period again replaces it (the page says which imports). A file in another currency
 * than the client account's is never mixed into it: the page offers a new client account for it
 * (`intent=newClient`, field `name`). A stored import can be removed again (`intent=remove`).
 * While the job reads the file the page follows it (`ImportProgress`: progress, refreshing itself);
 * a file refused deeper than its first lines shows the parser's problem there.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { z } from "zod";
import { CLIENT_NAME_MAX } from "~/ads/account-form";
import { createClientAccount } from "~/ads/accounts.server";
import { afterAdImport } from "~/ads/alerts.server";
import { requireAdTools } from "~/ads/access.server";
import {
  CurrencyMismatchError,
  ImportNotFoundError,
  ImportNotPendingError,
  discardImport,
  getImportPreview,
  removeImport,
  storeImport,
} from "~/ads/imports.server";
import { breakdownLabel } from "~/ads/breakdown-label";
import { importMessage } from "~/components/ads/import-messages";
import { ImportReconciliation } from "~/components/ads/import-reconciliation";
import { ImportProgress } from "~/components/ads/import-progress";
import { Notice } from "~/components/auth/auth-card";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { numberFormat } from "~/utils/intl";

export const handle = { i18n: ["common", "ads"] };
export const clientLoader = withNamespaces(handle.i18n);

async function preview(userId: string, importId: string | undefined) {
  try {
    return await getImportPreview(db(), userId, importId ?? "");
  } catch (error) {
    if (error instanceof ImportNotFoundError) throw data({ error: "not_found" }, { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdTools(request, params);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      meta: await pageMeta(params, "ads", "import.previewMeta"),
      preview: await preview(user.id, params.importId),
      notice: flash?.kind === "notice" ? flash : null,
    },
    { headers },
  );
}

const Schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("store") }),
  z.object({ intent: z.literal("discard") }),
  z.object({ intent: z.literal("remove") }),
  z.object({
    intent: z.literal("newClient"),
    name: z
      .string({ required_error: "ads:accounts.errors.name" })
      .trim()
      .min(1, "ads:accounts.errors.name")
      .max(CLIENT_NAME_MAX, "ads:accounts.errors.nameLength"),
  }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, locale } = await requireAdTools(request, params);
  const current = await preview(user.id, params.importId);
  const submission = parseWithZod(await readForm(request), { schema: Schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const here = `${localePath(locale, `/ads/import/${current.id}`)}`;
  const notice = async (key: string, values: Record<string, string | number>, clientId: string) =>
    redirect(`${here}?client=${clientId}`, { headers: { "Set-Cookie": await setFlash({ kind: "notice", key, values }) } });
  try {
    switch (submission.value.intent) {
      case "store": {
        const outcome = await storeImport(db(), user.id, current.id);
        if (outcome.outcome === "unchanged") {
          throw redirect(`${localePath(locale, `/ads/import/${outcome.importId}`)}?client=${current.clientAccount.id}`, {
            headers: { "Set-Cookie": await setFlash({ kind: "notice", key: "ads:import.unchanged", values: {} }) },
          });
        }
        // Alerts are evaluated on the new data in the background (the job runner).
        await afterAdImport(db(), current.clientAccount.id);
        throw await notice("ads:import.stored", { count: outcome.rows, replaced: outcome.replaced.length }, current.clientAccount.id);
      }
      case "newClient": {
        const name = submission.value.name;
        const client = await unitOfWork(db(), (tx) =>
          createClientAccount(tx, user.id, { name, industry: current.clientAccount.industry, timeZone: current.clientAccount.timeZone }),
        );
        const outcome = await storeImport(db(), user.id, current.id, { clientAccountId: client.id });
        await afterAdImport(db(), client.id);
        throw await notice("ads:import.storedNewClient", { count: outcome.rows, name }, client.id);
      }
      case "discard":
        await unitOfWork(db(), (tx) => discardImport(tx, user.id, current.id));
        throw redirect(`${localePath(locale, "/ads/import")}?client=${current.clientAccount.id}`, {
          headers: {
            "Set-Cookie": await setFlash({ kind: "notice", key: "ads:import.discarded", values: { filename: current.filename } }),
          },
        });
      case "remove":
        await unitOfWork(db(), (tx) => removeImport(tx, user.id, current.id));
        throw await notice("ads:import.removed", { count: current.summary?.rows ?? 0 }, current.clientAccount.id);
    }
  } catch (error) {
    if (error instanceof CurrencyMismatchError)
      return data({ result: submission.reply({ formErrors: ["ads:import.currencyRefused"] }) }, { status: 409 });
    if (error instanceof ImportNotPendingError)
      return data({ result: submission.reply({ formErrors: ["ads:import.notPending"] }) }, { status: 409 });
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

function useFormatters(currency: string | null) {
  const locale = usePageLocale();
  const { t } = useTranslation("ads");
  const integer = numberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = numberFormat(locale, { maximumFractionDigits: 2 });
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  return {
    int: (value: number | null | undefined) => (value == null ? "—" : integer.format(value)),
    dec: (value: number | null | undefined) => (value == null ? "—" : decimal.format(value)),
    pct: (value: number | null | undefined) => (value == null ? "—" : percent.format(value)),
    roas: (value: number | null | undefined) => (value == null ? "—" : t("import.roasValue", { value: decimal.format(value) })),
    // No currency in the file nor the account: the amount without a symbol (the facts say so).
    money: (cents: number | null | undefined) => (cents == null ? "—" : formatMoney(cents, locale, currency)),
  };
}

export default function ImportPage() {
  const { preview: p } = useLoaderData<typeof loader>();
  if (p.status === "processing" || p.status === "failed" || !p.summary)
    return (
      <ImportProgress
        status={p.status === "processing" ? "processing" : "failed"}
        filename={p.filename}
        byteSize={p.byteSize}
        progress={p.progress}
        problem={p.problem}
        clientAccountId={p.clientAccount.id}
      />
    );
  return <ImportPreview />;
}

function ImportPreview() {
  const { t } = useTranslation("ads");
  const locale = usePageLocale();
  const { preview: p, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form] = useForm({ id: "ads-import-decision", lastResult: actionData?.result });
  const [newClientForm, newClientFields] = useForm<{ intent: string; name: string }>({
    id: "ads-import-new-client",
    lastResult: actionData?.result,
  });
  const s = p.summary!;
  const currency = s.currency ?? p.clientAccount.currency;
  const f = useFormatters(currency);
  const clientQuery = `?client=${p.clientAccount.id}`;
  const facts: Array<[string, string]> = [
    [t("import.facts.platform"), t(`platforms.${s.platform}`)],
    [t("import.facts.kind"), t(`kinds.${s.kind}`)],
    [t("import.facts.clientAccount"), p.clientAccount.name],
    [
      t("import.facts.period"),
      s.allTime
        ? t("import.allTime")
        : s.period
          ? t("import.range", { start: formatDate(s.period.start, locale), end: formatDate(s.period.end, locale) })
          : t("import.noRange"),
    ],
    [t("import.facts.granularity"), s.granularity === "day" ? t("import.byDay", { count: s.days ?? 0 }) : t("import.byPeriod")],
    [t("import.facts.rows"), f.int(s.rows)],
    [t("import.facts.campaigns"), f.int(s.campaigns)],
    [t("import.facts.currency"), s.currency ?? t("import.noCurrency")],
    [t("import.facts.language"), t(`import.languages.${s.language}`)],
  ];
  const totals: Array<[string, string]> = [
    [t("import.metrics.impressions"), f.int(s.totals.impressions)],
    [t("import.metrics.clicks"), f.int(s.totals.clicks)],
    [t("import.metrics.costCents"), f.money(s.totals.costCents)],
    [t("import.metrics.conversions"), f.dec(s.totals.conversions)],
    [t("import.metrics.conversionValueCents"), f.money(s.totals.conversionValueCents)],
    [t("import.metrics.ctr"), f.pct(s.totals.derived.ctr)],
    [t("import.metrics.avgCpc"), f.money(s.totals.derived.avgCpcCents)],
    [t("import.metrics.cpa"), f.money(s.totals.derived.cpaCents)],
    [t("import.metrics.roas"), f.roas(s.totals.derived.roas)],
  ];
  const pending = p.status === "pending";
  return (
    <div className="py-6">
      <p className="text-sm">
        <Link to={`${localePath(locale, "/ads/import")}${clientQuery}`} className="font-medium text-brand-700 underline">
          {t("import.back")}
        </Link>
      </p>
      <h1 className="mt-2 break-all text-3xl font-bold tracking-tight">{p.filename}</h1>
      <p className="mt-1 text-slate-600">
        {t(`import.statuses.${p.status}`)} · {formatDate(p.importedAt ?? p.createdAt, locale)}
      </p>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}
      <FormErrors id={form.errorId} errors={form.errors} />

      <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-2xl border border-slate-200 bg-surface p-5 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="mt-0.5 break-words font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {s.breakdown?.length ? (
        <p className="mt-3 text-sm font-medium" data-testid="breakdown">
          {breakdownLabel(t, locale, s.breakdown)}
        </p>
      ) : null}

      {pending && p.duplicateOf ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
          {t("import.duplicate")}{" "}
          <Link to={`${localePath(locale, `/ads/import/${p.duplicateOf}`)}${clientQuery}`} className="font-medium text-brand-700 underline">
            {t("import.duplicateLink")}
          </Link>
        </p>
      ) : null}
      {pending && p.replaces.length ? (
        <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p>
            {s.granularity === "day"
              ? t("import.replacesDays", { count: p.replaces.length })
              : t("import.replacesPeriod", { count: p.replaces.length })}
          </p>
          <ul className="mt-2 list-disc pl-5">
            {p.replaces.map((item) => (
              <li key={item.id}>
                <Link to={`${localePath(locale, `/ads/import/${item.id}`)}${clientQuery}`} className="break-all underline">
                  {item.filename}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {pending && p.currencyMismatch ? (
        <section aria-labelledby="currency-mismatch" className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
          <h2 id="currency-mismatch" className="font-bold">
            {t("import.mismatch.title")}
          </h2>
          <p className="mt-1 text-sm">
            {t("import.mismatch.body", { account: p.currencyMismatch.account, file: p.currencyMismatch.file, name: p.clientAccount.name })}
          </p>
          <Form method="post" className="mt-3 max-w-md" {...getFormProps(newClientForm)}>
            <input type="hidden" name="intent" value="newClient" />
            <Field
              labelProps={{ children: t("import.mismatch.name") }}
              inputProps={{
                ...getInputProps(newClientFields.name, { type: "text" }),
                defaultValue: `${p.clientAccount.name} (${p.currencyMismatch.file})`,
                autoComplete: "off",
              }}
              errors={newClientFields.name.errors}
            />
            <SubmitButton pendingLabel={t("import.storing")}>{t("import.mismatch.submit")}</SubmitButton>
          </Form>
        </section>
      ) : null}

      {pending ? (
        <div className="mt-6 flex flex-wrap gap-3">
          {!p.currencyMismatch ? (
            <Form method="post">
              <SubmitButton pendingLabel={t("import.storing")} name="intent" value="store">
                {t("import.store")}
              </SubmitButton>
            </Form>
          ) : null}
          <Form method="post">
            <SubmitButton pendingLabel={t("import.discarding")} className="btn-secondary" name="intent" value="discard">
              {t("import.discard")}
            </SubmitButton>
          </Form>
        </div>
      ) : p.status === "imported" ? (
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <Link to={`${localePath(locale, "/ads")}${clientQuery}`} className="btn-primary">
            {t("import.openDashboard")}
          </Link>
          <Link to={`${localePath(locale, "/ads/audit")}${clientQuery}`} className="btn-secondary">
            {t("import.openAudit")}
          </Link>
          <Form method="post">
            <SubmitButton pendingLabel={t("import.removing")} className="btn-secondary" name="intent" value="remove">
              {t("import.remove")}
            </SubmitButton>
          </Form>
        </div>
      ) : null}

      <section aria-labelledby="totals" className="mt-8">
        <h2 id="totals" className="text-xl font-semibold">
          {t("import.totals")}
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {totals.map(([label, value]) => (
            <div key={label} className="rounded-xl border border-slate-200 bg-surface p-3">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="mt-1 font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {s.fileTotals.length ? (
          <p className="mt-3 text-sm text-slate-600">{t("import.fileTotals", { count: s.fileTotals.length })}</p>
        ) : null}
        {s.reconciliation ? <ImportReconciliation result={s.reconciliation} locale={locale} currency={currency} /> : null}
      </section>

      <section aria-labelledby="warnings" className="mt-8">
        <h2 id="warnings" className="text-xl font-semibold">
          {t("import.warnings", { count: s.warningCount })}
        </h2>
        {s.warningCount === 0 ? (
          <p className="mt-2 text-slate-600">{t("import.noWarnings")}</p>
        ) : (
          <ul className="mt-3 space-y-2 text-sm">
            {s.warnings.map((warning, index) => (
              <li key={index} className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950">
                {importMessage(t, locale, currency, warning)}
              </li>
            ))}
            {s.warningCount > s.warnings.length ? (
              <li className="text-slate-600">{t("import.moreWarnings", { count: s.warningCount - s.warnings.length })}</li>
            ) : null}
          </ul>
        )}
      </section>

      <section aria-labelledby="sample" className="mt-8">
        <h2 id="sample" className="text-xl font-semibold">
          {t("import.sample", { count: s.sample.length })}
        </h2>
        <div
          className="mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-surface"
          tabIndex={0}
          role="region"
          aria-labelledby="sample"
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("import.columns.line")}
                </th>
                {s.granularity === "day" ? (
                  <th scope="col" className="px-3 py-2">
                    {t("import.columns.day")}
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2">
                  {t("import.columns.item")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("import.metrics.impressions")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("import.metrics.clicks")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("import.metrics.costCents")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("import.metrics.conversions")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {s.sample.map((row) => (
                <tr key={row.line}>
                  <td className="px-3 py-2 tabular-nums text-slate-600">{row.line}</td>
                  {s.granularity === "day" ? <td className="whitespace-nowrap px-3 py-2">{row.day}</td> : null}
                  <td className="px-3 py-2">
                    {[row.campaign, row.adGroup, row.keyword ?? row.searchTerm, ...Object.values(row.breakdown ?? {})]
                      .filter(Boolean)
                      .join(" › ")}
                    {row.matchType ? <span className="ml-1 text-xs text-slate-500">({t(`matchTypes.${row.matchType}`)})</span> : null}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{f.int(row.impressions)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{f.int(row.clicks)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{f.money(row.costCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{f.dec(row.conversions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
