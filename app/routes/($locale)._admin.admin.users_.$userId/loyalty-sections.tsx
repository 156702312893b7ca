/**
 * The member's loyalty points on their account page: balance, points owed, level, points in the
 * level window, the success fee, what expires soon, the last entries, and the manual adjustment
 * (`intent=adjustPoints`: `points`, negative to take away; `reason`; the page's key).
 */
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, SubmitButton } from "~/components/forms";
import { textInput } from "~/components/forms-conform";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { numberFormat } from "~/utils/intl";
import { formatMoney, formatRate } from "~/utils/money";
import { useIntentForm } from "./forms";
import type { LoaderData } from "./route";
import { columnsFor, Facts, Section, TableSection } from "./section";

/** Points with their sign (+500, −1,000), as the history shows them. */
export function signedPoints(points: number, locale: string): string {
  const text = numberFormat(locale).format(Math.abs(points));
  return points > 0 ? `+${text}` : points < 0 ? `−${text}` : text;
}

export function LoyaltySummarySection({ loyalty }: { loyalty: LoaderData["loyalty"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  const { summary } = loyalty;
  return (
    <Section title={t("users.loyalty.title")} id="loyalty-title">
      <Facts
        rows={[
          [
            t("users.loyalty.balance"),
            <span className="font-semibold tabular-nums" data-testid="loyalty-balance">
              {number.format(summary.balancePoints)}
            </span>,
          ],
          [t("users.loyalty.owed"), <span className="tabular-nums">{number.format(summary.owedPoints)}</span>],
          [t("users.loyalty.level"), <span data-testid="loyalty-level">{t(`loyalty.levels.${summary.level}`)}</span>],
          [
            t("users.loyalty.levelPoints", { months: summary.rules.levelWindowMonths }),
            <span className="tabular-nums">
              {summary.next
                ? t("users.loyalty.toNext", {
                    points: number.format(summary.levelPoints),
                    missing: number.format(summary.next.missingPoints),
                    level: t(`loyalty.levels.${summary.next.level}`),
                  })
                : number.format(summary.levelPoints)}
            </span>,
          ],
          [t("users.loyalty.fee"), <span className="tabular-nums">{formatRate(summary.feeBps, locale)}</span>],
          [
            t("users.loyalty.expiring"),
            summary.expiringSoon
              ? t("users.loyalty.expiringFrom", {
                  points: number.format(summary.expiringSoon.points),
                  date: formatDate(summary.expiringSoon.firstDay, locale),
                })
              : t("users.loyalty.expiringNone", { days: summary.rules.expiryWarningDays }),
          ],
        ]}
      />
    </Section>
  );
}

export function PointsAdjustmentForm({ pointsKey }: { pointsKey: string }) {
  const { t } = useTranslation("admin");
  const { form, fields, available } = useIntentForm<{ points: string; reason: string }>("adjustPoints");
  return (
    <Section title={t("users.loyalty.adjustTitle")} id="adjust-points-title">
      <p className="mb-3 text-sm text-slate-600">{t("users.loyalty.adjustIntro")}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="adjustPoints" />
        <input type="hidden" name="idempotencyKey" value={pointsKey} />
        <FormErrors id={form.errorId} errors={form.errors} values={{ points: available ?? "" }} />
        {textInput(fields.points, t("users.loyalty.points"), t("users.loyalty.pointsHint"), {
          type: "number",
          inputMode: "numeric",
          step: 1,
        })}
        {textInput(fields.reason, t("users.loyalty.reason"), t("users.loyalty.reasonHint"), { maxLength: 200 })}
        <SubmitButton>{t("users.loyalty.submit")}</SubmitButton>
      </Form>
    </Section>
  );
}

export function LoyaltyHistorySection({ loyalty }: { loyalty: LoaderData["loyalty"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  const column = columnsFor<(typeof loyalty.history)[number]>(locale);
  return (
    <TableSection
      title={t("users.loyalty.historyTitle")}
      id="loyalty-history-title"
      empty={t("users.loyalty.historyEmpty")}
      testId="loyalty-history"
      rows={loyalty.history}
      rowKey={(entry) => entry.id}
      columns={[
        column.date("date", t("users.ledger.date"), (entry) => entry.createdAt),
        {
          key: "what",
          header: t("users.loyalty.what"),
          className: "break-words",
          cell: (entry) => (
            <>
              {t(`loyalty.entries.${entry.kind}`, { context: entry.cause })}
              {entry.reason ? <span className="block text-xs text-slate-600">{entry.reason}</span> : null}
              {entry.cents ? <span className="block text-xs text-slate-600">{formatMoney(entry.cents, locale)}</span> : null}
            </>
          ),
        },
        {
          key: "points",
          header: t("users.loyalty.points"),
          numeric: true,
          className: "whitespace-nowrap font-semibold",
          cell: (entry) => (
            <span className={entry.points > 0 ? "text-green-800" : "text-slate-900"}>
              {signedPoints(entry.points, locale)}
              {entry.owedPoints !== 0 ? (
                <span className="block text-xs font-normal text-slate-600">
                  {t(entry.owedPoints > 0 ? "users.loyalty.owedAdded" : "users.loyalty.owedRepaid", {
                    points: number.format(Math.abs(entry.owedPoints)),
                  })}
                </span>
              ) : null}
            </span>
          ),
        },
      ]}
    />
  );
}
