/**
 * A new article (`/admin/content/blog/new`): the article form. Preview (`intent=preview`) renders
 * the Markdown as the public page would, under the form, and saves nothing; Save (`intent=save`)
 * writes a draft in one unit of work with its audit row and opens the article's page, where it can
 * be published.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { articlePreview, createPost, isArticleSlugTaken } from "~/blog/admin.server";
import { NewArticleSchema, type NewArticleInput } from "~/blog/article-form";
import { ArticleForm, ArticlePreview } from "~/components/content/article-form";
import { ContentNav } from "~/components/content/content-nav";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { formIntent, redirectWithFlash } from "~/utils/http.server";
import type { Actor } from "~/audit/audit.server";
import { FormPage } from "~/components/admin/back-heading";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "content", "blog"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  return data({
    meta: await pageMeta(params, "content", "blog.newMeta"),
    // The team byline of the launch articles, in the page's language, until the admin writes another.
    defaults: { locale, slug: "", title: "", excerpt: "", body: "", author: fixedT(locale, "content")("blog.defaultAuthor"), cover: "" },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale, formData } = await requireAdminForm(request, params);
  const submission = parseWithZod(formData, { schema: NewArticleSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), preview: null }, { status: 400 });
  // Preview, or the form's Save (also a form sent with no intent).
  switch (formIntent(formData, ["save", "preview"], "save")) {
    case "preview":
      return data({ result: submission.reply(), preview: articlePreview(submission.value) });
    case "save":
      return create(actor, locale, submission.value, submission);
  }
}

/** Save: the new article as a draft, then its edit page. */
async function create(actor: Actor, locale: Locale, input: NewArticleInput, submission: Pick<Submission<unknown>, "reply">) {
  try {
    await unitOfWork(db(), (tx) => createPost(tx, { actor, input }));
  } catch (error) {
    if (!isArticleSlugTaken(error)) throw error;
    return data({ result: submission.reply({ fieldErrors: { slug: ["content:blog.errors.slugTaken"] } }), preview: null }, { status: 409 });
  }
  throw await redirectWithFlash(localePath(locale, `/admin/content/blog/${input.locale}/${input.slug}`), {
    kind: "notice",
    key: "blog.created",
    values: { title: input.title },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function NewArticle() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("content");
  const { defaults } = loaderData;
  return (
    <FormPage
      width="max-w-4xl"
      nav={<ContentNav />}
      to={localePath(locale, "/admin/content/blog")}
      back={t("blog.back")}
      title={t("blog.newTitle")}
      intro={t("blog.newIntro")}
      form={<ArticleForm mode="new" lastResult={actionData?.result} defaultValue={defaults} />}
    >
      {actionData?.preview ? <ArticlePreview preview={actionData.preview} locale={locale} /> : null}
    </FormPage>
  );
}
