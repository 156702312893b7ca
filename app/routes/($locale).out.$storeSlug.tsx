/**
 * "Shop now" (`/:locale/out/:storeSlug`): a signed-in member's click is recorded and the browser
 * goes on (302) to the store's tracking link with the click id. Signed out, the member signs in
 * first and comes back here. Paused stores, stores without a usable link and too many clicks in
 * an hour are answered with a page that says so, politely, and links back to the stores.
 */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { clickOut } from "~/cashback/clicks.server";
import { requireUser } from "~/auth/guards.server";
import { NotFoundScreen } from "~/utils/error-screen";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { clientAddress } from "~/security/client-address.server";
import { consumeRateLimits, minutesToWait } from "~/security/rate-limit.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "webshops"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const meta = await pageMeta(params, "webshops", "out.meta");
  const verdict = await consumeRateLimits(db(), [["clickOut", user.id]]);
  if (!verdict.allowed)
    return data({ meta, state: "tooMany" as const, store: null, minutes: minutesToWait(verdict.retryAfterSeconds) }, { status: 429 });
  const config = env();
  const result = await unitOfWork(db(), (tx) =>
    clickOut(tx, {
      userId: user.id,
      slug: params.storeSlug ?? "",
      clientAddress: clientAddress(request),
      userAgent: request.headers.get("User-Agent"),
      secret: config.sessionSecrets[0]!,
      appUrl: config.appUrl,
      sandboxAllowed: config.appEnv !== "production",
    }),
  );
  if (result.outcome === "redirect") {
    // Never cached: every "Shop now" is a click of its own.
    throw redirect(result.url, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  }
  if (result.outcome === "notFound") return data({ meta, state: "notFound" as const, store: null, minutes: 0 }, { status: 404 });
  return data({ meta, state: result.outcome, store: result.store, minutes: 0 }, { status: 409 });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function ClickOut() {
  const { t, locale, loaderData } = usePage<typeof loader>("webshops");
  const { state, store, minutes } = loaderData;
  if (state === "notFound") return <NotFoundScreen />;
  return (
    <main id="main" className="container-page flex flex-1 flex-col items-center justify-center py-16 text-center">
      <h1 className="text-2xl font-bold">{t(`out.${state}.title`)}</h1>
      <p className="mt-3 max-w-xl text-slate-600" data-testid="click-out-message">
        {t(`out.${state}.text`, { store: store?.name ?? "", minutes })}
      </p>
      <Link to={localePath(locale, "/webshops")} className="btn-primary mt-6">
        {t("out.back")}
      </Link>
    </main>
  );
}
