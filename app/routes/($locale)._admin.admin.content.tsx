/**
 * The content overview (`/admin/content`): the blog's articles (published and drafts), the FAQ's
 * questions (and how many are hidden) and the newsletter's subscribers per status, each linking to
 * its desk.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AdminPage } from "~/components/admin/page-heading";
import { requireAdmin } from "~/auth/guards.server";
import { countPostsByStatus } from "~/blog/admin.server";
import { ContentNav } from "~/components/content/content-nav";
import { db } from "~/db/db.server";
import { countFaq } from "~/help/faq.server";
import { withNamespaces } from "~/i18n/client-loader";
import { countSubscribers } from "~/newsletter/admin.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { numberFormat } from "~/utils/intl";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "content"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [posts, faq, subscribers] = await Promise.all([countPostsByStatus(db()), countFaq(db()), countSubscribers(db())]);
  return data({
    meta: await pageMeta(params, "content", "overview.meta"),
    posts,
    faq: { total: faq.total, hidden: faq.hidden },
    subscribers,
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function ContentOverview() {
  const { t, locale, loaderData } = usePage<typeof loader>("content");
  const { posts, faq, subscribers } = loaderData;
  const format = (value: number) => numberFormat(locale).format(value);
  const cards = [
    {
      key: "blog",
      path: "/admin/content/blog",
      figures: [
        { label: t("overview.published"), value: posts.published },
        { label: t("overview.drafts"), value: posts.draft },
      ],
    },
    {
      key: "faq",
      path: "/admin/content/faq",
      figures: [
        { label: t("overview.questions"), value: faq.total },
        { label: t("overview.hidden"), value: faq.hidden },
      ],
    },
    {
      key: "subscribers",
      path: "/admin/content/subscribers",
      figures: [
        { label: t("subscribers.statuses.confirmed"), value: subscribers.confirmed },
        { label: t("subscribers.statuses.pending"), value: subscribers.pending },
      ],
    },
  ] as const;
  return (
    <AdminPage title={t("overview.title")} intro={t("overview.intro")} nav={<ContentNav />}>
      <ul className="grid gap-4 md:grid-cols-3">
        {cards.map((card) => (
          <li key={card.key} className="flex flex-col rounded-2xl border border-slate-200 bg-surface p-5">
            <h2 className="text-lg font-bold">{t(`overview.${card.key}.title`)}</h2>
            <p className="mt-1 flex-1 text-sm text-slate-600">{t(`overview.${card.key}.text`)}</p>
            <dl className="mt-4 grid grid-cols-2 gap-3">
              {card.figures.map((figure) => (
                <div key={figure.label}>
                  <dt className="text-xs text-slate-600">{figure.label}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{format(figure.value)}</dd>
                </div>
              ))}
            </dl>
            <Link to={localePath(locale, card.path)} className="btn-secondary mt-4 self-start">
              {t(`overview.${card.key}.open`)}
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
