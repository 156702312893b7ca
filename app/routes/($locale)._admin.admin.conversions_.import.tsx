/**
 * Report import, step one (`/admin/conversions/import`): an admin picks the network (`network`)
 * and uploads its transaction report CSV (`report`, at most 5 MB). The file is previewed (nothing
 * changes) and kept; the preview page then applies it. Recent imports are listed below.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { ConformSelectField } from "~/components/forms-conform";
import { optionsOf } from "~/components/admin/list-filters";
import { MAX_REPORT_BYTES, createImport, recentImports } from "~/cashback/imports.server";
import { REPORT_NETWORKS, ReportFormatError } from "~/cashback/reports";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { readUpload } from "~/utils/multipart.server";
import { FileField } from "~/components/file-field";
import { RecentImports, UploadForm } from "~/components/import-upload";
import { BackHeading } from "~/components/admin/back-heading";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { meta: await pageMeta(params, "admin", "imports.meta"), imports: await recentImports(db()) };
}

const UploadSchema = z.object({
  network: z.enum(REPORT_NETWORKS, { errorMap: () => ({ message: "admin:imports.errors.network" }) }),
  report: z
    .instanceof(File, { message: "admin:imports.errors.file" })
    .refine((file) => file.size > 0, "admin:imports.errors.file")
    .refine((file) => file.size <= MAX_REPORT_BYTES, "admin:imports.errors.tooLarge"),
});

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { actor } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const upload = await readUpload(request, { field: "report", maxBytes: MAX_REPORT_BYTES });
  if (!upload.ok) {
    return data(
      { result: { status: "error" as const, error: { report: ["admin:imports.errors.tooLarge"] } }, missing: [] as string[] },
      { status: 413 },
    );
  }
  const submission = parseWithZod(upload.form, { schema: UploadSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), missing: [] as string[] }, { status: 400 });
  const { network, report } = submission.value;
  try {
    const id = await createImport(db(), {
      adminId: actor.id,
      clientAddress: actor.clientAddress,
      network,
      filename: report.name,
      bytes: new Uint8Array(await report.arrayBuffer()),
    });
    throw redirect(localePath(locale, `/admin/conversions/import/${id}`));
  } catch (error) {
    if (!(error instanceof ReportFormatError)) throw error;
    return data(
      { result: submission.reply({ fieldErrors: { report: [`admin:imports.errors.${error.code}`] } }), missing: error.columns },
      { status: 422 },
    );
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function ImportReport() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("admin");
  const { imports } = loaderData;
  const [form, fields] = useForm<{ network: string; report: File }>({
    id: "report-import",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  return (
    <div className="container-page py-10">
      <BackHeading to={localePath(locale, "/admin/conversions")} back={t("imports.back")} title={t("imports.title")} />
      <p className="mt-2 max-w-2xl text-slate-600">{t("imports.intro")}</p>
      <UploadForm form={form} spacing="space-y-4" submit={t("imports.preview")} pendingLabel={t("imports.previewing")}>
        <ConformSelectField
          label={t("imports.network")}
          field={fields.network}
          options={optionsOf(REPORT_NETWORKS, (network) => t(`conversions.networks.${network}`))}
        />
        <FileField
          id={fields.report.id}
          name={fields.report.name}
          label={t("imports.file")}
          hint={t("imports.fileHint")}
          accept=".csv,text/csv"
          errors={fields.report.errors}
        >
          {actionData?.missing.length ? (
            <p className="text-xs text-slate-700">{t("imports.missingColumns", { columns: actionData.missing.join(", ") })}</p>
          ) : null}
        </FileField>
      </UploadForm>
      <RecentImports
        title={t("imports.recent")}
        none={t("imports.none")}
        items={imports}
        href={(item) => localePath(locale, `/admin/conversions/import/${item.id}`)}
        details={(item) =>
          `${t(`conversions.networks.${item.network}`)} · ${t(`imports.statuses.${item.status}`)} · ${formatDate(item.createdAt, locale)}`
        }
      />
    </div>
  );
}
