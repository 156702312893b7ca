/**
 * One FAQ question in the back office (`/admin/content/faq/:entryId`): its category, question and
 * answer, saved in one unit of work with an audit row naming each changed field (a new category
 * puts it at that category's end), then back to its language's FAQ desk, where it can also be
 * moved, unpublished or deleted.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { ContentNav, StatusBadge } from "~/components/content/content-nav";
import { FaqForm } from "~/components/content/faq-form";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { EditFaqSchema } from "~/help/faq-form";
import { getFaqEntry, updateFaqEntry } from "~/help/faq.server";
import { withNamespaces } from "~/i18n/client-loader";
import { LOCALE_NAMES, type Locale } from "~/i18n/config";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { invariantResponse, notFound, redirectWithFlash } from "~/utils/http.server";
import { FormPage } from "~/components/admin/back-heading";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "content", "faq"] };
export const clientLoader = withNamespaces(handle.i18n);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findEntry(id: string | undefined) {
  const entry = id && UUID.test(id) ? await getFaqEntry(db(), id) : undefined;
  invariantResponse(entry);
  return entry;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const entry = await findEntry(params.entryId);
  return data({
    meta: await pageMeta(params, "content", "faq.editMeta"),
    entry: { id: entry.id, locale: entry.locale as Locale, published: entry.published === 1, updatedAt: entry.updatedAt },
    values: { category: entry.category, question: entry.question, answer: entry.answer },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale: pageLocale, formData } = await requireAdminForm(request, params);
  const entry = await findEntry(params.entryId);
  const submission = parseWithZod(formData, { schema: EditFaqSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await unitOfWork(db(), (tx) => updateFaqEntry(tx, { actor, id: entry.id, input: submission.value }));
  if (result.outcome === "notFound") throw notFound();
  throw await redirectWithFlash(`${localePath(pageLocale, "/admin/content/faq")}?language=${entry.locale}#faq-entry-${entry.id}`, {
    kind: "notice",
    key: result.outcome === "updated" ? "faq.savedNotice" : "faq.unchanged",
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function EditFaqEntry() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("content");
  const { entry, values } = loaderData;
  return (
    <FormPage
      width="max-w-3xl"
      nav={<ContentNav />}
      to={`${localePath(locale, "/admin/content/faq")}?language=${entry.locale}`}
      back={t("faq.back")}
      title={t("faq.editTitle")}
      facts={
        <>
          <StatusBadge live={entry.published} label={t(entry.published ? "faq.statuses.published" : "faq.statuses.hidden")} />
          <span>{LOCALE_NAMES[entry.locale] ?? entry.locale}</span>
        </>
      }
      form={<FaqForm mode="edit" key={entry.updatedAt} lastResult={actionData?.result} defaultValue={values} />}
    />
  );
}
