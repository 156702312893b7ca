/**
 * The sandbox network's merchant (`/sandbox/merchant/:storeSlug?clickref=…`): where "Shop now"
 * lands for the demo stores, standing in for a real shop behind an affiliate network. It shows the
 * store and the click it was reached with (the network's view of a visit). Only in demo and test
 * installations; never in production.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getClick } from "~/cashback/clicks.server";
import { NotFoundScreen } from "~/components/error-screen";
import { ShortId } from "~/components/short-id";
import { StoreLogo } from "~/components/stores/store-logo";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "webshops"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const meta = await pageMeta(params, "webshops", "sandboxMerchant.meta");
  const store =
    env().appEnv === "production"
      ? undefined
      : await db().selectFrom("stores").select(["slug", "name", "logo", "network"]).where("slug", "=", params.storeSlug ?? "").executeTakeFirst();
  if (!store || store.network !== "sandbox") return data({ meta, store: null, click: null }, { status: 404 });
  const clickId = new URL(request.url).searchParams.get("clickref") ?? "";
  const click = clickId ? await getClick(db(), clickId) : undefined;
  // The network knows the click, not who made it: nothing about the member is shown.
  const known = click && click.slug === store.slug ? { id: click.id, createdAt: click.createdAt } : null;
  return { meta, store: { slug: store.slug, name: store.name, logo: store.logo }, click: known };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function SandboxMerchant() {
  const { t } = useTranslation("webshops");
  const locale = usePageLocale();
  const { store, click } = useLoaderData<typeof loader>();
  if (!store) return <NotFoundScreen />;
  return (
    <main id="main" className="flex-1 bg-slate-50 py-12">
      <div className="container-page max-w-xl">
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-800">{t("sandboxMerchant.badge")}</p>
        <div className="mt-3 flex items-center gap-3">
          <StoreLogo name={store.name} logo={store.logo} size="h-12 w-12" />
          <h1 className="text-3xl font-bold">{store.name}</h1>
        </div>
        <p className="mt-4 text-slate-700">{t("sandboxMerchant.text", { store: store.name })}</p>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5" data-testid="sandbox-click">
          {click ? (
            <p className="text-sm">
              {t("sandboxMerchant.tracked")} <ShortId value={click.id} />
            </p>
          ) : (
            <p className="text-sm text-slate-700">{t("sandboxMerchant.untracked")}</p>
          )}
        </div>
        <Link to={localePath(locale, `/webshops/${store.slug}`)} className="btn-secondary mt-6">
          {t("sandboxMerchant.back")}
        </Link>
      </div>
    </main>
  );
}
