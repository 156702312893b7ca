/** The dashboard's recent-history tabs (`?tab=`) and the ledger entry type each one shows. */
export const TABS = { all: undefined, cashback: "cashback", withdrawals: "withdrawal", referrals: "referral" } as const;
export type Tab = keyof typeof TABS;
