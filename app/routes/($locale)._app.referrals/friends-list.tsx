/** The referred friends with their status and bonus. */
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import type { ReferralDisplayStatus } from "~/referrals/rules";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { ReferralsData } from "./route";
import { PanelList } from "~/components/app/panel";

const STATUS_STYLE: Record<ReferralDisplayStatus, string> = {
  signedUp: "bg-slate-100 text-slate-800",
  inReview: "bg-amber-50 text-amber-900",
  qualified: "bg-brand-50 text-brand-800",
  paid: "bg-brand-100 text-brand-900",
  reversed: "bg-amber-50 text-amber-900",
  expired: "bg-slate-100 text-slate-700",
  rejected: "bg-red-50 text-red-800",
};

export function FriendsList({ friends }: Pick<ReferralsData, "friends">) {
  const { t } = useTranslation("referrals");
  const locale = usePageLocale();
  return (
    <PanelList id="friends-title" title={t("friends.heading")} items={friends} empty={t("friends.empty")} testId="referred-friends">
      {(friend) => (
        <li key={friend.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={`friend-${friend.status}`}>
          <div className="min-w-0">
            <p className="break-words font-semibold text-slate-900">{friend.name}</p>
            <p className="text-sm text-slate-600">
              {t("friends.signedUp")}: {formatDate(friend.signedUpAt, locale)}
              {friend.status === "signedUp" || friend.status === "inReview" ? (
                <> · {t("friends.until", { date: formatDate(friend.windowEndsAt, locale) })}</>
              ) : null}
            </p>
          </div>
          <div className="flex items-center gap-3">
            {friend.bonusCents !== null ? (
              <span className="text-sm font-semibold tabular-nums text-brand-800">
                <span className="sr-only">{t("friends.bonus")}: </span>+{formatMoney(friend.bonusCents, locale)}
              </span>
            ) : null}
            <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_STYLE[friend.status]}`}>
              {t(`statuses.${friend.status}`)}
            </span>
          </div>
        </li>
      )}
    </PanelList>
  );
}
