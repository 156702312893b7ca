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
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { GeneratorSchema, KEYWORD_LANGUAGES, SaveListSchema, type ExpansionKind, type KeywordLanguage } from "~/ads/keywords/form";
import { generateKeywords } from "~/ads/keywords/generate";
import {
  KeywordListNotFoundError,
  TooManyKeywordListsError,
  deleteKeywordList,
  keywordFigures,
  listKeywordLists,
  saveKeywordList,
  type KeywordFigures,
} from "~/ads/keywords/keywords.server";
import { DataTable } from "~/components/data-table";
import { Field, FormErrors, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { AdPageHeading } from "~/components/ads/page-heading";
import { numberFormat } from "~/utils/intl";

export const handle = { i18n: ["common", "ads", "ads-keywords"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client, locale } = await requireAdTools(request, params);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      meta: await pageMeta(params, "ads-keywords", "meta"),
      client: { id: client.id, name: client.name, currency: client.currency },
      lists: await listKeywordLists(db(), user.id, client.id),
      defaultLanguage: ((KEYWORD_LANGUAGES as readonly string[]).includes(locale) ? locale : "en") as KeywordLanguage,
      notice: flash?.kind === "notice" ? flash : null,
    },
    { headers },
  );
}

type Values = { seeds: string; landingPage?: string; language: KeywordLanguage; negatives?: string };

/** The generated keywords with their figures, as the page shows them. */
async function generated(clientId: string, values: Values) {
  const result = generateKeywords(values);
  const figures = await keywordFigures(
    db(),
    clientId,
    result.themes.flatMap((theme) => theme.keywords.map((item) => item.keyword)),
  );
  return {
    values: { seeds: values.seeds, landingPage: values.landingPage ?? "", language: values.language, negatives: values.negatives ?? "" },
    total: result.total,
    truncated: result.truncated,
    removedByNegatives: result.removedByNegatives,
    landingWords: result.landingWords,
    themes: result.themes.map((theme) => ({
      name: theme.name,
      keywords: theme.keywords.map((item) => ({
        keyword: item.keyword,
        kind: item.kind,
        figures: figures.get(item.keyword) ?? ({ source: "none" } as KeywordFigures),
      })),
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, locale, client } = await requireAdTools(request, params);
  const form = await readForm(request);
  const intent = form.get("intent");
  const back = async (key: string, values?: Record<string, string | number>) =>
    redirect(`${localePath(locale, "/ads/keywords")}?client=${encodeURIComponent(client.id)}`, {
      headers: { "Set-Cookie": await setFlash({ kind: "notice", key: `ads-keywords:notices.${key}`, values }) },
    });

  if (intent === "delete") {
    const listId = form.get("listId");
    if (typeof listId !== "string" || !/^[0-9a-f-]{36}$/i.test(listId)) throw data({ error: "bad_request" }, { status: 400 });
    try {
      await unitOfWork(db(), (tx) => deleteKeywordList(tx, user.id, listId));
    } catch (error) {
      if (error instanceof KeywordListNotFoundError) throw data({ error: "not_found" }, { status: 404 });
      throw error;
    }
    throw await back("deleted");
  }

  const submission = parseWithZod(form, { schema: GeneratorSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), save: null, generated: null }, { status: 400 });
  const values = submission.value;

  if (intent === "save") {
    const named = parseWithZod(form, { schema: SaveListSchema });
    if (named.status !== "success")
      return data({ result: null, save: named.reply(), generated: await generated(client.id, values) }, { status: 400 });
    const result = generateKeywords(values);
    try {
      await unitOfWork(db(), (tx) => saveKeywordList(tx, user.id, client.id, { name: named.value.name, ...values }, result));
    } catch (error) {
      if (error instanceof TooManyKeywordListsError) {
        return data(
          {
            result: null,
            save: named.reply({ formErrors: ["ads-keywords:save.errors.tooMany"] }),
            generated: await generated(client.id, values),
          },
          { status: 400 },
        );
      }
      throw error;
    }
    throw await back("saved", { name: named.value.name, count: result.total });
  }

  return data({ result: submission.reply(), save: null, generated: await generated(client.id, values) });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

type Generated = NonNullable<Awaited<ReturnType<typeof generated>>>;

const KIND_KEYS: Record<ExpansionKind, string> = {
  seed: "seed",
  permutation: "permutation",
  transactional: "transactional",
  commercial: "commercial",
  landing: "landing",
  question: "question",
  preposition: "preposition",
  alphabet: "alphabet",
};

function SourceBadge({ figures, t }: { figures: KeywordFigures; t: TFunction }) {
  const tone =
    figures.source === "keyword-planner"
      ? "bg-brand-50 text-brand-900"
      : figures.source === "account"
        ? "bg-sky-50 text-sky-900"
        : "bg-slate-100 text-slate-700";
  const key = figures.source === "keyword-planner" ? "keywordPlanner" : figures.source;
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(`sources.${key}`)}</span>
  );
}

/** The figures of one keyword with their basis, in words. */
function FiguresCell({ figures, locale, currency, t }: { figures: KeywordFigures; locale: string; currency: string | null; t: TFunction }) {
  const number = numberFormat(locale);
  const money = (cents: number) =>
    currency ? formatMoney(cents, locale, currency) : numberFormat(locale, { minimumFractionDigits: 2 }).format(cents / 100);
  const period = (p: { start: string; end: string } | null) =>
    p ? t("figures.period", { start: formatDate(p.start, locale), end: formatDate(p.end, locale) }) : t("figures.allTime");
  if (figures.source === "keyword-planner") {
    const p = figures.planner;
    const volume =
      p.volumeLow != null && p.volumeHigh != null
        ? t("figures.bucket", { low: number.format(p.volumeLow), high: number.format(p.volumeHigh) })
        : p.searchVolume != null
          ? t("figures.searches", { count: p.searchVolume, value: number.format(p.searchVolume) })
          : t("figures.noVolume");
    return (
      <div>
        <p>
          {volume}
          {p.volumeLow != null ? <span className="ml-1 text-xs text-slate-600">({t("figures.bucketNote")})</span> : null}
        </p>
        <p className="text-xs text-slate-600">
          {p.competition ? t("figures.competition", { level: t(`competition.${p.competition}`), index: p.competitionIndex ?? "–" }) : null}
          {p.bidLowCents != null && p.bidHighCents != null
            ? ` · ${t("figures.bids", { low: money(p.bidLowCents), high: money(p.bidHighCents) })}`
            : null}
        </p>
        <p className="text-xs text-slate-600">{t("figures.plannerBasis", { period: period(p.period) })}</p>
      </div>
    );
  }
  if (figures.source === "account") {
    const a = figures.account;
    return (
      <div>
        <p>
          {t("figures.account", { impressions: number.format(a.impressions), clicks: number.format(a.clicks), cost: money(a.costCents) })}
          {a.cpcCents != null ? ` · ${t("figures.cpc", { cpc: money(a.cpcCents) })}` : null}
        </p>
        <p className="text-xs text-slate-600">
          {t(`figures.basis.${a.basis === "keyword" ? "keyword" : "searchTerm"}`, { period: period(a.period) })}
        </p>
      </div>
    );
  }
  return <p className="text-slate-600">{t("figures.none")}</p>;
}

function Results({ generated, locale, currency, t }: { generated: Generated; locale: string; currency: string | null; t: TFunction }) {
  return (
    <section aria-labelledby="keywords-results" className="mt-8" data-testid="keyword-results">
      <h2 id="keywords-results" className="text-lg font-bold">
        {t("results.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("results.summary", { count: generated.total, themes: generated.themes.length })}</p>
      {generated.removedByNegatives > 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t("results.removed", { count: generated.removedByNegatives })}</p>
      ) : null}
      {generated.truncated ? <p className="mt-1 text-sm text-slate-600">{t("results.truncated", { count: generated.total })}</p> : null}
      {generated.landingWords.length ? (
        <p className="mt-1 text-sm text-slate-600">{t("results.landingWords", { words: generated.landingWords.join(", ") })}</p>
      ) : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">{t("sources.title")}</summary>
        <dl className="mt-2 space-y-2">
          {(["keywordPlanner", "account", "none"] as const).map((key) => (
            <div key={key}>
              <dt className="font-medium">{t(`sources.${key}`)}</dt>
              <dd className="text-slate-600">{t(`sources.help.${key}`)}</dd>
            </div>
          ))}
        </dl>
      </details>
      {generated.themes.map((theme, index) => (
        <section key={theme.name} aria-labelledby={`keyword-theme-${index}`} className="mt-5" data-testid="keyword-theme">
          <h3 id={`keyword-theme-${index}`} className="font-semibold">
            {t("results.theme", { name: theme.name, count: theme.keywords.length })}
          </h3>
          <div
            className="mt-2 overflow-x-auto rounded-2xl border border-slate-200 bg-surface"
            tabIndex={0}
            role="region"
            aria-label={t("results.tableLabel", { name: theme.name })}
          >
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">{t("results.tableLabel", { name: theme.name })}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("results.keyword")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("results.kind")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("results.source")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("results.figures")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 align-top">
                {theme.keywords.map((item) => (
                  <tr key={item.keyword} data-testid="keyword-row" data-source={item.figures.source}>
                    <td className="break-words px-3 py-2 font-medium">{item.keyword}</td>
                    <td className="px-3 py-2 text-slate-700">{t(`kinds.${KIND_KEYS[item.kind]}`)}</td>
                    <td className="px-3 py-2">
                      <SourceBadge figures={item.figures} t={t} />
                    </td>
                    <td className="px-3 py-2">
                      <FiguresCell figures={item.figures} locale={locale} currency={currency} t={t} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </section>
  );
}

export default function AdKeywords() {
  const { t } = useTranslation("ads-keywords");
  const locale = usePageLocale();
  const { client, lists, defaultLanguage, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formAction = `${localePath(locale, "/ads/keywords")}?client=${encodeURIComponent(client.id)}`;
  const [form, fields] = useForm({
    id: "ad-keywords",
    lastResult: actionData?.result ?? undefined,
    constraint: getZodConstraint(GeneratorSchema),
    defaultValue: actionData?.generated?.values ?? { language: defaultLanguage },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GeneratorSchema }),
  });
  const [saveForm, saveFields] = useForm({
    id: "ad-keywords-save",
    lastResult: actionData?.save ?? undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SaveListSchema }),
  });
  const result = actionData?.generated ?? null;
  const listUrl = (id: string, file: "csv" | "editor.csv") =>
    `${localePath(locale, `/ads/keywords/${id}/${file}`)}?client=${encodeURIComponent(client.id)}`;

  return (
    <div className="py-6">
      <AdPageHeading title={t("title")} intro={t("intro", { client: client.name })} notice={notice ? t(notice.key, notice.values) : null} />

      <section aria-labelledby="keywords-form" className="mt-6 max-w-3xl rounded-2xl border border-slate-200 bg-surface p-5">
        <h2 id="keywords-form" className="text-lg font-bold">
          {t("form.title")}
        </h2>
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
            options={KEYWORD_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
            errors={fields.language.errors}
          />
          <TextareaField
            labelProps={{ children: t("form.negatives") }}
            textareaProps={{ ...getTextareaProps(fields.negatives), rows: 3, placeholder: t("form.negativesPlaceholder") }}
            errors={fields.negatives.errors}
          />
          <p className="-mt-1 pb-2 text-xs text-slate-600">{t("form.negativesHint")}</p>
          <div className="pt-2">
            <SubmitButton pendingLabel={t("form.submitting")} name="intent" value="generate">
              {t("form.submit")}
            </SubmitButton>
          </div>
        </Form>
      </section>

      {result ? (
        <>
          <Results generated={result} locale={locale} currency={client.currency} t={t} />
          <section aria-labelledby="keywords-save" className="mt-8 max-w-xl rounded-2xl border border-slate-200 bg-surface p-5">
            <h2 id="keywords-save" className="text-lg font-bold">
              {t("save.title")}
            </h2>
            <Form method="post" action={formAction} className="mt-4 space-y-1" {...getFormProps(saveForm)}>
              <input type="hidden" name="seeds" value={result.values.seeds} />
              <input type="hidden" name="landingPage" value={result.values.landingPage} />
              <input type="hidden" name="language" value={result.values.language} />
              <input type="hidden" name="negatives" value={result.values.negatives} />
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
          </section>
        </>
      ) : null}

      <section aria-labelledby="keywords-lists" className="mt-8">
        <h2 id="keywords-lists" className="text-lg font-bold">
          {t("lists.title")}
        </h2>
        {lists.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600" data-testid="keyword-lists-empty">
            {t("lists.empty")}
          </p>
        ) : (
          <DataTable
            className="mt-3"
            testId="keyword-lists"
            caption={t("lists.tableLabel")}
            dense
            rows={lists}
            rowKey={(list) => list.id}
            rowProps={() => ({ "data-testid": "keyword-list" })}
            columns={[
              {
                key: "name",
                header: t("lists.name"),
                primary: true,
                className: "break-words font-medium",
                cell: (list) => (
                  <>
                    {list.name}
                    <span className="block text-xs font-normal text-slate-600">{t(`languages.${list.language}`)}</span>
                  </>
                ),
              },
              { key: "keywords", header: t("lists.keywords"), cell: (list) => numberFormat(locale).format(list.keywordCount) },
              {
                key: "created",
                header: t("lists.created"),
                className: "md:whitespace-nowrap",
                cell: (list) => <time dateTime={list.createdAt}>{formatDate(list.createdAt, locale)}</time>,
              },
              {
                key: "actions",
                header: t("lists.actions"),
                cell: (list) => (
                  <div className="flex flex-wrap items-center gap-2">
                    <a href={listUrl(list.id, "csv")} className="btn-secondary px-3 py-1 text-xs" download>
                      {t("lists.csv")}
                      <span className="sr-only">: {list.name}</span>
                    </a>
                    <a href={listUrl(list.id, "editor.csv")} className="btn-secondary px-3 py-1 text-xs" download>
                      {t("lists.editorCsv")}
                      <span className="sr-only">: {list.name}</span>
                    </a>
                    <Form method="post" action={formAction}>
                      <input type="hidden" name="listId" value={list.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete"
                        className="rounded-lg border border-red-200 px-3 py-1 text-xs font-semibold text-red-800 hover:bg-red-50"
                      >
                        {t("lists.delete")}
                        <span className="sr-only">: {list.name}</span>
                      </button>
                    </Form>
                  </div>
                ),
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";
