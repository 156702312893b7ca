/**
 * The wallet's amount rules: deposit and withdrawal limits and schemas over amounts typed in the
 * page's locale ("12,50" in de, "12.50" in en; the one parser is `parseAmount` in utils/money),
 * turned into integer cents exactly (no floating point), payout destinations. Safe in the browser.
 */
import { z } from "zod";
import { isValidIban } from "~/config/iban";
import { MIN_WITHDRAWAL_CENTS } from "~/settings/defaults";
import { parseAmount, type AmountProblem } from "~/utils/money";

export const DEPOSIT_QUICK_AMOUNTS = [10, 25, 50, 100, 250, 500] as const;
export const WITHDRAWAL_QUICK_AMOUNTS = [25, 50, 100, 250, 500, 1000] as const;
export const MIN_DEPOSIT_CENTS = 500;
export const MAX_DEPOSIT_CENTS = 1_000_000;

/** Typed text → positive cents in the page's locale (see `parseAmount`); anything else → null. */
export function parseAmountToCents(input: unknown, locale: string): number | null {
  const parsed = parseAmount(input, locale);
  return parsed.ok && parsed.cents > 0 ? parsed.cents : null;
}

/**
 * The messages for an amount the parser refused: the spec's "Please enter a valid amount" with the
 * locale's way of writing one, or why a lone group of three digits could be misread.
 */
export function amountProblemMessages(problem: AmountProblem, invalid = "validation.amountInvalid"): string[] {
  return [invalid, problem === "ambiguous" ? "validation.amountAmbiguous" : "validation.amountExample"];
}

/**
 * A required amount field read in `locale`, in positive cents; `tooLarge` names the message for more
 * than nine digits (the caller's maximum), `invalid` the one for what is not an amount.
 */
export function amountField(
  locale: string,
  messages: { required?: string; invalid?: string; tooLarge?: string } = {},
  /** The caller's limits: a message key for cents it refuses, or null. */
  check: (cents: number) => string | null = () => null,
) {
  const invalid = messages.invalid ?? "validation.amountInvalid";
  const required = messages.required ?? invalid;
  return z
    .string({ required_error: required, invalid_type_error: invalid })
    .trim()
    .min(1, required)
    .transform((value, ctx) => {
      const parsed = parseAmount(value, locale);
      if (!parsed.ok) {
        const list =
          parsed.problem === "tooLarge" && messages.tooLarge ? [messages.tooLarge] : amountProblemMessages(parsed.problem, invalid);
        for (const message of list) ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const refused = parsed.cents <= 0 ? invalid : check(parsed.cents);
      if (refused) {
        ctx.addIssue({ code: "custom", message: refused });
        return z.NEVER;
      }
      return parsed.cents;
    });
}

export function depositSchema(locale: string) {
  return z.object({
    amount: amountField(locale, { tooLarge: "validation.depositMax" }, (cents) =>
      cents < MIN_DEPOSIT_CENTS ? "validation.depositMin" : cents > MAX_DEPOSIT_CENTS ? "validation.depositMax" : null,
    ),
    idempotencyKey: z.string().uuid(),
  });
}

export function withdrawalSchema(locale: string, availableCents: number, minimumCents: number = MIN_WITHDRAWAL_CENTS) {
  return z
    .object({
      amount: amountField(locale, { tooLarge: "validation.insufficientBalance" }, (cents) =>
        cents < minimumCents ? "validation.withdrawalMin" : cents > availableCents ? "validation.insufficientBalance" : null,
      ),
      method: z.enum(["paypal", "bank"], { errorMap: () => ({ message: "validation.methodRequired" }) }),
      destination: z.string({ required_error: "validation.destinationRequired" }).trim().min(1, "validation.destinationRequired"),
      idempotencyKey: z.string().uuid(),
    })
    .superRefine((value, ctx) => {
      if (value.method === "paypal" && !z.string().email().safeParse(value.destination).success) {
        ctx.addIssue({ code: "custom", path: ["destination"], message: "validation.invalidPaypal" });
      }
      if (value.method === "bank" && !isValidIban(value.destination)) {
        ctx.addIssue({ code: "custom", path: ["destination"], message: "validation.invalidIban" });
      }
    })
    .transform((value) => ({
      ...value,
      amountCents: value.amount,
      destination: value.method === "bank" ? value.destination.replace(/\s+/g, "").toUpperCase() : value.destination,
    }));
}

/** Payouts take 1-3 business days: the last of them, as a date (YYYY-MM-DD, UTC), counted from `nowMs`. */
export function expectedPayoutDate(nowMs: number, businessDays = 3): string {
  const day = new Date(nowMs);
  let left = businessDays;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return day.toISOString().slice(0, 10);
}
