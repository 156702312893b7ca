/**
 * The keyword generator (`/ads/keywords`): a form (`seeds` one per line, `landingPage`, `language`,
 * `negatives`; `intent=generate`) posting to this route; the action's answer renders the keyword
 * candidates grouped by ad-group theme, each with how it was made and its figures with their source
 * (Keyword Planner estimates, the client account's own data, or no data). **Save list**
 * (`intent=save`, `name`, the generator's fields as hidden inputs: the list is generated again from
 * them) keeps it; saved lists are listed with their CSV and Google Ads Editor CSV downloads and a
 * delete form (`intent=delete`, `listId`). Everything works without JavaScript.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useZodForm } from "~/components/zod-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { requireAdTools } from "~/ads/access.server";
import { GeneratorSchema, KEYWORD_LANGUAGE_CHOICES, SaveListSchema } from "~/ads/keywords/form";
import { listKeywordLists } from "~/ads/keywords/keywords.server";
import { CheckboxField, Field, FormErrors, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { requireSameOrigin } from "~/security/csrf.server";
import { formIntent, pageWithNotice } from "~/utils/http.server";
import { badRequest, readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { AdPage } from "~/components/ads/page-heading";
import { deleteIntent, generateIntent, saveIntent } from "./actions.server";
import { KeywordLists } from "./keyword-lists";
import { Results } from "./keyword-results";
import { Section } from "~/components/section";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads", "ads-keywords"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client } = await requireAdTools(request, params);
  return pageWithNotice(request, params, ["ads-keywords", "meta"], {
    client: { id: client.id, name: client.name, currency: client.currency },
    lists: await listKeywordLists(db(), user.id, client.id),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, locale, client } = await requireAdTools(request, params);
  const form = await readForm(request);
  const caller = { userId: user.id, clientId: client.id, locale };
  // A form without `save` or `delete` as its intent generates (the generator's button says `generate`).
  switch (formIntent(form, ["generate", "save", "delete"], "generate")) {
    case "delete": {
      const listId = form.get("listId");
      if (typeof listId !== "string" || !/^[0-9a-f-]{36}$/i.test(listId)) badRequest();
      return deleteIntent(caller, listId);
    }
    case "save":
      return saveIntent(caller, form);
    default:
      return generateIntent(caller, form);
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdKeywords() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("ads-keywords");
  const { client, lists, notice } = loaderData;
  const formAction = `${localePath(locale, "/ads/keywords")}?client=${encodeURIComponent(client.id)}`;
  const [form, fields] = useZodForm(GeneratorSchema, {
    id: "ad-keywords",
    lastResult: actionData?.result ?? undefined,
    defaultValue: actionData?.generated?.values ?? { language: "auto" },
    shouldValidate: "onSubmit",
  });
  const [saveForm, saveFields] = useForm({
    id: "ad-keywords-save",
    lastResult: actionData?.save ?? undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SaveListSchema }),
  });
  const result = actionData?.generated ?? null;

  return (
    <AdPage title={t("title")} intro={t("intro", { client: client.name })} notice={notice ? t(notice.key, notice.values) : null}>
      <Section id="keywords-form" title={t("form.title")} box="card" className="mt-6 max-w-3xl">
        <Form method="post" action={formAction} className="mt-4 space-y-1" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextareaField
            labelProps={{ children: t("form.seeds") }}
            textareaProps={{ ...getTextareaProps(fields.seeds), rows: 5, placeholder: t("form.seedsPlaceholder") }}
            errors={fields.seeds.errors}
          />
          <p className="-mt-1 pb-2 text-xs text-slate-600">{t("form.seedsHint")}</p>
          <TextareaField
            labelProps={{ children: t("form.landingPage") }}
            textareaProps={{ ...getTextareaProps(fields.landingPage), rows: 4 }}
            errors={fields.landingPage.errors}
          />
          <p className="-mt-1 pb-2 text-xs text-slate-600">{t("form.landingPageHint")}</p>
          <SelectField
            label={t("form.language")}
            selectProps={{ ...getSelectProps(fields.language), name: fields.language.name }}
            options={KEYWORD_LANGUAGE_CHOICES.map((value) => ({ value, label: t(`languages.${value}`) }))}
            errors={fields.language.errors}
          />
          <p className="-mt-1 pb-2 text-xs text-slate-600">{t("form.languageHint")}</p>
          <TextareaField
            labelProps={{ children: t("form.negatives") }}
            textareaProps={{ ...getTextareaProps(fields.negatives), rows: 3, placeholder: t("form.negativesPlaceholder") }}
            errors={fields.negatives.errors}
          />
          <p className="-mt-1 pb-2 text-xs text-slate-600">{t("form.negativesHint")}</p>
          <CheckboxField label={t("form.alphabet")} inputProps={{ ...getInputProps(fields.alphabet, { type: "checkbox" }) }} />
          <div className="pt-2">
            <SubmitButton pendingLabel={t("form.submitting")} name="intent" value="generate">
              {t("form.submit")}
            </SubmitButton>
          </div>
        </Form>
      </Section>

      {result ? (
        <>
          <Results generated={result} locale={locale} currency={client.currency} t={t} />
          <Section id="keywords-save" title={t("save.title")} box="card" className="mt-8 max-w-xl">
            <Form method="post" action={formAction} className="mt-4 space-y-1" {...getFormProps(saveForm)}>
              <input type="hidden" name="seeds" value={result.values.seeds} />
              <input type="hidden" name="landingPage" value={result.values.landingPage} />
              <input type="hidden" name="language" value={result.values.language} />
              <input type="hidden" name="negatives" value={result.values.negatives} />
              {result.values.alphabet ? <input type="hidden" name="alphabet" value="on" /> : null}
              <FormErrors id={saveForm.errorId} errors={saveForm.errors} />
              <Field
                labelProps={{ children: t("save.name") }}
                inputProps={{ ...getInputProps(saveFields.name, { type: "text" }), maxLength: 100, autoComplete: "off" }}
                errors={saveFields.name.errors}
              />
              <div className="pt-2">
                <SubmitButton pendingLabel={t("save.submitting")} name="intent" value="save">
                  {t("save.submit")}
                </SubmitButton>
              </div>
            </Form>
          </Section>
        </>
      ) : null}

      <KeywordLists lists={lists} clientId={client.id} formAction={formAction} locale={locale} />
    </AdPage>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";
