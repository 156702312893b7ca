/**
 * The sections of an audit on the audit page: the score (grade, change against the audit before,
 * checks per grade, when and on what it ran), the checks to look at by category and the passing
 * ones, the checks without data with what they need, and the history of audits.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { AuditListItem } from "~/ads/audit/audit.server";
import { CATEGORIES, RULES_BY_ID, type AuditComparison } from "~/ads/audit/rules";
import type { AuditSnapshot, CheckResult } from "~/ads/audit/types";
import { GradeBadge, formatRunAt } from "~/components/ads/audit-format";
import type { Locale } from "~/i18n/config";
import { formatDate } from "~/utils/dates";
import { localePath } from "~/utils/paths";
import { CheckCard, PassingCheck, type Formatter } from "./check-card";
import { Section } from "~/components/section";

interface Shown {
  locale: Locale;
  timeZone: string;
  f: Formatter;
}

export function AuditScore({
  audit,
  previous,
  comparison,
  graded,
  locale,
  timeZone,
  f,
}: Shown & {
  audit: AuditSnapshot;
  previous: { createdAt: string } | null;
  comparison: AuditComparison | null;
  graded: CheckResult[];
}) {
  const { t } = useTranslation("ads-audit");
  const counts = {
    A: graded.filter((c) => c.grade === "A").length,
    B: graded.filter((c) => c.grade === "B").length,
    C: graded.filter((c) => c.grade === "C").length,
  };
  return (
    <Section id="audit-score" title={t("score.heading")} box="card" className="mt-6" titleClassName="sr-only">
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
                    date: formatRunAt(previous.createdAt, locale, timeZone),
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
          date: formatRunAt(audit.createdAt, locale, timeZone),
          period: audit.period
            ? `${formatDate(audit.period.start, locale)} – ${formatDate(audit.period.end, locale)}`
            : t("score.noPeriod"),
          imports: audit.importIds.length,
          count: audit.importIds.length,
        })}
      </p>
      <p className="mt-1 text-xs text-slate-600">{t("score.how")}</p>
    </Section>
  );
}

const ORDER = { C: 0, B: 1, A: 2 } as const;

/** The checks to look at (graded B or C, or with warnings) by category, worst first; the passing ones apart. */
export function AuditChecks({ graded, comparison, f }: { graded: CheckResult[]; comparison: AuditComparison | null; f: Formatter }) {
  const { t } = useTranslation("ads-audit");
  const attention = CATEGORIES.map((category) => ({
    category,
    checks: graded
      .filter((c) => c.category === category && (c.grade !== "A" || c.items.length > 0))
      .sort((a, b) => ORDER[a.grade!] - ORDER[b.grade!] || b.failing / b.audited - a.failing / a.audited),
  })).filter((group) => group.checks.length);
  const passing = graded
    .filter((c) => c.grade === "A" && c.items.length === 0)
    .sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category));
  return (
    <>
      {attention.length ? (
        <Section id="audit-attention" title={t("sections.attention")} titleClassName="text-2xl font-bold">
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
        </Section>
      ) : null}

      {passing.length ? (
        <Section id="audit-passing" title={t("sections.passing")} className="mt-10" titleClassName="text-2xl font-bold">
          <p className="mt-1 text-sm text-slate-600">{t("sections.passingText")}</p>
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
            {passing.map((check) => (
              <PassingCheck key={check.ruleId} check={check} change={comparison?.checks[check.ruleId]} f={f} />
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

/** The checks the imports hold no data for, with what each needs. */
export function NotApplicable({ checks }: { checks: CheckResult[] }) {
  const { t } = useTranslation("ads-audit");
  if (!checks.length) return null;
  return (
    <Section
      id="not-applicable"
      title={t("notApplicable.title")}
      className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-5"
      titleClassName="text-lg font-bold"
    >
      <p className="mt-1 text-sm text-slate-700">{t("notApplicable.text")}</p>
      <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {checks.map((check) => {
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
    </Section>
  );
}

/** The client account's earlier audits (shown with more than one), each but the shown one linked. */
export function AuditHistory({
  history,
  shownId,
  query,
  locale,
  timeZone,
  f,
}: Shown & { history: AuditListItem[]; shownId: string; query: string }) {
  const { t } = useTranslation("ads-audit");
  if (history.length <= 1) return null;
  return (
    <Section id="audit-history" title={t("history.title")} className="mt-10" titleClassName="text-lg font-bold">
      <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
        {history.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm">
            <span className="flex items-center gap-3">
              <GradeBadge grade={item.grade} />
              <span>
                {t("history.item", {
                  date: formatRunAt(item.createdAt, locale, timeZone),
                  score: f.decimal.format(item.score),
                })}
                {item.id === shownId ? <span className="ml-2 text-slate-600">{t("history.shown")}</span> : null}
              </span>
            </span>
            {item.id !== shownId ? (
              <Link
                to={`${localePath(locale, "/ads/audit")}${query}&audit=${encodeURIComponent(item.id)}`}
                className="font-medium text-brand-700 underline"
              >
                {t("history.open")}
                <span className="sr-only"> {formatRunAt(item.createdAt, locale, timeZone)}</span>
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
