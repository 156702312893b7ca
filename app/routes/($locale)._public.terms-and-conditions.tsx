/** The terms and conditions: sections from the `legal` namespace. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { LegalDocument, LegalSections } from "~/components/legal-document";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { withNamespaces } from "~/i18n/client-loader";

export const handle = { i18n: ["common", "legal"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ params }: LoaderFunctionArgs) {
  return { meta: await pageMeta(params, "legal", "terms.meta") };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function Page() {
  const { t } = useTranslation("legal");
  return (
    <LegalDocument doc="terms">
      <LegalSections sections={t("terms.sections", { returnObjects: true }) as Array<{ title: string; paragraphs: string[] }>} />
    </LegalDocument>
  );
}
