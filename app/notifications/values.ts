/** A notification's stored values for its texts: `amountCents: 2500` becomes `amount: "$25.00"` (server and browser). */
import { formatMoney } from "~/utils/money";

export function notificationValues(params: Record<string, string | number>, locale: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith("Cents") && typeof value === "number") values[key.slice(0, -"Cents".length)] = formatMoney(value, locale);
    else values[key] = value;
  }
  return values;
}
