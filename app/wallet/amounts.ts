/**
 * Amounts typed by people: dollars with at most two decimals ("25", "25.5", "25.50"), turned into
 * integer cents exactly (no floating point). Safe to import in the browser.
 */
import { z } from "zod";

export const DEPOSIT_QUICK_AMOUNTS = [10, 25, 50, 100, 250, 500] as const;
export const WITHDRAWAL_QUICK_AMOUNTS = [25, 50, 100, 250, 500, 1000] as const;
export const MIN_DEPOSIT_CENTS = 500;
export const MAX_DEPOSIT_CENTS = 1_000_000;
/** The default minimum withdrawal; admins change it in the settings (`minWithdrawalCents`). */
export const MIN_WITHDRAWAL_CENTS = 1_000;

/** "12.5" → 1250; anything that is not plain digits with at most two decimals → null. */
export function parseAmountToCents(input: unknown): number | null {
  if (typeof input !== "string") return null;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

/** What the amount input accepts as the visitor types: digits and one decimal point. */
export function filterAmountInput(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, "");
  const [whole, ...rest] = cleaned.split(".");
  return rest.length ? `${whole}.${rest.join("").slice(0, 2)}` : (whole ?? "");
}

const amountField = z.string({ required_error: "validation.amountInvalid" }).trim().min(1, "validation.amountInvalid");

export const DepositSchema = z.object({
  amount: amountField.transform((value, ctx) => {
    const cents = parseAmountToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "validation.amountInvalid" });
      return z.NEVER;
    }
    if (cents < MIN_DEPOSIT_CENTS) ctx.addIssue({ code: "custom", message: "validation.depositMin" });
    else if (cents > MAX_DEPOSIT_CENTS) ctx.addIssue({ code: "custom", message: "validation.depositMax" });
    return cents;
  }),
  idempotencyKey: z.string().uuid(),
});

/** IBAN checksum (ISO 13616, mod 97). */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export function withdrawalSchema(availableCents: number, minimumCents: number = MIN_WITHDRAWAL_CENTS) {
  return z
    .object({
      amount: amountField,
      method: z.enum(["paypal", "bank"], { errorMap: () => ({ message: "validation.methodRequired" }) }),
      destination: z.string({ required_error: "validation.destinationRequired" }).trim().min(1, "validation.destinationRequired"),
      idempotencyKey: z.string().uuid(),
    })
    .superRefine((value, ctx) => {
      const cents = parseAmountToCents(value.amount);
      if (cents === null) ctx.addIssue({ code: "custom", path: ["amount"], message: "validation.amountInvalid" });
      else if (cents < minimumCents) ctx.addIssue({ code: "custom", path: ["amount"], message: "validation.withdrawalMin" });
      else if (cents > availableCents) ctx.addIssue({ code: "custom", path: ["amount"], message: "validation.insufficientBalance" });
      if (value.method === "paypal" && !z.string().email().safeParse(value.destination).success) {
        ctx.addIssue({ code: "custom", path: ["destination"], message: "validation.invalidPaypal" });
      }
      if (value.method === "bank" && !isValidIban(value.destination)) {
        ctx.addIssue({ code: "custom", path: ["destination"], message: "validation.invalidIban" });
      }
    })
    .transform((value) => ({
      ...value,
      amountCents: parseAmountToCents(value.amount)!,
      destination: value.method === "bank" ? value.destination.replace(/\s+/g, "").toUpperCase() : value.destination,
    }));
}

/** A payout destination as the review step shows it: enough to recognise, not enough to copy. */
export function maskDestination(method: "paypal" | "bank", destination: string): string {
  if (method === "bank") {
    const iban = destination.replace(/\s+/g, "").toUpperCase();
    return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
  }
  const [local = "", domain = ""] = destination.split("@");
  return `${local.slice(0, 2)}${"•".repeat(Math.max(1, Math.min(6, local.length - 2)))}@${domain}`;
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
