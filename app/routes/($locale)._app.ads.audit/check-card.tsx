/**
 * One graded check of the audit page: `CheckCard` (a check to look at: its grade, counts, trend,
 * why and how to fix, thresholds and its failing items with their place and figures) and
 * `PassingCheck` (a passing check on one line, its explanation behind a disclosure).
 */
import { useTranslation } from "~/i18n/react";
import { RULES_BY_ID, type CheckChange } from "~/ads/audit/rules";
import type { AuditItem, CheckResult } from "~/ads/audit/types";
import { GradeBadge, type useAuditFormat } from "~/components/ads/audit-format";

export type Formatter = ReturnType<typeof useAuditFormat>;

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

/** The thresholds a check was graded with, in their units (nothing for a check without any). */
function Thresholds({ check, f, className }: { check: CheckResult; f: Formatter; className: string }) {
  const { t } = useTranslation("ads-audit");
  const rule = RULES_BY_ID.get(check.ruleId);
  if (!(Object.keys(check.thresholds).length && rule)) return null;
  return (
    <p className={className}>
      {t("check.thresholds")}{" "}
      {Object.entries(check.thresholds)
        .map(
          ([name, value]) =>
            `${t(`rules.${check.ruleId}.thresholds.${name}`)}: ${rule.thresholds[name] ? f.threshold(rule.thresholds[name]!, value) : value}`,
        )
        .join(" · ")}
    </p>
  );
}

export function CheckCard({ check, change, f }: { check: CheckResult; change: CheckChange | undefined; f: Formatter }) {
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
      <Thresholds check={check} f={f} className="mt-3 text-xs text-slate-600" />
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
export function PassingCheck({ check, change, f }: { check: CheckResult; change: CheckChange | undefined; f: Formatter }) {
  const { t } = useTranslation("ads-audit");
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
        <Thresholds check={check} f={f} className="mt-2 text-xs text-slate-600" />
        <Trend change={change} />
      </details>
    </li>
  );
}
