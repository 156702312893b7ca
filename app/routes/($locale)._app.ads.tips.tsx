/**
 * Daily tips (`/ads/tips`): the client account's open tips by estimated monthly impact, each with
 * its evidence; **Apply** (`intent=apply`, `tipId`) records the decision and answers with the tip
 * itself at the top of the list (`?applied=<tipId>#tip-<tipId>`): where the change is a file, its
 * Google Ads Editor CSV to download right there and one sentence on importing it; **Dismiss** (`intent=dismiss`, `tipId`, `reason`,
 * optional `note`) keeps the tip away until its evidence changes. "Check for tips now"
 * (`intent=generate`) runs what the daily job runs. Applied and dismissed tips are listed below.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { z } from "zod";
import { requireAdTools } from "~/ads/access.server";
import { hasStoredImport } from "~/ads/imports.server";
import { DISMISS_NOTE_MAX, DISMISS_REASONS } from "~/ads/tip-kinds";
import { tipText } from "~/ads/tip-text";
import { TipDecidedError, TipNotFoundError, applyTip, dismissTip, generateTips, listTips, type Tip } from "~/ads/tips.server";
import { Notice } from "~/components/auth/auth-card";
import { FormErrors, SelectField, SubmitButton } from "~/components/forms";
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

export const handle = { i18n: ["common", "ads", "ads-tips"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client } = await requireAdTools(request, params);
  const { flash, headers } = await takeFlash(request);
  const hasImports = await hasStoredImport(db(), client.id);
  const tips = await listTips(db(), user.id, client.id);
  // The tip just applied, shown where the person clicked Apply (the top of the list), with its file.
  const appliedId = new URL(request.url).searchParams.get("applied");
  const justApplied = appliedId ? (tips.applied.find((tip) => tip.id === appliedId) ?? null) : null;
  return data(
    {
      meta: await pageMeta(params, "ads-tips", "meta"),
      client: { id: client.id, name: client.name, currency: client.currency },
      hasImports,
      tips,
      justApplied,
      notice: flash?.kind === "notice" ? flash : null,
    },
    { headers },
  );
}

const Schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("generate") }),
  z.object({ intent: z.literal("apply"), tipId: z.string().uuid() }),
  z.object({
    intent: z.literal("dismiss"),
    tipId: z.string().uuid(),
    reason: z.enum(DISMISS_REASONS, { errorMap: () => ({ message: "ads-tips:errors.reason" }) }),
    note: z.string().max(DISMISS_NOTE_MAX, "ads-tips:errors.note").optional(),
  }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, client, locale } = await requireAdTools(request, params);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: Schema });
  const tipId = typeof form.get("tipId") === "string" ? String(form.get("tipId")) : null;
  if (submission.status !== "success") return data({ result: submission.reply(), tipId }, { status: 400 });
  const back = async (key: string, values: Record<string, string | number> = {}, hash = "") =>
    redirect(`${localePath(locale, "/ads/tips")}?client=${client.id}${hash}`, {
      headers: { "Set-Cookie": await setFlash({ kind: "notice", key, values }) },
    });
  const value = submission.value;
  try {
    switch (value.intent) {
      case "generate": {
        const outcome = await generateTips(db(), client.id);
        throw await back("ads-tips:generated", { count: outcome.created });
      }
      case "apply": {
        const tip = await unitOfWork(db(), (tx) => applyTip(tx, user.id, value.tipId));
        // No flash: the answer is the applied tip itself, with its file, where Apply was clicked.
        throw redirect(`${localePath(locale, "/ads/tips")}?client=${client.id}&applied=${tip.id}#tip-${tip.id}`);
      }
      case "dismiss": {
        const { tipId: id, reason, note } = value;
        await unitOfWork(db(), (tx) => dismissTip(tx, user.id, id, reason, note ?? null));
        throw await back("ads-tips:dismissed");
      }
    }
  } catch (error) {
    if (error instanceof TipNotFoundError) throw data({ error: "not_found" }, { status: 404 });
    if (error instanceof TipDecidedError)
      return data({ result: submission.reply({ formErrors: ["ads-tips:errors.decided"] }), tipId }, { status: 409 });
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

function useTipText(currency: string | null) {
  const { t } = useTranslation("ads-tips");
  const locale = usePageLocale();
  return (tip: Tip) => tipText(tip, t as (key: string, values?: Record<string, unknown>) => string, locale, currency);
}

function Evidence({ tip, currency }: { tip: Tip; currency: string | null }) {
  const { t } = useTranslation("ads-tips");
  const locale = usePageLocale();
  const lines = (
    Array.isArray(tip.evidence.terms) ? tip.evidence.terms : Array.isArray(tip.evidence.keywords) ? tip.evidence.keywords : []
  ) as Array<Record<string, unknown>>;
  if (!lines.length) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">{t("evidence", { count: lines.length })}</summary>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {lines.map((line, index) => (
          <li key={index} className="flex flex-wrap justify-between gap-2 px-3 py-1.5">
            <span className="break-words">
              {String(line.term ?? line.keyword ?? "")}
              {line.adGroup ? <span className="text-slate-500"> · {String(line.adGroup)}</span> : null}
            </span>
            <span className="tabular-nums text-slate-700">
              {t("evidenceLine", {
                cost: formatMoney(typeof line.costCents === "number" ? line.costCents : 0, locale, currency),
                clicks: typeof line.clicks === "number" ? line.clicks : 0,
              })}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function OpenTip({
  tip,
  currency,
  actionData,
}: {
  tip: Tip;
  currency: string | null;
  actionData: { result: unknown; tipId: string | null } | undefined;
}) {
  const { t } = useTranslation("ads-tips");
  const text = useTipText(currency)(tip);
  const mine = actionData?.tipId === tip.id;
  const [form, fields] = useForm<{ intent: string; tipId: string; reason: string; note: string }>({
    id: `dismiss-${tip.id}`,
    lastResult: mine ? (actionData!.result as never) : undefined,
  });
  return (
    <li id={`tip-${tip.id}`} className="rounded-2xl border border-slate-200 bg-surface p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="min-w-0 flex-1 break-words font-semibold">{text.title}</h3>
        {text.impact ? (
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{text.impact}</span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-700">{text.body}</p>
      {text.estimate ? <p className="mt-1 text-sm font-medium text-slate-800">{text.estimate}</p> : null}
      <Evidence tip={tip} currency={currency} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <Form method="post">
          <input type="hidden" name="tipId" value={tip.id} />
          <SubmitButton name="intent" value="apply" pendingLabel={t("applying")}>
            {t("apply")}
          </SubmitButton>
        </Form>
        <Form method="post" className="flex flex-wrap items-end gap-2" {...getFormProps(form)}>
          <input type="hidden" name="tipId" value={tip.id} />
          <SelectField
            label={t("reason")}
            selectProps={{
              id: fields.reason.id,
              name: fields.reason.name,
              defaultValue: (fields.reason.initialValue as string | undefined) ?? "",
            }}
            options={[
              { value: "", label: t("chooseReason") },
              ...DISMISS_REASONS.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) })),
            ]}
            errors={fields.reason.errors}
          />
          <div>
            <label htmlFor={fields.note.id} className="mb-1 block text-sm font-medium text-slate-800">
              {t("note")}
            </label>
            <input
              id={fields.note.id}
              name={fields.note.name}
              maxLength={DISMISS_NOTE_MAX}
              defaultValue={(fields.note.initialValue as string | undefined) ?? ""}
              className="block w-48 rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm"
            />
          </div>
          <SubmitButton name="intent" value="dismiss" className="btn-secondary" pendingLabel={t("dismissing")}>
            {t("dismiss")}
          </SubmitButton>
        </Form>
      </div>
    </li>
  );
}

/** The tip just applied, where it was: "marked as applied", its Editor file and how to import it. */
function JustAppliedTip({ tip, currency }: { tip: Tip; currency: string | null }) {
  const { t } = useTranslation("ads-tips");
  const locale = usePageLocale();
  const text = useTipText(currency)(tip);
  return (
    <section
      id={`tip-${tip.id}`}
      aria-labelledby={`tip-${tip.id}-title`}
      className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5"
      data-testid="just-applied"
    >
      <h2 id={`tip-${tip.id}-title`} className="break-words font-semibold text-slate-900">
        {text.title}
      </h2>
      <p role="status" className="mt-2 text-sm font-medium text-brand-900">
        {t(tip.hasEditorFile ? "appliedWithFile" : "applied")}
      </p>
      {tip.hasEditorFile ? (
        <>
          <p className="mt-3">
            <a href={localePath(locale, `/ads/tips/${tip.id}/editor.csv`)} className="btn-primary inline-flex" download>
              {t("download")}
            </a>
          </p>
          <p className="mt-3 text-sm text-slate-700">{t("howToUpload")}</p>
        </>
      ) : null}
    </section>
  );
}

export default function AdsTips() {
  const { t } = useTranslation("ads-tips");
  const { t: tAds } = useTranslation("ads");
  const locale = usePageLocale();
  const { client, hasImports, tips, justApplied, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const text = useTipText(client.currency);
  const clientQuery = `?client=${client.id}`;
  return (
    <div className="py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
          <p className="mt-2 max-w-3xl text-slate-600">{t("intro")}</p>
          <p className="mt-1 max-w-3xl text-sm text-slate-500">{tAds("ruleBased")}</p>
        </div>
        {hasImports ? (
          <Form method="post">
            <SubmitButton name="intent" value="generate" className="btn-secondary" pendingLabel={t("generating")}>
              {t("generate")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}

      {justApplied ? <JustAppliedTip tip={justApplied} currency={client.currency} /> : null}

      {!hasImports ? (
        <p className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5">
          {t("empty")}{" "}
          <Link to={`${localePath(locale, "/ads/import")}${clientQuery}`} className="font-medium text-brand-700 underline">
            {t("importLink")}
          </Link>
        </p>
      ) : tips.open.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5 text-slate-700">{t("noneOpen")}</p>
      ) : (
        <section aria-labelledby="open-tips" className="mt-6">
          <h2 id="open-tips" className="sr-only">
            {t("open")}
          </h2>
          <ul className="space-y-4">
            {tips.open.map((tip) => (
              <OpenTip key={tip.id} tip={tip} currency={client.currency} actionData={actionData} />
            ))}
          </ul>
        </section>
      )}

      {tips.applied.length ? (
        <section aria-labelledby="applied-tips" className="mt-10">
          <h2 id="applied-tips" className="text-xl font-semibold">
            {t("appliedTitle")}
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
            {tips.applied.map((tip) => (
              <li key={tip.id} id={tip.id === justApplied?.id ? undefined : `tip-${tip.id}`} className="px-4 py-3 text-sm">
                <p className="break-words font-medium">{text(tip).title}</p>
                <p className="mt-1 text-slate-600">
                  {t("appliedOn", { date: tip.decidedAt ? formatDate(tip.decidedAt, locale) : "" })}
                  {tip.hasEditorFile ? (
                    <>
                      {" · "}
                      <a
                        href={`${localePath(locale, `/ads/tips/${tip.id}/editor.csv`)}`}
                        className="font-medium text-brand-700 underline"
                        download
                      >
                        {t("download")}
                      </a>
                    </>
                  ) : null}
                </p>
                {tip.hasEditorFile ? <p className="mt-1 text-xs text-slate-500">{t("howToUpload")}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {tips.dismissed.length ? (
        <section aria-labelledby="dismissed-tips" className="mt-10">
          <h2 id="dismissed-tips" className="text-xl font-semibold">
            {t("dismissedTitle")}
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
            {tips.dismissed.map((tip) => (
              <li key={tip.id} className="px-4 py-3 text-sm">
                <p className="break-words font-medium">{text(tip).title}</p>
                <p className="mt-1 text-slate-600">
                  {t("dismissedOn", {
                    date: tip.decidedAt ? formatDate(tip.decidedAt, locale) : "",
                    reason: tip.dismissReason ? t(`reasons.${tip.dismissReason}`) : "",
                  })}
                  {tip.dismissNote ? ` · “${tip.dismissNote}”` : ""}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
