/** The account's profile (with its plan or trial) and its balances. */
import { useTranslation } from "~/i18n/react";
import { isLocale, LOCALE_NAMES } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { Facts, Section } from "./section";
import { formatDateTime } from "~/utils/dates";
import type { LoaderData } from "./route";

export function ProfileSection({ account, plan }: { account: LoaderData["account"]; plan: LoaderData["plan"] }) {
  const { t } = useTranslation("admin");
  const { t: tp } = useTranslation("plans");
  const locale = usePageLocale();
  const planText =
    plan.kind === "trial"
      ? tp("summary.trial", { count: plan.daysLeft })
      : plan.kind === "plan"
        ? plan.pastDue
          ? tp("summary.pastDue", { plan: plan.plan })
          : tp(plan.ending ? "summary.ending" : "summary.active", { plan: plan.plan, date: formatDate(plan.date, locale) })
        : tp("summary.none");
  return (
    <Section title={t("users.profile.title")} id="profile-title">
      <Facts
        rows={[
          [t("users.profile.name"), account.name],
          [t("users.profile.email"), <span className="break-all">{account.email}</span>],
          [t("users.profile.role"), t(`users.roles.${account.role}`)],
          [t("users.profile.language"), isLocale(account.locale) ? LOCALE_NAMES[account.locale] : account.locale],
          [t("users.profile.joined"), formatDate(account.createdAt, locale)],
          [t("users.profile.emailVerified"), account.emailVerifiedAt ? formatDate(account.emailVerifiedAt, locale) : t("users.no")],
          [t("users.profile.twoFactor"), account.twoFactor ? t("users.profile.on") : t("users.profile.off")],
          [
            t("users.profile.suspended"),
            account.suspendedAt
              ? t("users.profile.suspendedSince", {
                  date: formatDateTime(account.suspendedAt, locale),
                  reason: account.suspendedReason ?? "",
                })
              : t("users.no"),
          ],
          [tp("summary.label"), <span data-testid="plan-summary">{planText}</span>],
        ]}
      />
    </Section>
  );
}

export function BalancesSection({ balances }: { balances: LoaderData["balances"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  return (
    <Section title={t("users.balances.title")} id="balances-title">
      <Facts
        rows={[
          [
            t("users.balances.available"),
            <span className="font-semibold tabular-nums" data-testid="balance-available">
              {formatMoney(balances.availableCents, locale)}
            </span>,
          ],
          [t("users.balances.withdrawable"), <span className="tabular-nums">{formatMoney(balances.withdrawableCents, locale)}</span>],
          [t("users.balances.pending"), <span className="tabular-nums">{formatMoney(balances.pendingCashbackCents, locale)}</span>],
          [
            t("users.balances.withdrawals"),
            <span className="tabular-nums">{formatMoney(balances.withdrawalsInProgressCents, locale)}</span>,
          ],
          [t("users.balances.owed"), <span className="tabular-nums">{formatMoney(balances.owedCents, locale)}</span>],
        ]}
      />
    </Section>
  );
}
