/**
 * Report import, step two (`/admin/conversions/import/:importId`): the preview of an upload (what
 * each row would do, rows that could not be read) and "Apply import", which applies it once; then
 * what applying did.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useTranslation, usePage } from "~/i18n/react";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { DataTable } from "~/components/data-table";
import { SubmitButton } from "~/components/submit-button";
import { applyImport, getImport, type RowOutcome } from "~/cashback/imports.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { type Locale } from "~/i18n/config";
import { formatDate } from "~/utils/dates";
import { takeNotice } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { formIntent, invariantResponse, notFound, redirectWithFlash } from "~/utils/http.server";
import type { Actor } from "~/audit/audit.server";
import { Section } from "~/components/section";
import { FlashNotice } from "~/components/flash-notice";
import { BackHeading } from "~/components/admin/back-heading";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const found = UUID.test(params.importId ?? "") ? await getImport(db(), params.importId!) : null;
  invariantResponse(found);
  const { notice, headers } = await takeNotice(request);
  return data({ meta: await pageMeta(params, "admin", "imports.meta"), found, notice }, { headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale, formData } = await requireAdminForm(request, params);
  // The page's one form: apply the previewed rows (an import already applied is not applied again).
  const intent = formIntent(formData, ["apply"]);
  const importId = params.importId ?? "";
  switch (UUID.test(importId) ? intent : null) {
    case "apply":
      return apply(actor, locale, importId);
    case null:
      return data({ error: "bad_request" }, { status: 400 });
  }
}

async function apply(actor: Actor, locale: Locale, importId: string): Promise<never> {
  const result = await applyImport(db(), { importId, adminId: actor.id, clientAddress: actor.clientAddress });
  if (!result.ok && result.error === "notFound") throw notFound();
  throw await redirectWithFlash(localePath(locale, `/admin/conversions/import/${importId}`), {
    kind: "notice",
    key: result.ok ? "imports.applied" : "imports.alreadyApplied",
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

function Counts({ counts }: { counts: Partial<Record<RowOutcome, number>> }) {
  const { t } = useTranslation("admin");
  const entries = Object.entries(counts) as Array<[RowOutcome, number]>;
  if (entries.length === 0) return <p className="text-slate-600">{t("imports.nothing")}</p>;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {entries.map(([outcome, count]) => (
        <div key={outcome} className="rounded-xl border border-slate-200 bg-surface p-3">
          <dt className="text-xs font-medium uppercase text-slate-600">{t(`conversions.outcomes.${outcome}`)}</dt>
          <dd className="text-2xl font-bold tabular-nums">{count}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function ImportPreviewPage() {
  const { t, locale, loaderData } = usePage<typeof loader>("admin");
  const { found, notice } = loaderData;
  const { preview } = found;
  return (
    <div className="container-page py-10">
      <BackHeading
        to={localePath(locale, "/admin/conversions/import")}
        back={t("imports.backToImports")}
        title={found.filename}
        titleClassName="break-all"
      />
      <p className="mt-2 text-slate-600">
        {t(`conversions.networks.${found.network}`)} · {t(`imports.statuses.${found.status}`)} · {formatDate(found.createdAt, locale)} ·{" "}
        {t("imports.rows", { count: preview.rows })}
      </p>
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>
      {found.result ? (
        <Section id="import-result" title={t("imports.result")} className="mt-6">
          <div className="mt-3">
            <Counts counts={found.result} />
          </div>
        </Section>
      ) : null}
      <Section id="import-preview" title={t("imports.previewTitle")} className="mt-6">
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("imports.previewIntro")}</p>
        <div className="mt-3">
          <Counts counts={preview.outcomes} />
        </div>
        {found.status === "previewed" ? (
          <Form method="post" className="mt-4">
            <SubmitButton name="intent" value="apply" pendingLabel={t("imports.applying")}>
              {t("imports.apply")}
            </SubmitButton>
          </Form>
        ) : null}
      </Section>
      {preview.errors.length ? (
        <Section id="import-errors" title={t("imports.errorsTitle", { count: preview.errors.length })}>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {preview.errors.slice(0, 200).map((error) => (
              <li key={`${error.line}-${error.column}`}>
                {t(`imports.rowErrors.${error.code}`, { line: error.line, column: error.column })}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section id="import-rows" title={t("imports.rowsTitle")}>
        <DataTable
          className="mt-3"
          rows={preview.sample}
          rowKey={(row) => `${row.line}-${row.transactionId}`}
          columns={[
            { key: "line", header: t("imports.columns.line"), className: "tabular-nums", cell: (row) => row.line },
            {
              key: "transaction",
              header: t("imports.columns.transaction"),
              primary: true,
              className: "break-all",
              cell: (row) => row.transactionId,
            },
            {
              key: "click",
              header: t("imports.columns.click"),
              className: "break-all font-mono text-xs",
              cell: (row) => row.clickId ?? "—",
            },
            {
              key: "commission",
              header: t("imports.columns.commission"),
              numeric: true,
              cell: (row) => formatMoney(row.commissionCents, locale),
            },
            { key: "status", header: t("imports.columns.status"), cell: (row) => row.status },
            {
              key: "outcome",
              header: t("imports.columns.outcome"),
              className: "font-medium",
              cell: (row) => t(`conversions.outcomes.${row.outcome}`),
            },
          ]}
        />
        {preview.rows > preview.sample.length ? (
          <p className="mt-2 text-xs text-slate-600">{t("imports.sampleNote", { shown: preview.sample.length, count: preview.rows })}</p>
        ) : null}
      </Section>
    </div>
  );
}
