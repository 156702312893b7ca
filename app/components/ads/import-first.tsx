/**
 * An ad tool's empty state: what the tool needs, the steps to get it (a Google Ads or Editor
 * export), and a link to the import page of the same client account. The texts are the page's own
 * (`empty.title`, `empty.text`, `empty.step1…N`, `empty.import` in its namespace).
 */
import { Link } from "@remix-run/react";
import { Section } from "~/components/section";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

export function ImportFirst({ id, namespace, steps, clientQuery }: { id: string; namespace: string; steps: number; clientQuery: string }) {
  const { t } = useTranslation(namespace);
  const locale = usePageLocale();
  return (
    <Section
      id={id}
      title={t("empty.title")}
      className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-surface p-8"
      testId="empty"
    >
      <p className="mt-2 max-w-prose text-slate-700">{t("empty.text")}</p>
      <ol className="mt-3 max-w-prose list-decimal space-y-1 pl-5 text-sm text-slate-700">
        {Array.from({ length: steps }, (_, i) => (
          <li key={i}>{t(`empty.step${i + 1}`)}</li>
        ))}
      </ol>
      <Link to={`${localePath(locale, "/ads/import")}${clientQuery}`} className="btn-primary mt-5 inline-flex">
        {t("empty.import")}
      </Link>
    </Section>
  );
}
