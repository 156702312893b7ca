/**
 * The FAQ desk (`/admin/content/faq`): one language's questions (GET `language`, the page's language
 * by default) by category, in their public order. Each question can be moved up or down within its
 * category, unpublished (hidden from the public FAQ) or published again, deleted, or opened to edit.
 * Each button is one unit of work with its audit row, then back to the list (post/redirect/get).
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useTranslation, usePage } from "~/i18n/react";
import { AdminPage } from "~/components/admin/page-heading";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { ListFilters, optionsOf } from "~/components/admin/list-filters";
import { ContentNav, StatusBadge } from "~/components/content/content-nav";
import { db } from "~/db/db.server";
import type { FaqEntry } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { deleteFaqEntry, listFaqForAdmin, moveFaqEntry, setFaqPublished } from "~/help/faq.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, type Locale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { notFound, redirectWithFlash, pageWithNotice } from "~/utils/http.server";
import { FlashNotice } from "~/components/flash-notice";

export const handle = { i18n: ["common", "content", "faq"] };
export const clientLoader = withNamespaces(handle.i18n);

function languageOf(request: Request, pageLocale: Locale): Locale {
  const language = new URL(request.url).searchParams.get("language");
  return isLocale(language) ? language : pageLocale;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const pageLocale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const language = languageOf(request, pageLocale);
  const groups = await listFaqForAdmin(db(), language);
  return pageWithNotice(request, params, ["content", "faq.meta"], {
    language,
    groups: groups.map((group) => ({
      id: group.id,
      entries: group.entries.map(({ id, question, answer, published }) => ({ id, question, answer, published: published === 1 })),
    })),
  });
}

const EntryAction = z.object({
  intent: z.enum(["up", "down", "publish", "unpublish", "delete"]),
  entryId: z.string().uuid(),
});

const NOTICES = {
  moved: "faq.movedNotice",
  published: "faq.publishedNotice",
  unpublished: "faq.unpublishedNotice",
  deleted: "faq.deletedNotice",
  unchanged: "faq.unchanged",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { actor } = await requireAdmin(request);
  const pageLocale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const language = languageOf(request, pageLocale);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: EntryAction });
  if (submission.status !== "success") throw data({ error: "bad_request" }, { status: 400 });
  const { intent, entryId } = submission.value;
  const outcome = await unitOfWork(db(), async (tx) => {
    switch (intent) {
      case "up":
      case "down":
        return moveFaqEntry(tx, { actor, id: entryId, direction: intent });
      case "delete":
        return deleteFaqEntry(tx, { actor, id: entryId });
      case "publish":
      case "unpublish":
        return setFaqPublished(tx, { actor, id: entryId, published: intent === "publish" });
    }
  });
  if (outcome === "notFound") throw notFound();
  const anchor = outcome === "deleted" ? "" : `#faq-entry-${entryId}`;
  throw await redirectWithFlash(`${localePath(pageLocale, "/admin/content/faq")}?language=${language}${anchor}`, {
    kind: "notice",
    key: NOTICES[outcome],
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function FaqDesk() {
  const { t, locale, loaderData } = usePage<typeof loader>("content");
  const { groups, language, notice } = loaderData;
  const count = groups.reduce((sum, group) => sum + group.entries.length, 0);
  return (
    <AdminPage
      title={t("faq.title")}
      intro={t("faq.intro")}
      action={{ to: `${localePath(locale, "/admin/content/faq/new")}?language=${language}`, label: t("faq.new") }}
      nav={<ContentNav />}
    >
      <ListFilters
        fields={[
          {
            id: "faq-language",
            name: "language",
            label: t("faq.language"),
            value: language,
            options: optionsOf(LOCALES, (code) => LOCALE_NAMES[code]),
          },
        ]}
        submit={t("faq.show")}
      />
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>
      <p className="mt-4 text-sm text-slate-600" role="status">
        {t("faq.count", { count, language: LOCALE_NAMES[language] })}{" "}
        <Link to={localePath(language, "/faq")} className="font-medium text-brand-700 underline">
          {t("faq.viewPublic")}
        </Link>
      </p>
      {groups.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">{t("faq.empty")}</p>
      ) : (
        <div className="mt-6 space-y-8">
          {groups.map((group) => (
            <section key={group.id} aria-labelledby={`faq-category-${group.id}`}>
              <h2 id={`faq-category-${group.id}`} className="text-xl font-bold">
                {t(`faq:categories.${group.id}`)}
              </h2>
              <ol className="mt-3 space-y-3">
                {group.entries.map((entry, index) => (
                  <EntryRow
                    key={entry.id}
                    entry={entry}
                    language={language}
                    first={index === 0}
                    last={index === group.entries.length - 1}
                  />
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </AdminPage>
  );
}

/** Moving a question within its category: the first cannot go up, the last not down. */
const MOVES = [
  { intent: "up", key: "faq.moveUp" },
  { intent: "down", key: "faq.moveDown" },
] as const;

function EntryRow({
  entry,
  language,
  first,
  last,
}: {
  entry: Pick<FaqEntry, "id" | "question" | "answer"> & { published: boolean };
  language: Locale;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation("content");
  const locale = usePageLocale();
  return (
    <li id={`faq-entry-${entry.id}`} className="rounded-2xl border border-slate-200 bg-surface p-4" data-testid="faq-entry">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <p className="font-semibold">{entry.question}</p>
          <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-slate-600">{entry.answer}</p>
        </div>
        <StatusBadge live={entry.published} label={t(entry.published ? "faq.statuses.published" : "faq.statuses.hidden")} />
      </div>
      <Form method="post" action={`${localePath(locale, "/admin/content/faq")}?language=${language}`} className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="entryId" value={entry.id} />
        <Link
          to={localePath(locale, `/admin/content/faq/${entry.id}`)}
          className="btn-secondary"
          aria-label={t("faq.editLabel", { question: entry.question })}
        >
          {t("faq.edit")}
        </Link>
        {MOVES.map((move) => (
          <button
            key={move.intent}
            type="submit"
            name="intent"
            value={move.intent}
            className="btn-secondary"
            disabled={move.intent === "up" ? first : last}
            aria-label={t(`${move.key}Label`, { question: entry.question })}
          >
            {t(move.key)}
          </button>
        ))}
        <button type="submit" name="intent" value={entry.published ? "unpublish" : "publish"} className="btn-secondary">
          {entry.published ? t("faq.unpublish") : t("faq.publish")}
        </button>
        <button
          type="submit"
          name="intent"
          value="delete"
          className="btn-secondary text-red-700"
          aria-label={t("faq.deleteLabel", { question: entry.question })}
        >
          {t("faq.delete")}
        </button>
      </Form>
    </li>
  );
}
