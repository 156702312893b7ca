/** Sales as the networks report them, for database suites that ingest conversions. */
import type { ConversionEvent } from "~/cashback/conversions.server";

/** A sale of $100.00 with $8.00 of commission, pending, reported by postback just now: what a test does not say. */
export function conversionEvent(overrides: Partial<ConversionEvent> = {}): ConversionEvent {
  return {
    network: "sandbox",
    transactionId: `T-${crypto.randomUUID()}`,
    clickId: null,
    saleAmountCents: 10_000,
    commissionCents: 800,
    currency: "USD",
    status: "pending",
    occurredAt: new Date().toISOString(),
    source: "postback",
    raw: "{}",
    ...overrides,
  };
}
