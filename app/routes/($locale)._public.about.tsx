/** About: story, mission, vision, values, journey and why us, all from translations. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { type IconName } from "~/components/icon";
import { usePageLocale } from "~/i18n/use-page-locale";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";
import { BandSection, CardGrid, Hero, SectionHeading } from "~/components/marketing";

export const handle = { i18n: ["common", "about"], pageCache: true };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ params }: LoaderFunctionArgs) {
  return { meta: await pageMeta(params, "about", "meta") };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

type Item = { title: string; description: string };

export default function AboutPage() {
  const { t } = useTranslation("about");
  const locale = usePageLocale();
  const list = <T,>(key: string) => t(key, { returnObjects: true }) as T[];
  /** A list of items (an icon where it has one) as cards. */
  const cards = (key: string) =>
    list<Item & { icon?: IconName }>(key).map(({ title, description, icon }) => ({ key: title, icon, title, text: description }));

  return (
    <>
      <Hero id="about-title" title={t("hero.title")} text={t("hero.text")}>
        <Link to={localePath(locale, "/signup")} className="btn-primary mt-10 px-6 py-3 text-base">
          {t("hero.cta")}
        </Link>
      </Hero>

      <section className="container-page grid gap-10 py-16 lg:grid-cols-2" aria-labelledby="story-title">
        <div>
          <SectionHeading id="story-title" title={t("story.title")} />
          <div className="mt-4 space-y-4 text-slate-700">
            {list<string>("story.paragraphs").map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
        <div className="grid gap-6">
          {(["mission", "vision"] as const).map((part) => (
            <div key={part} className="rounded-2xl border border-slate-200 p-6">
              <h2 className="text-xl font-semibold">{t(`${part}.title`)}</h2>
              <p className="mt-2 text-slate-700">{t(`${part}.text`)}</p>
            </div>
          ))}
        </div>
      </section>

      <BandSection labelledBy="values-title">
        <SectionHeading id="values-title" title={t("values.title")} />
        <CardGrid
          className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          titleClassName="mt-4 font-semibold"
          cards={cards("values.items")}
        />
      </BandSection>

      <section className="container-page py-16" aria-labelledby="journey-title">
        <SectionHeading id="journey-title" title={t("journey.title")} />
        <ol className="mt-8 space-y-6 border-l-2 border-brand-100 pl-6">
          {list<Item & { year: string }>("journey.items").map((milestone) => (
            <li key={`${milestone.year}-${milestone.title}`} className="relative">
              <span className="absolute -left-[1.95rem] top-1 h-3 w-3 rounded-full bg-accent" aria-hidden="true" />
              <p className="text-sm font-bold text-brand-700">{milestone.year}</p>
              <h3 className="font-semibold">{milestone.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{milestone.description}</p>
            </li>
          ))}
        </ol>
      </section>

      <BandSection labelledBy="why-title">
        <SectionHeading id="why-title" title={t("whyUs.title")} />
        <CardGrid className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" cards={cards("whyUs.items")} />
      </BandSection>
    </>
  );
}
