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
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CLIENT_NAME_MAX } from "~/ads/account-form";
import { requireAdTools } from "~/ads/access.server";
import { CurrencyMismatchError, ImportNotFoundError, ImportNotPendingError, getImportPreview } from "~/ads/imports.server";
import { breakdownLabel } from "~/ads/breakdown-label";
import { ImportProgress } from "~/components/ads/import-progress";
import { FormErrors } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { discardIntent, newClientIntent, removeIntent, storeIntent } from "./actions.server";
import { ImportDecision } from "./import-decision";
import { ImportSample, ImportTotals, ImportWarnings, useFormatters } from "./import-details";
import { orNotFound, pageWithNotice } from "~/utils/http.server";
import { FlashNotice } from "~/components/flash-notice";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads"] };
export const clientLoader = withNamespaces(handle.i18n);

async function preview(userId: string, importId: string | undefined) {
  return orNotFound(getImportPreview(db(), userId, importId ?? ""), ImportNotFoundError);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdTools(request, params);
  return pageWithNotice(request, params, ["ads", "import.previewMeta"], {
    preview: await preview(user.id, params.importId),
  });
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
  const caller = { userId: user.id, locale, current };
  try {
    switch (submission.value.intent) {
      case "store":
        return await storeIntent(caller);
      case "newClient":
        return await newClientIntent(caller, submission.value.name);
      case "discard":
        return await discardIntent(caller);
      case "remove":
        return await removeIntent(caller);
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
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("ads");
  const { preview: p, notice } = loaderData;
  const [form] = useForm({ id: "ads-import-decision", lastResult: actionData?.result });
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
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>
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

      <ImportDecision p={p} lastResult={actionData?.result} />
      <ImportTotals s={s} currency={currency} f={f} />
      <ImportWarnings s={s} currency={currency} />
      <ImportSample s={s} f={f} />
    </div>
  );
}
