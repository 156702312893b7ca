/**
 * The keyword generator's answer: the candidates grouped by ad-group theme, each with how it was
 * made, the source of its figures (Keyword Planner, the client account's own data, or none) and
 * the figures in words.
 */
import type { TFunction } from "i18next";
import { DataTable } from "~/components/data-table";
import type { KeywordFigures } from "~/ads/keywords/keywords.server";
import { formatDate } from "~/utils/dates";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";
import type { Generated } from "./actions.server";
import { Section } from "~/components/section";

function SourceBadge({ figures, t }: { figures: KeywordFigures; t: TFunction }) {
  const tone =
    figures.source === "keyword-planner"
      ? "bg-brand-50 text-brand-900"
      : figures.source === "account"
        ? "bg-sky-50 text-sky-900"
        : "bg-slate-100 text-slate-700";
  const key = figures.source === "keyword-planner" ? "keywordPlanner" : figures.source;
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(`sources.${key}`)}</span>
  );
}

/** The figures of one keyword with their basis, in words. */
function FiguresCell({ figures, locale, currency, t }: { figures: KeywordFigures; locale: string; currency: string | null; t: TFunction }) {
  const number = numberFormat(locale);
  const money = (cents: number) => formatMoney(cents, locale, currency);
  const percent = numberFormat(locale, { style: "percent", signDisplay: "exceptZero", maximumFractionDigits: 0 });
  const change = (value: number | null) => (value == null ? "–" : percent.format(value));
  const period = (p: { start: string; end: string } | null) =>
    p ? t("figures.period", { start: formatDate(p.start, locale), end: formatDate(p.end, locale) }) : t("figures.allTime");
  if (figures.source === "keyword-planner") {
    const p = figures.planner;
    const volume =
      p.volumeLow != null && p.volumeHigh != null
        ? t("figures.bucket", { low: number.format(p.volumeLow), high: number.format(p.volumeHigh) })
        : p.searchVolume != null
          ? t("figures.searches", { count: p.searchVolume, value: number.format(p.searchVolume) })
          : t("figures.noVolume");
    return (
      <div>
        <p>
          {volume}
          {p.volumeLow != null ? <span className="ml-1 text-xs text-slate-600">({t("figures.bucketNote")})</span> : null}
        </p>
        <p className="text-xs text-slate-600">
          {p.competition ? t("figures.competition", { level: t(`competition.${p.competition}`), index: p.competitionIndex ?? "–" }) : null}
          {p.bidLowCents != null && p.bidHighCents != null
            ? ` · ${t("figures.bids", { low: money(p.bidLowCents), high: money(p.bidHighCents) })}`
            : null}
        </p>
        {p.threeMonthChange != null || p.yoyChange != null ? (
          <p className="text-xs text-slate-600" data-testid="keyword-trend">
            {t("figures.trend", { threeMonths: change(p.threeMonthChange), year: change(p.yoyChange) })}
          </p>
        ) : null}
        <p className="text-xs text-slate-600">{t("figures.plannerBasis", { period: period(p.period) })}</p>
      </div>
    );
  }
  if (figures.source === "account") {
    const a = figures.account;
    return (
      <div>
        <p>
          {t("figures.account", { impressions: number.format(a.impressions), clicks: number.format(a.clicks), cost: money(a.costCents) })}
          {a.cpcCents != null ? ` · ${t("figures.cpc", { cpc: money(a.cpcCents) })}` : null}
        </p>
        <p className="text-xs text-slate-600">
          {t(`figures.basis.${a.basis === "keyword" ? "keyword" : "searchTerm"}`, { period: period(a.period) })}
        </p>
      </div>
    );
  }
  return <p className="text-slate-600">{t("figures.none")}</p>;
}

export function Results({
  generated,
  locale,
  currency,
  t,
}: {
  generated: Generated;
  locale: string;
  currency: string | null;
  t: TFunction;
}) {
  return (
    <Section id="keywords-results" title={t("results.title")} titleClassName="text-lg font-bold" testId="keyword-results">
      <p className="mt-1 text-sm text-slate-600">{t("results.summary", { count: generated.total, themes: generated.themes.length })}</p>
      <p className="mt-1 text-sm text-slate-600" data-testid="keyword-language">
        {t(generated.detected ? "results.languageDetected" : "results.language", { language: t(`languages.${generated.language}`) })}
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="keyword-planner-matches">
        {generated.plannerIdeas > 0
          ? t("results.plannerMatches", { count: generated.plannerMatches, ideas: generated.plannerIdeas })
          : t("results.noPlanner")}
      </p>
      {generated.removedByNegatives > 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t("results.removed", { count: generated.removedByNegatives })}</p>
      ) : null}
      {generated.truncated ? <p className="mt-1 text-sm text-slate-600">{t("results.truncated", { count: generated.total })}</p> : null}
      {generated.landingWords.length ? (
        <p className="mt-1 text-sm text-slate-600">{t("results.landingWords", { words: generated.landingWords.join(", ") })}</p>
      ) : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">{t("sources.title")}</summary>
        <dl className="mt-2 space-y-2">
          {(["keywordPlanner", "account", "none"] as const).map((key) => (
            <div key={key}>
              <dt className="font-medium">{t(`sources.${key}`)}</dt>
              <dd className="text-slate-600">{t(`sources.help.${key}`)}</dd>
            </div>
          ))}
        </dl>
      </details>
      {generated.themes.map((theme, index) => (
        <section key={theme.name} aria-labelledby={`keyword-theme-${index}`} className="mt-5" data-testid="keyword-theme">
          <h3 id={`keyword-theme-${index}`} className="font-semibold">
            {t("results.theme", { name: theme.name, count: theme.keywords.length })}
          </h3>
          <DataTable
            className="mt-2"
            caption={t("results.tableLabel", { name: theme.name })}
            scroll="44rem"
            dense
            rows={theme.keywords}
            rowKey={(item) => item.keyword}
            rowProps={(item) => ({ "data-testid": "keyword-row", "data-source": item.figures.source })}
            columns={[
              {
                key: "keyword",
                header: t("results.keyword"),
                primary: true,
                className: "break-words font-medium",
                cell: (item) => item.keyword,
              },
              { key: "kind", header: t("results.kind"), className: "text-slate-700", cell: (item) => t(`kinds.${item.kind}`) },
              { key: "source", header: t("results.source"), cell: (item) => <SourceBadge figures={item.figures} t={t} /> },
              {
                key: "figures",
                header: t("results.figures"),
                cell: (item) => <FiguresCell figures={item.figures} locale={locale} currency={currency} t={t} />,
              },
            ]}
          />
        </section>
      ))}
    </Section>
  );
}
