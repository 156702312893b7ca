/** An account's state in the back office (active, suspended, unverified), as a coloured badge. */
import { useTranslation } from "~/i18n/react";
import type { AccountState } from "~/users/account-states";

const BADGE: Record<AccountState, string> = {
  active: "bg-green-100 text-green-900",
  suspended: "bg-red-100 text-red-900",
  unverified: "bg-yellow-100 text-yellow-900",
};

export function AccountStateBadge({ state }: { state: AccountState }) {
  const { t } = useTranslation("admin");
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[state]}`}
      data-testid="account-state"
    >
      {t(`users.states.${state}`)}
    </span>
  );
}
