/**
 * Daily tips (`/ads/tips`): the client account's open tips by estimated monthly impact, each with
 * its evidence; **Apply** (`intent=apply`, `tipId`) records the decision and answers with the tip
 * itself at the top of the list (`?applied=<tipId>#tip-<tipId>`): where the change is a file, its
 * Google Ads Editor CSV to download right there and one sentence on importing it; **Dismiss** (`intent=dismiss`, `tipId`, `reason`,
 * optional `note`) keeps the tip away until its evidence changes. "Check for tips now"
 * (`intent=generate`) runs what the daily job runs. Applied and dismissed tips are listed below.
 * The intents' handlers are in `./actions.server`, the page's pieces beside this module.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { hasStoredImport } from "~/ads/imports.server";
import { TipDecidedError, TipNotFoundError, listTips } from "~/ads/tips.server";
import { SubmitButton } from "~/components/submit-button";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { IntentSchema, applyIntent, dismissIntent, generateIntent } from "./actions.server";
import { AppliedTips, DismissedTips } from "./decided-tips";
import { JustAppliedTip } from "./just-applied-tip";
import { OpenTip } from "./open-tip";
import { notFound, pageWithNotice } from "~/utils/http.server";
import { Section } from "~/components/section";
import { FlashNotice } from "~/components/flash-notice";

export const handle = { i18n: ["common", "ads", "ads-tips"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client } = await requireAdTools(request, params);
  const hasImports = await hasStoredImport(db(), client.id);
  const tips = await listTips(db(), user.id, client.id);
  // The tip just applied, shown where the person clicked Apply (the top of the list), with its file.
  const appliedId = new URL(request.url).searchParams.get("applied");
  const justApplied = appliedId ? (tips.applied.find((tip) => tip.id === appliedId) ?? null) : null;
  return pageWithNotice(request, params, ["ads-tips", "meta"], {
    client: { id: client.id, name: client.name, currency: client.currency },
    hasImports,
    tips,
    justApplied,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireAdTools(request, params);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: IntentSchema });
  const tipId = typeof form.get("tipId") === "string" ? String(form.get("tipId")) : null;
  if (submission.status !== "success") return data({ result: submission.reply(), tipId }, { status: 400 });
  const value = submission.value;
  try {
    switch (value.intent) {
      case "generate":
        return await generateIntent(context);
      case "apply":
        return await applyIntent(context, value);
      case "dismiss":
        return await dismissIntent(context, value);
    }
  } catch (error) {
    if (error instanceof TipNotFoundError) throw notFound();
    if (error instanceof TipDecidedError)
      return data({ result: submission.reply({ formErrors: ["ads-tips:errors.decided"] }), tipId }, { status: 409 });
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdsTips() {
  const { t } = useTranslation("ads-tips");
  const { t: tAds } = useTranslation("ads");
  const locale = usePageLocale();
  const { client, hasImports, tips, justApplied, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>

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
        <Section id="open-tips" title={t("open")} className="mt-6" titleClassName="sr-only">
          <ul className="space-y-4">
            {tips.open.map((tip) => (
              <OpenTip key={tip.id} tip={tip} currency={client.currency} actionData={actionData} />
            ))}
          </ul>
        </Section>
      )}

      <AppliedTips tips={tips.applied} currency={client.currency} justAppliedId={justApplied?.id ?? null} />
      <DismissedTips tips={tips.dismissed} currency={client.currency} />
    </div>
  );
}
