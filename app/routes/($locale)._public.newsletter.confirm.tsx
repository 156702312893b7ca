/** Newsletter confirm: the e-mailed link opens this page; its button does it. */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewsletterStep } from "~/components/newsletter-step";
import { newsletterStepAction, newsletterStepLoader } from "~/newsletter/newsletter-step.server";
import { metaFromLoader } from "~/utils/meta";
import { withNamespaces } from "~/i18n/client-loader";

export const handle = { i18n: ["common", "blog"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return newsletterStepLoader(request, params, "confirm");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return newsletterStepAction(request, params, "confirm");
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function NewsletterPage() {
  const { token, outcome } = useLoaderData<typeof loader>();
  return <NewsletterStep step="confirm" token={token} outcome={outcome} />;
}
