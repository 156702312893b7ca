/**
 * The client account's saved keyword lists: each with its language, size and date, its CSV and
 * Google Ads Editor CSV downloads and a delete form (`intent=delete`, `listId`).
 */
import { Form } from "@remix-run/react";
import type { KeywordListSummary } from "~/ads/keywords/keywords.server";
import { DataTable } from "~/components/data-table";
import type { Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { formatDate } from "~/utils/dates";
import { numberFormat } from "~/utils/intl";
import { localePath } from "~/utils/paths";
import { Section } from "~/components/section";

export function KeywordLists({
  lists,
  clientId,
  formAction,
  locale,
}: {
  lists: KeywordListSummary[];
  clientId: string;
  formAction: string;
  locale: Locale;
}) {
  const { t } = useTranslation("ads-keywords");
  const listUrl = (id: string, file: "csv" | "editor.csv") =>
    `${localePath(locale, `/ads/keywords/${id}/${file}`)}?client=${encodeURIComponent(clientId)}`;
  return (
    <Section id="keywords-lists" title={t("lists.title")} titleClassName="text-lg font-bold">
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
          rowTestId="keyword-list"
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
    </Section>
  );
}
