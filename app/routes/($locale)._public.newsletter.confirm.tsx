/** Newsletter confirm: the e-mailed link opens this page; its button does it. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewsletterStep } from "~/components/newsletter-step";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { confirmSubscription } from "~/newsletter/newsletter.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";
import { readForm } from "~/utils/form-data.server";
import { redirectWithFlash } from "~/utils/http.server";

export const handle = { i18n: ["common", "blog"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { flash, headers } = await takeFlash(request);
  const token = new URL(request.url).searchParams.get("token");
  const outcome = flash?.kind === "newsletter" && flash.outcome !== "checkInbox" ? flash.outcome : null;
  return data({ meta: await pageMeta(params, "blog", "newsletter.confirm"), token, outcome }, { headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const token = String((await readForm(request)).get("token") ?? "");
  const result = await confirmSubscription(db(), token);
  throw await redirectWithFlash(localePath(locale, "/newsletter/confirm"), {
    kind: "newsletter",
    outcome: result === "confirmed" ? "confirmed" : "invalidLink",
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function NewsletterPage() {
  const { token, outcome } = useLoaderData<typeof loader>();
  return <NewsletterStep step="confirm" token={token} outcome={outcome} />;
}
