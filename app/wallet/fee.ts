/**
 * The success fee: owns the one split of a store's commission. Cashwise keeps 10% of the
 * commission a store pays for a member's purchase and the member receives 90%; nothing else is
 * charged on cashback. The fee is rounded down to the cent (the member gets the odd cent), so it is
 * never more than 10%. A store's rates (what its network pays, a percentage or a fixed amount) read
 * the same way: the member's rate is 90% of the network's. Shared by the server and the browser.
 */

/** Cashwise's success fee on cashback, in basis points of the commission (10%). */
export const SUCCESS_FEE_BPS = 1_000;
/** The member's share of the commission, in basis points (90%). */
export const MEMBER_SHARE_BPS = 10_000 - SUCCESS_FEE_BPS;

/** Cashwise's fee on a commission: 10%, rounded down to the cent. */
export function successFeeOf(commissionCents: number): number {
  if (!Number.isFinite(commissionCents) || commissionCents <= 0) return 0;
  return Math.floor((Math.floor(commissionCents) * SUCCESS_FEE_BPS) / 10_000);
}

/** The member's cashback on a commission: the commission less the success fee (90%, the odd cent to the member). */
export function memberCashbackOf(commissionCents: number): number {
  if (!Number.isFinite(commissionCents) || commissionCents <= 0) return 0;
  return Math.floor(commissionCents) - successFeeOf(commissionCents);
}

/** The smallest commission whose member cashback is exactly `cashbackCents` (the demo seed, the sandbox network). */
export function commissionForCashback(cashbackCents: number): number {
  if (cashbackCents <= 0) return 0;
  // The fee on X is floor(X / 10), so X − floor(X / 10) takes every value; the first X giving c is this one.
  return cashbackCents + Math.floor((cashbackCents - 1) / 9);
}

/** The member's rate for a network's rate (basis points of the sale, or cents of a fixed amount): 90% of it. */
export function memberRateOf(networkRate: number): number {
  return memberCashbackOf(networkRate);
}
