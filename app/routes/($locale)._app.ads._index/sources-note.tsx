/**
 * Where the dashboard's figures come from: for each platform the export level counted (one level
 * only), period exports or all-time figures, and its breakdown.
 */
import { breakdownLabel } from "~/ads/breakdown-label";
import type { PlatformSource } from "~/ads/dashboard.server";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { Section } from "~/components/section";

export function SourcesNote({ sources }: { sources: PlatformSource[] }) {
  const { t } = useTranslation("ads-dashboard");
  const locale = usePageLocale();
  if (!sources.length) return null;
  const levelKey = (source: PlatformSource) => (source.platform === "meta" && source.level === "ad-group" ? "adSet" : source.level);
  return (
    <Section
      id="ads-sources"
      title={t("sources.title")}
      className="mt-4 rounded-2xl border border-slate-200 bg-surface p-4 text-sm"
      titleClassName="font-semibold"
      testId="sources"
    >
      <ul className="mt-2 space-y-1 text-slate-700">
        {sources.map((source) => (
          <li key={source.platform} data-platform={source.platform} data-level={source.level}>
            {t("sources.line", { platform: t(`platforms.${source.platform}`), level: t(`levels.${levelKey(source)}`) })}
            {source.allTime ? ` ${t("sources.allTime")}` : source.periodExports ? ` ${t("sources.periodExports")}` : ""}
            {source.breakdown ? ` ${breakdownLabel(t, locale, source.breakdown)}.` : ""}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{t("sources.oneLevel")}</p>
      {sources.some((source) => source.level === "search-term") ? (
        <p className="mt-1 text-xs text-slate-600">{t("sources.hiddenTerms")}</p>
      ) : null}
    </Section>
  );
}
