/**
 * An ad import while its job reads the file, or after the file was refused: the progress (rows
 * read, a `<progress>` bar of the bytes read) on a page that follows the job. Without JavaScript
 * the page reloads itself every 2 seconds (a `<noscript>` refresh) and offers a reload link; with
 * JavaScript it revalidates every second instead. A refused file shows the parser's problem (line,
 * column, what was expected) and a link back to the upload form.
 */
import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { importMessageParts } from "~/components/ads/import-messages";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { numberFormat } from "~/utils/intl";
import { localePath } from "~/utils/paths";
import { Section } from "~/components/section";

export interface ImportProgressProps {
  status: "processing" | "failed";
  filename: string;
  byteSize: number;
  progress: { rows: number; bytes: number };
  problem: ({ code: string } & Record<string, unknown>) | null;
  clientAccountId: string;
}

export function ImportProgress({ status, filename, byteSize, progress, problem, clientAccountId }: ImportProgressProps) {
  const { t } = useTranslation("ads");
  const locale = usePageLocale();
  const location = useLocation();
  const revalidator = useRevalidator();
  const processing = status === "processing";
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [processing, revalidator]);
  const share = byteSize > 0 ? Math.min(1, progress.bytes / byteSize) : 0;
  const parts = problem ? importMessageParts(t, locale, null, problem) : null;
  const back = `${localePath(locale, "/ads/import")}?client=${clientAccountId}`;
  return (
    <div className="py-6">
      <p className="text-sm">
        <Link to={back} className="font-medium text-brand-700 underline">
          {t("import.back")}
        </Link>
      </p>
      <h1 className="mt-2 break-all text-3xl font-bold tracking-tight">{filename}</h1>
      <p className="mt-1 text-slate-600">{t(`import.statuses.${status}`)}</p>
      {processing ? (
        <section aria-labelledby="import-progress" className="mt-6 max-w-xl rounded-2xl border border-slate-200 bg-surface p-5">
          <noscript>
            <meta httpEquiv="refresh" content="2" />
          </noscript>
          <h2 id="import-progress" className="font-semibold">
            {t("import.processing.title")}
          </h2>
          <progress className="mt-3 w-full" max={Math.max(1, byteSize)} value={progress.bytes} aria-labelledby="import-progress" />
          <p className="mt-2 text-sm tabular-nums text-slate-700" role="status">
            {t("import.processing.progress", {
              rows: numberFormat(locale, { maximumFractionDigits: 0 }).format(progress.rows),
              percent: numberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(share),
            })}
          </p>
          <p className="mt-2 text-sm text-slate-600">
            {t("import.processing.refresh")}{" "}
            <Link to={`${location.pathname}${location.search}`} reloadDocument className="font-medium text-brand-700 underline">
              {t("import.processing.reload")}
            </Link>
          </p>
        </section>
      ) : (
        <Section
          id="import-failed"
          title={t("import.failed.title")}
          className="mt-6 max-w-xl rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
          titleClassName="font-semibold"
        >
          {parts ? <p className="mt-2 text-sm">{t(parts.key, parts.values)}</p> : null}
          <p className="mt-3 text-sm">
            <Link to={back} className="font-medium underline">
              {t("import.failed.again")}
            </Link>
          </p>
        </Section>
      )}
    </div>
  );
}
