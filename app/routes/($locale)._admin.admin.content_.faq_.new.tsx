/**
 * A new FAQ question (`/admin/content/faq/new`, the language from `?language=`): the question form;
 * saved at the end of its category in one unit of work with its audit row, then back to the
 * language's FAQ desk.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { ContentNav } from "~/components/content/content-nav";
import { FaqForm } from "~/components/content/faq-form";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { FAQ_CATEGORIES } from "~/help/faq";
import { NewFaqSchema } from "~/help/faq-form";
import { createFaqEntry } from "~/help/faq.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";
import { FormPage } from "~/components/admin/back-heading";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "content", "faq"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const pageLocale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const language = new URL(request.url).searchParams.get("language");
  return data({
    meta: await pageMeta(params, "content", "faq.newMeta"),
    defaults: {
      locale: isLocale(language) ? language : pageLocale,
      category: FAQ_CATEGORIES[0],
      question: "",
      answer: "",
      published: true,
    },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale: pageLocale, formData } = await requireAdminForm(request, params);
  const submission = parseWithZod(formData, { schema: NewFaqSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const entry = await unitOfWork(db(), (tx) => createFaqEntry(tx, { actor, input: submission.value }));
  throw await redirectWithFlash(`${localePath(pageLocale, "/admin/content/faq")}?language=${entry.locale}#faq-entry-${entry.id}`, {
    kind: "notice",
    key: "faq.createdNotice",
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function NewFaqEntry() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("content");
  const { defaults } = loaderData;
  return (
    <FormPage
      width="max-w-3xl"
      nav={<ContentNav />}
      to={`${localePath(locale, "/admin/content/faq")}?language=${defaults.locale}`}
      back={t("faq.back")}
      title={t("faq.newTitle")}
      intro={t("faq.newIntro")}
      form={<FaqForm mode="new" lastResult={actionData?.result} defaultValue={defaults} />}
    />
  );
}
