/** FAQ: the published questions of the page's language by category (edited at /admin/content/faq), a GET search, contact method cards. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Icon, type IconName } from "~/components/icon";
import { db } from "~/db/db.server";
import { filterFaq } from "~/help/faq";
import { listPublishedFaq } from "~/help/faq.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";
import { EmptyState, SearchPageHeader } from "~/components/public-pages";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "faq"], pageCache: true };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const t = fixedT(locale, "faq");
  const categories = (await listPublishedFaq(db(), locale)).map((category) => ({ ...category, title: t(`categories.${category.id}`) }));
  return { meta: await pageMeta(params, "faq", "meta"), query, categories: filterFaq(categories, query, locale) };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const METHOD_ICONS: Record<string, IconName> = { email: "mail", form: "chat", response: "clock" };

export default function FaqPage() {
  const { t, locale, loaderData } = usePage<typeof loader>("faq");
  const { query, categories } = loaderData;
  const count = categories.reduce((sum, category) => sum + category.questions.length, 0);
  const methods = t("contact.methods", { returnObjects: true }) as Array<{
    id: string;
    title: string;
    description: string;
    action: string;
  }>;

  return (
    <div className="container-page py-16">
      <SearchPageHeader ns="faq" searchId="faq-search" query={query} count={count} clearTo={localePath(locale, "/faq")} />

      <div className="mx-auto mt-12 max-w-3xl space-y-10">
        {categories.length === 0 ? (
          <EmptyState title={t("noResults.title")} text={t("noResults.description")} testId="faq-no-results" />
        ) : (
          categories.map((category) => (
            <section key={category.id} aria-labelledby={`faq-${category.id}`}>
              <h2 id={`faq-${category.id}`} className="text-2xl font-bold tracking-tight">
                {category.title}
              </h2>
              <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200">
                {category.questions.map((item) => (
                  <details key={item.question} className="group p-5" open={query ? true : undefined}>
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
                      {item.question}
                      <span className="text-slate-500 transition-transform group-open:rotate-45" aria-hidden="true">
                        +
                      </span>
                    </summary>
                    <p className="mt-3 whitespace-pre-line text-slate-700">{item.answer}</p>
                  </details>
                ))}
              </div>
            </section>
          ))
        )}
      </div>

      <section className="mt-16 rounded-3xl bg-slate-50 p-8" aria-labelledby="faq-contact">
        <h2 id="faq-contact" className="text-center text-2xl font-bold">
          {t("contact.title")}
        </h2>
        <p className="mt-2 text-center text-slate-600">{t("contact.text")}</p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {methods.map((method) => (
            <li key={method.id}>
              <Link
                to={localePath(locale, "/contact")}
                className="block h-full rounded-2xl border border-slate-200 bg-surface p-6 hover:border-brand-700"
              >
                <Icon name={METHOD_ICONS[method.id] ?? "chat"} className="h-6 w-6 text-brand-700" />
                <h3 className="mt-3 font-semibold">{method.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{method.description}</p>
                <span className="mt-3 inline-block text-sm font-semibold text-brand-700">{method.action}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
