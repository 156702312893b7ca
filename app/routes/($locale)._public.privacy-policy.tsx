/** The privacy policy: numbered sections from the `legal` namespace. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { NumberedLegalDocument } from "~/components/legal-document";
import { pageMeta } from "~/utils/meta.server";

export { handle, clientLoader, meta } from "~/components/legal-document";

export async function loader({ params }: LoaderFunctionArgs) {
  return { meta: await pageMeta(params, "legal", "privacy.meta") };
}

export default function Page() {
  return <NumberedLegalDocument doc="privacy" />;
}
