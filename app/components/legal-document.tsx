/**
 * The legal pages (privacy policy, terms, cookie policy) from the `legal` namespace: title,
 * last-updated line, intro and sections; and what their route modules share (handle, meta).
 */
import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";

/** The route exports every legal page shares: its translations and its meta from the loader's `meta`. */
export const handle = { i18n: ["common", "legal"], pageCache: true };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = metaFromLoader;

export function LegalDocument({ doc, children }: { doc: "privacy" | "terms" | "cookies"; children?: React.ReactNode }) {
  const { t } = useTranslation("legal");
  return (
    <article className="container-page max-w-3xl py-16">
      <h1 className="text-4xl font-bold tracking-tight">{t(`${doc}.title`)}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("lastUpdated")}</p>
      <p className="mt-6 text-lg text-slate-700">{t(`${doc}.intro`)}</p>
      {children}
    </article>
  );
}

/** A legal page that is only numbered sections (`<doc>.sections`): the privacy policy, the terms. */
export function NumberedLegalDocument({ doc }: { doc: "privacy" | "terms" }) {
  const { t } = useTranslation("legal");
  return (
    <LegalDocument doc={doc}>
      <LegalSections sections={t(`${doc}.sections`, { returnObjects: true }) as Array<{ title: string; paragraphs: string[] }>} />
    </LegalDocument>
  );
}

function LegalSections({ sections }: { sections: Array<{ title: string; paragraphs: string[] }> }) {
  return (
    <ol className="mt-10 space-y-10">
      {sections.map((section, i) => (
        <li key={section.title}>
          <h2 className="text-2xl font-semibold">
            {i + 1}. {section.title}
          </h2>
          <LegalParagraphs paragraphs={section.paragraphs} />
        </li>
      ))}
    </ol>
  );
}

/** One unnumbered section of a legal page (the cookie policy's): its h2, then its content. */
export function LegalSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function LegalParagraphs({ paragraphs }: { paragraphs: string[] }) {
  return (
    <div className="mt-3 space-y-3 text-slate-700">
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}
