/**
 * How a transaction is named on screen and in documents. The ledger stores codes and the words the
 * system wrote at the time (a provider code for top-ups, "PayPal"/"Bank transfer" for payouts, an
 * English description for system movements); screens translate them here, in the reader's language,
 * and never show a provider's code or an internal payment id as if it were a shop.
 */
export interface DisplayedTransaction {
  type: string;
  merchant: string | null;
  description: string;
  orderId: string | null;
}

/** A translation key (namespace "wallet") with values, or a text shown as is (a store's name). */
export type Label = { key: string; values?: Record<string, string> } | { text: string };

const PROVIDERS = new Set(["sandbox", "stripe"]);
const PAYOUT_METHODS: Record<string, "paypal" | "bank"> = { PayPal: "paypal", "Bank transfer": "bank", paypal: "paypal", bank: "bank" };
/** Movements whose description the system wrote (not a store or an admin): translated by type. */
const SYSTEM_DESCRIBED = new Set(["deposit", "withdrawal"]);

/** Who is on the other side: a store's name, the payment method of a top-up, the payout method. */
export function counterparty(item: Pick<DisplayedTransaction, "type" | "merchant">): Label | null {
  if (item.type === "deposit") return { key: `parties.${item.merchant && PROVIDERS.has(item.merchant) ? item.merchant : "card"}` };
  if (item.type === "withdrawal" && item.merchant && PAYOUT_METHODS[item.merchant])
    return { key: `withdraw.methods.${PAYOUT_METHODS[item.merchant]}` };
  return item.merchant ? { text: item.merchant } : null;
}

/** Cashback descriptions the ingestion writes (in English), translated on screen. */
const CASHBACK_TEXTS: Record<string, string> = { Cashback: "descriptions.cashback", "Cashback returned": "descriptions.cashbackReturned" };

export function description(item: Pick<DisplayedTransaction, "type" | "description">): Label {
  if (SYSTEM_DESCRIBED.has(item.type)) return { key: `descriptions.${item.type}` };
  if (item.type === "cashback" && CASHBACK_TEXTS[item.description]) return { key: CASHBACK_TEXTS[item.description]! };
  return { text: item.description };
}

/** An order number worth showing: a store's order, not the id of our own payment. */
export function storeOrderId(item: Pick<DisplayedTransaction, "type" | "orderId">): string | null {
  return item.type === "cashback" ? item.orderId : null;
}

/** A long id shortened for a phone: its start and end ("0b0e5b1e…8a01"). */
export function shortId(id: string): string {
  return id.length > 14 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id;
}

export function labelText(label: Label | null, t: (key: string, values?: Record<string, string>) => string, fallback = "—"): string {
  if (!label) return fallback;
  return "key" in label ? t(label.key, label.values) : label.text;
}
