/** The dashboard, first version: the signed-in user's greeting. The wallet milestone fills it. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";

export const handle = { i18n: ["common", "app"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return { meta: await pageMeta(params, "app", "dashboard.meta"), name: user.name };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function DashboardPage() {
  const { t } = useTranslation("app");
  const { name } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("dashboard.greeting", { name })}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">{t("dashboard.comingSoon")}</p>
    </div>
  );
}
