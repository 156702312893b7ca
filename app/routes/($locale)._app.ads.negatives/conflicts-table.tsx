/**
 * The negative-keyword conflicts: per row the negative (as Google writes it, its match type, where
 * it lives: ad group, campaign or a shared list) and the keyword it blocks (text, match type, ad
 * group, campaign). Cards on a phone through DataTable.
 */
import type { Conflict } from "~/ads/negative-match";
import { negativeSyntax } from "~/ads/negative-match";
import { DataTable } from "~/components/data-table";
import { useTranslation } from "~/i18n/react";

export function ConflictsTable({ conflicts }: { conflicts: Conflict[] }) {
  const { t } = useTranslation("ads-negatives");
  const where = (c: Conflict) =>
    c.negative.level === "list"
      ? t("level.list", { list: c.negative.list })
      : c.negative.level === "campaign"
        ? t("level.campaign")
        : t("level.adGroup", { adGroup: c.negative.adGroup });
  return (
    <DataTable
      className="mt-4"
      testId="conflicts"
      caption={t("table.label")}
      scroll="56rem"
      dense
      rows={conflicts}
      rowKey={(c) => `${c.negative.level}|${c.negative.list ?? c.negative.campaign}|${c.negative.line}|${c.keyword.line}`}
      rowTestId="conflict-row"
      columns={[
        {
          key: "negative",
          header: t("table.negative"),
          rowHeader: true,
          primary: true,
          className: "break-words font-medium",
          cell: (c) => negativeSyntax(c.negative),
        },
        { key: "negativeMatch", header: t("table.negativeMatch"), cell: (c) => t(`match.${c.negative.matchType}`) },
        { key: "level", header: t("table.level"), cell: where },
        { key: "keyword", header: t("table.keyword"), className: "break-words", cell: (c) => c.keyword.text },
        {
          key: "keywordMatch",
          header: t("table.keywordMatch"),
          cell: (c) => t(`match.${c.keyword.matchType === "broad-modified" ? "broad" : (c.keyword.matchType ?? "broad")}`),
        },
        { key: "adGroup", header: t("table.adGroup"), cell: (c) => c.keyword.adGroup ?? "—" },
        { key: "campaign", header: t("table.campaign"), cell: (c) => c.keyword.campaign },
      ]}
    />
  );
}
