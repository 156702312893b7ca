/**
 * The campaign auditor (`/ads/audit`): "Run audit" (a POST form, `intent=run`) audits the current
 * client account's imported data with its thresholds and keeps the result; the page shows the
 * latest audit (or `?audit=<id>` from the history): the overall score and grade with the change
 * against the audit before it, each graded check with its A/B/C grade, why it matters, how to fix
 * it and its failing items with their figures (money in the client account's currency,
 * percentages), the checks without data listed apart with what they need, and a link to the
 * thresholds page. With nothing imported it points to the import page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { useTranslation } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { AuditNotFoundError, auditWithComparison, getAudit, latestAudit, listAudits } from "~/ads/audit/audit.server";
import { rowCount } from "~/ads/imports.server";
import { formatRunAt, useAuditFormat } from "~/components/ads/audit-format";
import { SubmitButton } from "~/components/submit-button";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { badRequest, readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { runIntent } from "./actions.server";
import { AuditChecks, AuditHistory, AuditScore, NotApplicable } from "./audit-sections";
import { notFound, pageWithNotice } from "~/utils/http.server";
import { Section } from "~/components/section";
import { FlashNotice } from "~/components/flash-notice";

export const handle = { i18n: ["common", "ads", "ads-audit"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client } = await requireAdTools(request, params);
  const wanted = new URL(request.url).searchParams.get("audit");
  let snapshot = null;
  if (wanted) {
    try {
      snapshot = await getAudit(db(), user.id, client.id, wanted);
    } catch (error) {
      if (!(error instanceof AuditNotFoundError)) throw error;
      throw notFound();
    }
  } else snapshot = await latestAudit(db(), user.id, client.id);
  const withComparison = snapshot ? await auditWithComparison(db(), user.id, snapshot) : null;
  return pageWithNotice(request, params, ["ads-audit", "meta"], {
    client: {
      id: client.id,
      name: client.name,
      currency: client.currency,
      industry: client.industry,
      timeZone: client.timeZone,
    },
    hasRows: (await rowCount(db(), client.id)) > 0,
    audit: withComparison?.audit ?? null,
    previous: withComparison?.previous
      ? { id: withComparison.previous.id, createdAt: withComparison.previous.createdAt, score: withComparison.previous.score }
      : null,
    comparison: withComparison?.comparison ?? null,
    latest: !wanted,
    history: await listAudits(db(), user.id, client.id, { limit: 12 }),
  });
}

const Schema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("run") })]);

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, client, locale } = await requireAdTools(request, params);
  const parsed = Schema.safeParse({ intent: (await readForm(request)).get("intent") });
  if (!parsed.success) badRequest();
  switch (parsed.data.intent) {
    case "run":
      return runIntent(user.id, client.id, locale);
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdsAudit() {
  const { t } = useTranslation("ads-audit");
  const { t: tAds } = useTranslation("ads");
  const locale = usePageLocale();
  const { client, hasRows, audit, previous, comparison, latest, history, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const f = useAuditFormat(locale, client.currency);
  const query = `?client=${encodeURIComponent(client.id)}`;
  const graded = audit?.checks.filter((c) => c.status === "graded") ?? [];
  const notApplicable = audit?.checks.filter((c) => c.status !== "graded") ?? [];
  const shown = { locale, timeZone: client.timeZone, f };

  return (
    <div className="py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t("intro", { client: client.name })}</p>
        </div>
        <Link to={`${localePath(locale, "/ads/audit/settings")}${query}`} className="text-sm font-medium text-brand-700 underline">
          {t("thresholdsLink")}
        </Link>
      </div>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">{tAds("ruleBased")}</p>

      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>
      {actionData?.error ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t(`errors.${actionData.error}`)}{" "}
          <Link to={`${localePath(locale, "/ads/import")}${query}`} className="font-medium underline">
            {t("empty.link")}
          </Link>
        </div>
      ) : null}

      {!hasRows && !audit ? (
        <Section id="audit-empty" title={t("empty.title")} box="dashed" className="mt-6">
          <p className="mt-1 max-w-2xl text-slate-700">{t("empty.text")}</p>
          <Link to={`${localePath(locale, "/ads/import")}${query}`} className="btn-primary mt-4 inline-flex">
            {t("empty.link")}
          </Link>
        </Section>
      ) : (
        <Form method="post" action={`${localePath(locale, "/ads/audit")}${query}`} className="mt-6 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="run" />
          <SubmitButton className="btn-primary" pendingLabel={t("running")}>
            {t("run")}
          </SubmitButton>
          <p className="text-sm text-slate-600">{audit ? t("runAgainHint") : t("runHint")}</p>
        </Form>
      )}

      {audit ? (
        <>
          {!latest ? (
            <p className="mt-4 text-sm">
              {t("viewingOld", { date: formatRunAt(audit.createdAt, locale, client.timeZone) })}{" "}
              <Link to={`${localePath(locale, "/ads/audit")}${query}`} className="font-medium text-brand-700 underline">
                {t("viewLatest")}
              </Link>
            </p>
          ) : null}
          <AuditScore audit={audit} previous={previous} comparison={comparison} graded={graded} {...shown} />
          <AuditChecks graded={graded} comparison={comparison} f={f} />
          <NotApplicable checks={notApplicable} />
          <AuditHistory history={history} shownId={audit.id} query={query} {...shown} />
        </>
      ) : hasRows ? (
        <p className="mt-6 text-slate-700">{t("noAuditYet")}</p>
      ) : null}
    </div>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";
