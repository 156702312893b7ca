/**
 * Ad import, step one (`/ads/import`): the user picks the client account (`clientAccountId`) and
 * uploads an export they downloaded (`file`, at most 20 MB): Google Ads reports (CSV or the
 * UTF-16 "Excel" download), Google Ads Editor exports, Meta Ads Manager or Microsoft Advertising
 * reports, in five languages. The file's head is checked at once: a file that is not a supported
 * export is answered with where it went wrong (line, column, what was expected), nothing stored.
 * Otherwise the file is kept and read by a job (`ads.import-process`, in a worker thread; a file of
 * at most 16 KB, read whole by the check, at once) and the import's page follows it to the preview, which then stores or discards it. At most 20 uploads an
 * hour per member (429), and the member's daily row budget (429 once spent). Recent imports below.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { z } from "zod";
import { ClientAccountNotFoundError } from "~/ads/accounts.server";
import { requireAdTools } from "~/ads/access.server";
import { HEAD_BYTES, MAX_IMPORT_BYTES } from "~/ads/import/read.server";
import { AdsImportError } from "~/ads/import/types";
import { PROCESS_IMPORT_JOB, acceptUpload, listImports, processImport } from "~/ads/imports.server";
import { importMessageParts } from "~/components/ads/import-messages";
import { SelectField } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { queueJob } from "~/jobs/jobs.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { consumeRateLimit, minutesToWait } from "~/security/rate-limit.server";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { fileBytes, readUpload } from "~/utils/multipart.server";
import { localePath } from "~/utils/paths";
import { AdPage } from "~/components/ads/page-heading";
import { FileField } from "~/components/file-field";
import { RecentImports, UploadForm } from "~/components/import-upload";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client, accounts } = await requireAdTools(request, params);
  return {
    meta: await pageMeta(params, "ads", "import.meta"),
    clientId: client.id,
    accounts: accounts.map((account) => ({ id: account.id, name: account.name, currency: account.currency })),
    imports: await listImports(db(), user.id, { clientAccountId: client.id, limit: 20 }),
    maxMegabytes: MAX_IMPORT_BYTES / (1024 * 1024),
  };
}

const UploadSchema = z.object({
  // Optional: without it the file goes to the current client account (`?client=`, else the first).
  clientAccountId: z.string().uuid("ads:import.errors.clientAccount").optional(),
  file: z
    .instanceof(File, { message: "ads:import.errors.file" })
    .refine((file) => file.size > 0, "ads:import.errors.file")
    .refine((file) => file.size <= MAX_IMPORT_BYTES, "ads:import.messages.tooLarge"),
});

type ParserProblem = { code: string; line?: number; column?: string; expected?: string; got?: string; max?: number; minutes?: number };

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, locale, client } = await requireAdTools(request, params);
  // Counted before the body is read: every upload is work, refused ones included.
  const verdict = await consumeRateLimit(db(), "adsImport", user.id);
  if (!verdict.allowed) {
    const problem: ParserProblem = { code: "ads.import.tooManyUploads", minutes: minutesToWait(verdict.retryAfterSeconds) };
    return data(
      { result: { status: "error" as const, error: { file: ["parser"] } }, problem },
      { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
    );
  }
  const upload = await readUpload(request, { field: "file", maxBytes: MAX_IMPORT_BYTES });
  if (!upload.ok) {
    return data(
      { result: { status: "error" as const, error: { file: ["ads:import.messages.tooLarge"] } }, problem: null as ParserProblem | null },
      { status: 413 },
    );
  }
  const submission = parseWithZod(upload.form, { schema: UploadSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), problem: null as ParserProblem | null }, { status: 400 });
  const { file } = submission.value;
  const clientAccountId = submission.value.clientAccountId ?? client.id;
  let id: string;
  try {
    id = await acceptUpload(db(), {
      ownerId: user.id,
      clientAccountId,
      filename: file.name,
      bytes: await fileBytes(file),
    });
  } catch (error) {
    if (error instanceof ClientAccountNotFoundError) {
      return data(
        {
          result: submission.reply({ fieldErrors: { clientAccountId: ["ads:import.errors.clientAccount"] } }),
          problem: null as ParserProblem | null,
        },
        { status: 400 },
      );
    }
    if (!(error instanceof AdsImportError)) throw error;
    const problem: ParserProblem = { code: error.code, ...error.params };
    return data(
      { result: submission.reply({ fieldErrors: { file: ["parser"] } }), problem },
      { status: error.code === "ads.import.tooLarge" ? 413 : error.code === "ads.import.dailyBudget" ? 429 : 422 },
    );
  }
  // A file of at most 16 KB was read whole by the check: its preview is made here; a larger one by the job.
  if (file.size <= HEAD_BYTES) await processImport(db(), id);
  else await queueJob(PROCESS_IMPORT_JOB, { importId: id }, undefined, { singletonKey: id });
  throw redirect(`${localePath(locale, `/ads/import/${id}`)}?client=${clientAccountId}`);
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdsImport() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("ads");
  const { clientId, accounts, imports, maxMegabytes } = loaderData;
  const [form, fields] = useForm<{ clientAccountId: string; file: File }>({
    id: "ads-import",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  const problem = actionData?.problem;
  // The parser's problem is one sentence with its line and column; other errors are keys.
  const parts = problem ? importMessageParts(t, locale, null, problem) : null;
  const fileErrors = parts ? [parts.key] : fields.file.errors;
  return (
    <AdPage title={t("import.title")} intro={t("import.intro")}>
      <UploadForm form={form} spacing="space-y-3" submit={t("import.preview")} pendingLabel={t("import.reading")}>
        <SelectField
          label={t("import.clientAccount")}
          selectProps={{ id: fields.clientAccountId.id, name: fields.clientAccountId.name, defaultValue: clientId }}
          options={accounts.map((account) => ({
            value: account.id,
            label: account.currency ? `${account.name} (${account.currency})` : account.name,
          }))}
          errors={fields.clientAccountId.errors}
        />
        <FileField
          id={fields.file.id}
          name={fields.file.name}
          label={t("import.file")}
          hint={t("import.fileHint", { size: maxMegabytes })}
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          required
          errors={fileErrors}
          errorValues={parts?.values}
        />
      </UploadForm>
      <details className="mt-6 max-w-3xl rounded-2xl border border-slate-200 bg-surface p-5 text-sm">
        <summary className="cursor-pointer font-semibold">{t("import.howTo.title")}</summary>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
          <li>{t("import.howTo.google")}</li>
          <li>{t("import.howTo.editor")}</li>
          <li>{t("import.howTo.meta")}</li>
          <li>{t("import.howTo.microsoft")}</li>
        </ul>
        <p className="mt-3 text-slate-600">{t("import.howTo.privacy")}</p>
      </details>
      <RecentImports
        title={t("import.recent")}
        none={t("import.none")}
        items={imports}
        href={(item) => `${localePath(locale, `/ads/import/${item.id}`)}?client=${item.clientAccountId}`}
        details={(item) => (
          <>
            {t(`platforms.${item.platform}`)} · {t(`kinds.${item.kind}`)} ·{" "}
            {item.periodStart && item.periodEnd
              ? t("import.range", { start: formatDate(item.periodStart, locale), end: formatDate(item.periodEnd, locale) })
              : t("import.noRange")}{" "}
            · {t("import.rowCount", { count: item.rowCount })} · <strong>{t(`import.statuses.${item.status}`)}</strong>
          </>
        )}
      />
    </AdPage>
  );
}
