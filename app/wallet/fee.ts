/**
 * The success fee: owns the one split of a store's commission. Cashwise keeps 10% of the
 * commission a store pays for a member's purchase and the member receives 90%; nothing else is
 * charged on cashback. Loyalty levels lower the fee (9% Silver, 8% Gold, 7% Platinum by default:
 * app/loyalty/), so every function takes the fee in basis points, 10% when not given. The fee is
 * rounded down to the cent (the member gets the odd cent), so it is never more than its rate. A
 * store's rates (what its network pays, a percentage or a fixed amount) read the same way: the
 * member's rate is the network's less the fee. Shared by the server and the browser.
 */

/** Cashwise's success fee on cashback, in basis points of the commission (10%). */
export const SUCCESS_FEE_BPS = 1_000;
/** The member's share of the commission, in basis points (90%). */
export const MEMBER_SHARE_BPS = 10_000 - SUCCESS_FEE_BPS;

/** Cashwise's fee on a commission: 10% (or `feeBps`), rounded down to the cent. */
export function successFeeOf(commissionCents: number, feeBps: number = SUCCESS_FEE_BPS): number {
  if (!Number.isFinite(commissionCents) || commissionCents <= 0) return 0;
  const fee = Math.max(0, Math.min(10_000, Math.floor(feeBps)));
  return Math.floor((Math.floor(commissionCents) * fee) / 10_000);
}

/** The member's cashback on a commission: the commission less the success fee (90% at 10%, the odd cent to the member). */
export function memberCashbackOf(commissionCents: number, feeBps: number = SUCCESS_FEE_BPS): number {
  if (!Number.isFinite(commissionCents) || commissionCents <= 0) return 0;
  return Math.floor(commissionCents) - successFeeOf(commissionCents, feeBps);
}

/** The smallest commission whose member cashback at `feeBps` is exactly `cashbackCents` (the demo seed, the sandbox network). */
export function commissionForCashback(cashbackCents: number, feeBps: number = SUCCESS_FEE_BPS): number {
  if (cashbackCents <= 0) return 0;
  const fee = Math.max(0, Math.min(9_999, Math.floor(feeBps)));
  // X − floor(X·fee) grows by 0 or 1 with each cent of X, so it takes every value: start just below
  // c / (1 − fee) and take the first X that gives c.
  let commission = Math.max(1, Math.floor((cashbackCents * 10_000) / (10_000 - fee)) - 2);
  while (memberCashbackOf(commission, fee) < cashbackCents) commission++;
  return commission;
}

/** The member's rate for a network's rate (basis points of the sale, or cents of a fixed amount): the rate less the fee (90% at 10%). */
export function memberRateOf(networkRate: number, feeBps: number = SUCCESS_FEE_BPS): number {
  return memberCashbackOf(networkRate, feeBps);
}
