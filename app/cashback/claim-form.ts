/**
 * The missing-cashback claim form (`orderId`, `orderDate`, `amount`): its zod schema, shared by the
 * page (in the browser) and its action. Messages are translation keys of the `cashback` namespace.
 * Whether the dates fit the click (not before it, not in the future) is the domain's call
 * (`submitClaim`). Safe to import in the browser.
 */
import { z } from "zod";
import { amountField } from "~/wallet/amounts";

export const ORDER_ID_MAX = 64;
/** No claim is for more than $100,000. */
export const CLAIM_MAX_CENTS = 10_000_000;

/** A real calendar day written `YYYY-MM-DD`. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** The claim form's schema for a page in `locale` (the amount is typed the way the locale writes it). */
export function claimSchema(locale: string) {
  return z.object({
    orderId: z
      .string({ required_error: "cashback:claim.errors.orderIdRequired" })
      .trim()
      .min(1, "cashback:claim.errors.orderIdRequired")
      .max(ORDER_ID_MAX, "cashback:claim.errors.orderIdTooLong")
      // Printable characters only: no control characters in an order number.
      .regex(/^[^\p{C}]+$/u, "cashback:claim.errors.orderIdInvalid"),
    orderDate: z
      .string({ required_error: "cashback:claim.errors.orderDateRequired" })
      .trim()
      .min(1, "cashback:claim.errors.orderDateRequired")
      .refine(isCalendarDay, "cashback:claim.errors.orderDateInvalid"),
    amount: amountField(
      locale,
      {
        required: "cashback:claim.errors.amountRequired",
        invalid: "cashback:claim.errors.amountInvalid",
        tooLarge: "cashback:claim.errors.amountTooLarge",
      },
      (cents) => (cents > CLAIM_MAX_CENTS ? "cashback:claim.errors.amountTooLarge" : null),
    ),
  });
}
