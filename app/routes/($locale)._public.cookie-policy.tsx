/** The cookie policy: what cookies are, the types we use, how, and how to manage them. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { LegalDocument, LegalParagraphs, LegalSection } from "~/components/legal-document";
import { usePageLocale } from "~/i18n/use-page-locale";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export { handle, clientLoader, meta } from "~/components/legal-document";

export async function loader({ params }: LoaderFunctionArgs) {
  return { meta: await pageMeta(params, "legal", "cookies.meta") };
}

export default function CookiePolicyPage() {
  const { t } = useTranslation("legal");
  const common = useTranslation("common").t;
  const locale = usePageLocale();
  const paragraphs = (key: string) => t(key, { returnObjects: true }) as string[];
  const types = t("cookies.types.items", { returnObjects: true }) as Array<{
    id: string;
    title: string;
    description: string;
    examples: string;
  }>;
  return (
    <LegalDocument doc="cookies">
      <LegalSection title={t("cookies.what.title")}>
        <LegalParagraphs paragraphs={paragraphs("cookies.what.paragraphs")} />
      </LegalSection>
      <LegalSection title={t("cookies.types.title")}>
        <ul className="mt-4 space-y-4">
          {types.map((type) => (
            <li key={type.id} className="rounded-xl border border-slate-200 p-5">
              <h3 className="font-semibold">{type.title}</h3>
              <p className="mt-1 text-slate-700">{type.description}</p>
              <p className="mt-2 text-sm text-slate-600">{type.examples}</p>
            </li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection title={t("cookies.howUsed.title")}>
        <LegalParagraphs paragraphs={paragraphs("cookies.howUsed.paragraphs")} />
      </LegalSection>
      <LegalSection title={t("cookies.manage.title")}>
        <p className="mt-3 text-slate-700">{t("cookies.manage.intro")}</p>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-700">
          {paragraphs("cookies.manage.steps").map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ol>
        <Link to={localePath(locale, "/cookie-preferences")} className="btn-secondary mt-6">
          {common("footer.cookiePreferences")}
        </Link>
      </LegalSection>
      <p className="mt-10 text-sm text-slate-600">{t("cookies.footer")}</p>
    </LegalDocument>
  );
}
