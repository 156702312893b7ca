/** Home. The full marketing page (carousel, audiences, app section) comes with the public site. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { usePageLocale } from "~/i18n/use-page-locale";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "pages"] };

export async function loader({ params }: LoaderFunctionArgs) {
  return { meta: await pageMeta(params, "pages", "home") };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function Home() {
  const { t } = useTranslation("pages");
  const locale = usePageLocale();
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white" aria-labelledby="hero-title">
      <div className="container-page py-20 text-center sm:py-28">
        <h1 id="hero-title" className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
          {t("home.heroTitle")}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{t("home.heroText")}</p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to={localePath(locale, "/signup")} className="btn-primary px-6 py-3 text-base">
            {t("home.ctaSignup")}
          </Link>
          <Link to={localePath(locale, "/webshops")} className="btn-secondary px-6 py-3 text-base">
            {t("home.ctaWebshops")}
          </Link>
        </div>
      </div>
    </section>
  );
}
