/**
 * The campaign auditor (`/ads/audit`): "Run audit" (a POST form, `intent=run`) audits the current
 * client account's imported data with its thresholds and keeps the result; the page shows the
 * latest audit (or `?audit=<id>` from the history): the overall score and grade with the change
 * against the audit before it, each graded check with its A/B/C grade, why it matters, how to fix
 * it and its failing items with their figures (money in the client account's currency,
 * percentages), the checks without data listed apart with what they need, and a link to the
 * thresholds page. With nothing imported it points to the import page.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { ClientAccountNotFoundError } from "~/ads/accounts.server";
import {
  AuditNotFoundError,
  NothingToAuditError,
  auditWithComparison,
  getAudit,
  latestAudit,
  listAudits,
  runAudit,
} from "~/ads/audit/audit.server";
import { CATEGORIES, RULES_BY_ID, type CheckChange } from "~/ads/audit/rules";
import type { AuditItem, CheckResult } from "~/ads/audit/types";
import { rowCount } from "~/ads/imports.server";
import { GradeBadge, formatRunAt, useAuditFormat } from "~/components/ads/audit-format";
import { Notice } from "~/components/auth/auth-card";
import { SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { badRequest, readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "ads", "ads-audit"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client } = await requireAdTools(request, params);
  const { flash, headers } = await takeFlash(request);
  const wanted = new URL(request.url).searchParams.get("audit");
  let snapshot = null;
  if (wanted) {
    try {
      snapshot = await getAudit(db(), user.id, client.id, wanted);
    } catch (error) {
      if (!(error instanceof AuditNotFoundError)) throw error;
      throw data({ reason: "not-found" }, { status: 404 });
    }
  } else snapshot = await latestAudit(db(), user.id, client.id);
  const withComparison = snapshot ? await auditWithComparison(db(), user.id, snapshot) : null;
  return data(
    {
      meta: await pageMeta(params, "ads-audit", "meta"),
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
      notice: flash?.kind === "notice" ? flash : null,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, client, locale } = await requireAdTools(request, params);
  const form = await readForm(request);
  if (form.get("intent") !== "run") badRequest();
  try {
    const audit = await runAudit(db(), user.id, client.id);
    throw redirect(`${localePath(locale, "/ads/audit")}?client=${encodeURIComponent(client.id)}`, {
      headers: {
        "Set-Cookie": await setFlash({ kind: "notice", key: "ads-audit:notices.ran", values: { score: audit.score, grade: audit.grade } }),
      },
    });
  } catch (error) {
    if (error instanceof NothingToAuditError) return data({ error: "nothingToAudit" as const }, { status: 409 });
    if (error instanceof ClientAccountNotFoundError) throw data({ reason: "not-found" }, { status: 404 });
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

type Formatter = ReturnType<typeof useAuditFormat>;

/** Where an item is: campaign › ad group › keyword [match] or search term or ad. */
function ItemPlace({ item }: { item: AuditItem }) {
  const { t } = useTranslation("ads-audit");
  const parts: Array<{ key: string; label: string; value: string }> = [];
  if (item.campaign) parts.push({ key: "campaign", label: t("place.campaign"), value: item.campaign });
  if (item.adGroup) parts.push({ key: "adGroup", label: t("place.adGroup"), value: item.adGroup });
  if (item.keyword && !item.searchTerm)
    parts.push({
      key: "keyword",
      label: t("place.keyword"),
      value: item.matchType ? `${item.keyword} (${t(`matchTypes.${item.matchType}`)})` : item.keyword,
    });
  if (item.searchTerm) parts.push({ key: "searchTerm", label: t("place.searchTerm"), value: item.searchTerm });
  if (item.ad) parts.push({ key: "ad", label: t("place.ad"), value: item.ad });
  if (!parts.length) return <span className="font-medium">{t("place.account")}</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-x-1 break-words">
      {parts.map((part, index) => (
        <span key={part.key} className={part.key === "campaign" ? "" : "font-medium"}>
          {index > 0 ? (
            <span aria-hidden="true" className="px-1 text-slate-400">
              ›
            </span>
          ) : null}
          <span className="sr-only">{part.label}: </span>
          {part.value}
        </span>
      ))}
    </span>
  );
}

function Figures({ figures, f }: { figures: AuditItem["figures"]; f: Formatter }) {
  const { t } = useTranslation("ads-audit");
  const shown = f.figures(figures);
  if (!shown.length) return null;
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {shown.map(([name, text]) => (
        <div key={name} className="flex gap-1">
          <dt className="text-slate-600">{t(`figures.${name}`)}:</dt>
          <dd className="font-medium tabular-nums text-slate-900">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

function Trend({ change }: { change: CheckChange | undefined }) {
  const { t } = useTranslation("ads-audit");
  if (!change) return null;
  const style = change.trend === "better" ? "text-emerald-800" : change.trend === "worse" ? "text-red-800" : "text-slate-600";
  return (
    <p className={`text-sm ${style}`}>
      {t(`trend.${change.trend}`, { before: change.before ?? "—", count: Math.abs(change.failingChange ?? 0) })}
    </p>
  );
}

function CheckCard({ check, change, f }: { check: CheckResult; change: CheckChange | undefined; f: Formatter }) {
  const { t } = useTranslation("ads-audit");
  const rule = RULES_BY_ID.get(check.ruleId);
  const unit = t(`units.${check.unit ?? "items"}`, { count: check.audited });
  const headingId = `check-${check.ruleId}`;
  const fails = check.items.filter((item) => item.severity === "fail");
  const warns = check.items.filter((item) => item.severity === "warn");
  return (
    <li className="rounded-2xl border border-slate-200 bg-surface p-4 sm:p-5" data-rule={check.ruleId}>
      <div className="flex items-start gap-3">
        <GradeBadge grade={check.grade!} />
        <div className="min-w-0 flex-1">
          <h4 id={headingId} className="text-base font-bold">
            {t(rule?.titleKey ?? `rules.${check.ruleId}.title`)}
          </h4>
          <p className="text-sm text-slate-700">
            {t("check.counts", { failing: f.integer.format(check.failing), audited: f.integer.format(check.audited), unit })}
            {check.warnings ? ` · ${t("check.warnings", { count: check.warnings })}` : ""}
          </p>
          <Trend change={change} />
        </div>
      </div>
      <div className="mt-3 grid gap-3 text-sm md:grid-cols-2">
        <div>
          <h5 className="font-semibold text-slate-900">{t("check.why")}</h5>
          <p className="mt-1 text-slate-700">{t(rule?.whyKey ?? `rules.${check.ruleId}.why`)}</p>
        </div>
        <div>
          <h5 className="font-semibold text-slate-900">{t("check.fix")}</h5>
          <p className="mt-1 text-slate-700">{t(rule?.fixKey ?? `rules.${check.ruleId}.fix`)}</p>
        </div>
      </div>
      {Object.keys(check.thresholds).length && rule ? (
        <p className="mt-3 text-xs text-slate-600">
          {t("check.thresholds")}{" "}
          {Object.entries(check.thresholds)
            .map(
              ([name, value]) =>
                `${t(`rules.${check.ruleId}.thresholds.${name}`)}: ${rule.thresholds[name] ? f.threshold(rule.thresholds[name]!, value) : value}`,
            )
            .join(" · ")}
        </p>
      ) : null}
      {check.summary ? (
        <div className="mt-2">
          <Figures figures={check.summary} f={f} />
        </div>
      ) : null}
      {check.items.length ? (
        <details className="mt-3 group" open={check.grade === "C" && check.items.length <= 10}>
          <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">
            {fails.length ? t("check.showFailing", { count: fails.length }) : null}
            {fails.length && warns.length ? " · " : null}
            {warns.length ? t("check.showWarnings", { count: warns.length }) : null}
          </summary>
          <ul className="mt-2 divide-y divide-slate-100">
            {check.items.map((item, index) => (
              <li key={index} className="py-2">
                <div className="flex items-start gap-2 text-sm">
                  <span
                    className={`mt-0.5 shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold ${item.severity === "fail" ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-900"}`}
                  >
                    {t(`severity.${item.severity}`)}
                  </span>
                  <ItemPlace item={item} />
                </div>
                <Figures figures={item.figures} f={f} />
              </li>
            ))}
          </ul>
          {check.failing + (check.warnings ?? 0) > check.items.length && check.unit !== "campaigns" ? (
            <p className="mt-1 text-xs text-slate-600">{t("check.truncated", { count: check.items.length })}</p>
          ) : null}
        </details>
      ) : (
        <p className="mt-3 text-sm font-medium text-emerald-800">{t("check.allPass")}</p>
      )}
    </li>
  );
}

/** A passing check: one line, its explanation behind a disclosure. */
function PassingCheck({ check, change, f }: { check: CheckResult; change: CheckChange | undefined; f: Formatter }) {
  const { t } = useTranslation("ads-audit");
  const rule = RULES_BY_ID.get(check.ruleId);
  const unit = t(`units.${check.unit ?? "items"}`, { count: check.audited });
  return (
    <li className="px-4 py-3" data-rule={check.ruleId}>
      <details>
        <summary className="flex cursor-pointer list-none items-center gap-3">
          <GradeBadge grade={check.grade!} />
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{t(`rules.${check.ruleId}.title`)}</span>
            <span className="block text-sm text-slate-600">
              {t("check.counts", { failing: f.integer.format(check.failing), audited: f.integer.format(check.audited), unit })} ·{" "}
              {t(`categories.${check.category}`)}
            </span>
          </span>
          <span className="shrink-0 text-sm font-medium text-brand-700 underline">{t("check.more")}</span>
        </summary>
        <div className="mt-3 grid gap-3 text-sm md:grid-cols-2">
          <div>
            <h3 className="font-semibold text-slate-900">{t("check.why")}</h3>
            <p className="mt-1 text-slate-700">{t(`rules.${check.ruleId}.why`)}</p>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">{t("check.fix")}</h3>
            <p className="mt-1 text-slate-700">{t(`rules.${check.ruleId}.fix`)}</p>
          </div>
        </div>
        {Object.keys(check.thresholds).length && rule ? (
          <p className="mt-2 text-xs text-slate-600">
            {t("check.thresholds")}{" "}
            {Object.entries(check.thresholds)
              .map(
                ([name, value]) =>
                  `${t(`rules.${check.ruleId}.thresholds.${name}`)}: ${rule.thresholds[name] ? f.threshold(rule.thresholds[name]!, value) : value}`,
              )
              .join(" · ")}
          </p>
        ) : null}
        <Trend change={change} />
      </details>
    </li>
  );
}

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
  const order = { C: 0, B: 1, A: 2 } as const;
  // Checks to look at (graded B or C, or with warnings) by category, worst first; passing ones apart.
  const attention = CATEGORIES.map((category) => ({
    category,
    checks: graded
      .filter((c) => c.category === category && (c.grade !== "A" || c.items.length > 0))
      .sort((a, b) => order[a.grade!] - order[b.grade!] || b.failing / b.audited - a.failing / a.audited),
  })).filter((group) => group.checks.length);
  const passing = graded
    .filter((c) => c.grade === "A" && c.items.length === 0)
    .sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category));
  const counts = {
    A: graded.filter((c) => c.grade === "A").length,
    B: graded.filter((c) => c.grade === "B").length,
    C: graded.filter((c) => c.grade === "C").length,
  };

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

      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}
      {actionData?.error ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t(`errors.${actionData.error}`)}{" "}
          <Link to={`${localePath(locale, "/ads/import")}${query}`} className="font-medium underline">
            {t("empty.link")}
          </Link>
        </div>
      ) : null}

      {!hasRows && !audit ? (
        <section className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-surface p-6" aria-labelledby="audit-empty">
          <h2 id="audit-empty" className="text-lg font-bold">
            {t("empty.title")}
          </h2>
          <p className="mt-1 max-w-2xl text-slate-700">{t("empty.text")}</p>
          <Link to={`${localePath(locale, "/ads/import")}${query}`} className="btn-primary mt-4 inline-flex">
            {t("empty.link")}
          </Link>
        </section>
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
          <section aria-labelledby="audit-score" className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5">
            <h2 id="audit-score" className="sr-only">
              {t("score.heading")}
            </h2>
            <div className="flex flex-wrap items-center gap-5">
              <div className="flex items-center gap-4">
                <GradeBadge grade={audit.grade} large />
                <div>
                  <p className="text-sm text-slate-600">{t("score.label")}</p>
                  <p className="text-3xl font-bold tabular-nums">{t("score.value", { score: f.decimal.format(audit.score) })}</p>
                  <p className="text-sm text-slate-700" data-testid="audit-score-change">
                    {comparison && previous
                      ? t(comparison.scoreChange > 0 ? "score.up" : comparison.scoreChange < 0 ? "score.down" : "score.same", {
                          points: f.decimal.format(Math.abs(comparison.scoreChange)),
                          date: formatRunAt(previous.createdAt, locale, client.timeZone),
                          grade: comparison.gradeBefore,
                        })
                      : t("score.first")}
                  </p>
                </div>
              </div>
              <dl className="grid grid-cols-3 gap-4 text-center text-sm">
                {(["A", "B", "C"] as const).map((grade) => (
                  <div key={grade}>
                    <dt className="text-slate-600">{t("score.checksWith", { grade })}</dt>
                    <dd className="text-xl font-bold tabular-nums">{counts[grade]}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <p className="mt-3 text-sm text-slate-600">
              {t("score.meta", {
                date: formatRunAt(audit.createdAt, locale, client.timeZone),
                period: audit.period
                  ? `${formatDate(audit.period.start, locale)} – ${formatDate(audit.period.end, locale)}`
                  : t("score.noPeriod"),
                imports: audit.importIds.length,
                count: audit.importIds.length,
              })}
            </p>
            <p className="mt-1 text-xs text-slate-600">{t("score.how")}</p>
          </section>

          {attention.length ? (
            <section aria-labelledby="audit-attention" className="mt-8">
              <h2 id="audit-attention" className="text-2xl font-bold">
                {t("sections.attention")}
              </h2>
              {attention.map(({ category, checks }) => (
                <div key={category} className="mt-6">
                  <h3 className="text-lg font-bold text-slate-800">{t(`categories.${category}`)}</h3>
                  <ul className="mt-3 space-y-4">
                    {checks.map((check) => (
                      <CheckCard key={check.ruleId} check={check} change={comparison?.checks[check.ruleId]} f={f} />
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          ) : null}

          {passing.length ? (
            <section aria-labelledby="audit-passing" className="mt-10">
              <h2 id="audit-passing" className="text-2xl font-bold">
                {t("sections.passing")}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{t("sections.passingText")}</p>
              <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
                {passing.map((check) => (
                  <PassingCheck key={check.ruleId} check={check} change={comparison?.checks[check.ruleId]} f={f} />
                ))}
              </ul>
            </section>
          ) : null}

          {notApplicable.length ? (
            <section aria-labelledby="not-applicable" className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-5">
              <h2 id="not-applicable" className="text-lg font-bold">
                {t("notApplicable.title")}
              </h2>
              <p className="mt-1 text-sm text-slate-700">{t("notApplicable.text")}</p>
              <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
                {notApplicable.map((check) => {
                  const rule = RULES_BY_ID.get(check.ruleId);
                  return (
                    <li key={check.ruleId}>
                      <span className="font-medium">{t(`rules.${check.ruleId}.title`)}</span>
                      {rule ? (
                        <span className="text-slate-600">
                          {" "}
                          — {t("notApplicable.needs", { what: rule.needs.map((need) => t(`needs.${need}`)).join(t("notApplicable.or")) })}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}

          {history.length > 1 ? (
            <section aria-labelledby="audit-history" className="mt-10">
              <h2 id="audit-history" className="text-lg font-bold">
                {t("history.title")}
              </h2>
              <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
                {history.map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm">
                    <span className="flex items-center gap-3">
                      <GradeBadge grade={item.grade} />
                      <span>
                        {t("history.item", {
                          date: formatRunAt(item.createdAt, locale, client.timeZone),
                          score: f.decimal.format(item.score),
                        })}
                        {item.id === audit.id ? <span className="ml-2 text-slate-600">{t("history.shown")}</span> : null}
                      </span>
                    </span>
                    {item.id !== audit.id ? (
                      <Link
                        to={`${localePath(locale, "/ads/audit")}${query}&audit=${encodeURIComponent(item.id)}`}
                        className="font-medium text-brand-700 underline"
                      >
                        {t("history.open")}
                        <span className="sr-only"> {formatRunAt(item.createdAt, locale, client.timeZone)}</span>
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : hasRows ? (
        <p className="mt-6 text-slate-700">{t("noAuditYet")}</p>
      ) : null}
    </div>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";
