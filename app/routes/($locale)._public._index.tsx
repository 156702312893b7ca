/** Home: hero, the directory's facts, the loyalty levels (from the settings), the feature carousel, who we serve, the apps, and a dismissible announcement. */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { FeatureCarousel } from "~/components/home/feature-carousel";
import { ProductScreenshot } from "~/components/home/product-screenshot";
import { action, loader } from "~/home/home-page.server";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";
import { StoreLogo } from "~/components/stores/store-logo";
import { formatMoney, formatRate } from "~/utils/money";
import { useRootData } from "~/utils/root-data";
import { BandSection, CardGrid, Hero, SectionHeading } from "~/components/marketing";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "home", "webshops"], pageCache: true };
export const clientLoader = withNamespaces(handle.i18n);

export { action, loader };

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function Home() {
  const { t, locale, loaderData } = usePage<typeof loader>("home");
  const { showBanner, facts, loyalty } = loaderData;
  const signedIn = Boolean(useRootData()?.viewer);
  const audiences = t("audiences.items", { returnObjects: true }) as Array<{ title: string; description: string }>;

  return (
    <>
      {showBanner ? (
        <aside className="bg-night text-white" aria-label={t("banner.label")} data-testid="announcement">
          <div className="container-page flex flex-wrap items-center justify-between gap-3 py-2.5 text-sm">
            <p>
              {t("banner.text")}{" "}
              <Link to={localePath(locale, "/webshops")} className="font-semibold underline">
                {t("banner.link")}
              </Link>
            </p>
            <Form method="post" replace preventScrollReset>
              <button
                type="submit"
                name="intent"
                value="dismiss-banner"
                className="rounded px-2 py-1 text-white/80 hover:bg-white/10 hover:text-white"
              >
                {t("banner.dismiss")}
              </button>
            </Form>
          </div>
        </aside>
      ) : null}

      <Hero id="hero-title" eyebrow={t("hero.eyebrow")} title={t("hero.title")} text={t("hero.text")} tall>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to={localePath(locale, "/signup")} className="btn-primary px-6 py-3 text-base">
            {t("hero.ctaSignup")}
          </Link>
          <Link to={localePath(locale, "/webshops")} className="btn-secondary px-6 py-3 text-base">
            {t("hero.ctaWebshops")}
          </Link>
        </div>
      </Hero>

      <section className="container-page py-14" aria-labelledby="proof-title">
        <h2 id="proof-title" className="sr-only">
          {t("proof.title")}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3" data-testid="facts">
          {(
            [
              ["stores", facts.stores.toLocaleString(locale)],
              ["categories", facts.categories.toLocaleString(locale)],
              ["bestRate", formatRate(facts.bestRateBps, locale)],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-2xl border border-slate-200 bg-surface p-5 text-center">
              <dt className="text-sm text-slate-600">{t(`proof.${key}`)}</dt>
              <dd className="mt-1 text-3xl font-extrabold tabular-nums text-brand-700">{value}</dd>
            </div>
          ))}
        </dl>
        {facts.featured.length ? (
          <ul className="mt-6 flex flex-wrap justify-center gap-3" aria-label={t("proof.storesLabel")}>
            {facts.featured.map((store) => (
              <li key={store.slug}>
                <Link
                  to={localePath(locale, `/webshops/${store.slug}`)}
                  className="flex items-center gap-2 rounded-xl border border-slate-200 bg-surface px-3 py-2 text-sm font-medium hover:border-brand-700"
                >
                  <StoreLogo name={store.name} logo={store.logo} size="h-8 w-8" />
                  <span>{store.name}</span>
                  <span className="text-xs text-brand-700">{t("webshops:rate", { rate: formatRate(store.cashbackRateBps, locale) })}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <figure className="mx-auto mt-10 max-w-4xl">
          <ProductScreenshot alt={t("proof.screenshotAlt")} />
          <figcaption className="mt-3 text-center text-sm text-slate-600">{t("proof.screenshotCaption")}</figcaption>
        </figure>
      </section>

      <BandSection labelledBy="loyalty-title">
        <div className="mx-auto max-w-2xl text-center">
          <SectionHeading
            id="loyalty-title"
            title={t("loyalty.title")}
            subtitle={t("loyalty.text", {
              points: loyalty.perDollar.toLocaleString(locale),
              count: loyalty.months,
              step: loyalty.stepPoints.toLocaleString(locale),
              value: formatMoney(loyalty.stepCents, locale),
            })}
          />
        </div>
        <CardGrid
          className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          cardClassName="rounded-2xl border border-slate-200 bg-surface p-5 text-center"
          titleClassName="text-lg font-semibold"
          cards={loyalty.levels.map(({ level, points, feeBps }) => ({
            key: level,
            title: t(`loyalty.levels.${level}`),
            text: t("loyalty.level", { points: points.toLocaleString(locale), fee: formatRate(feeBps, locale) }),
          }))}
        />
        <p className="mt-8 flex flex-wrap items-center justify-center gap-4">
          <Link to={localePath(locale, signedIn ? "/loyalty" : "/signup")} className="btn-primary">
            {t(signedIn ? "loyalty.ctaMember" : "loyalty.ctaVisitor")}
          </Link>
          <Link to={localePath(locale, "/pricing#loyalty-title")} className="font-semibold text-brand-700 underline">
            {t("loyalty.rules")}
          </Link>
        </p>
      </BandSection>

      <section className="container-page py-16" aria-labelledby="features-title">
        <div className="max-w-2xl">
          <SectionHeading id="features-title" title={t("features.title")} subtitle={t("features.subtitle")} />
        </div>
        <div className="mt-8">
          <FeatureCarousel />
        </div>
      </section>

      <BandSection labelledBy="audiences-title">
        <div className="mx-auto max-w-2xl text-center">
          <SectionHeading id="audiences-title" title={t("audiences.title")} subtitle={t("audiences.subtitle")} />
        </div>
        <CardGrid
          className="mt-10 grid gap-6 md:grid-cols-3"
          cardClassName="rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm"
          titleClassName="text-lg font-semibold"
          cards={audiences.map((audience) => ({ key: audience.title, title: audience.title, text: audience.description }))}
        />
      </BandSection>

      <section className="container-page py-16" aria-labelledby="app-title">
        <div className="rounded-3xl bg-night px-6 py-12 text-center text-white sm:px-12">
          <h2 id="app-title" className="text-3xl font-bold tracking-tight">
            {t("app.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-white/80">{t("app.text")}</p>
          <ul className="mt-8 flex flex-wrap justify-center gap-4">
            {(["appStore", "googlePlay"] as const).map((store) => (
              <li key={store} className="rounded-xl border border-white/30 px-5 py-3 text-left" data-testid={`app-${store}`}>
                <span className="block text-base font-semibold">{t(`app.${store}`)}</span>
                <span className="block text-xs uppercase tracking-wide text-white/70">{t("app.comingSoon")}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
