/** The subscription line of the dashboard and the profile: plan and renewal date, or the trial's days left. */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import type { PlanSummary } from "~/plans/subscriptions.server";
import { formatDate } from "~/utils/dates";
import { localePath } from "~/utils/paths";

export function PlanSummaryLine({ summary }: { summary: PlanSummary }) {
  const { t } = useTranslation("plans");
  const locale = usePageLocale();
  const text =
    summary.kind === "trial"
      ? t("summary.trial", { count: summary.daysLeft })
      : summary.kind === "plan"
        ? summary.pastDue
          ? t("summary.pastDue", { plan: summary.plan })
          : t(summary.ending ? "summary.ending" : "summary.active", { plan: summary.plan, date: formatDate(summary.date, locale) })
        : t("summary.none");
  return (
    <p className="mt-2 text-sm text-slate-600" data-testid="plan-summary">
      <span className="font-semibold text-slate-800">{t("summary.label")}:</span> {text} ·{" "}
      <Link to={localePath(locale, "/plans")} className="font-semibold underline">
        {t("summary.manage")}
      </Link>
    </p>
  );
}
