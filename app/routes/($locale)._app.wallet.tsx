/** /wallet: guarded; built by a later milestone. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSection } from "~/components/app/coming-section";
import { comingSectionLoader } from "~/components/app/coming-section.server";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["common", "app"] };
export const clientLoader = withNamespaces(handle.i18n);
export async function loader(args: LoaderFunctionArgs) {
  return comingSectionLoader("wallet")(args);
}
export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function Section() {
  return <ComingSection section="wallet" />;
}
