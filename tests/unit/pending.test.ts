/** Pending cashback's expected confirmation: from the day it was reported and the usual window. */
import { describe, expect, it } from "vitest";
import { pendingConfirmation } from "~/wallet/view.server";

const day = 86_400_000;
const reported = Date.UTC(2026, 10, 1, 12);
const item = { type: "cashback" as const, status: "pending" as const, createdAt: new Date(reported).toISOString() };

describe("pending cashback progress", () => {
  it("counts whole days since it was reported against the window, and the expected date", () => {
    expect(pendingConfirmation(item, { confirmationDays: 60, nowMs: reported + 10.5 * day })).toEqual({
      expectedBy: new Date(reported + 60 * day).toISOString(),
      elapsedDays: 10,
      totalDays: 60,
      overdue: false,
    });
  });

  it("uses the store's own usual window, the one its page states, where it has one", () => {
    const context = { confirmationDays: 60, storeDays: { Dewmellow: 30 }, nowMs: reported + day };
    expect(pendingConfirmation({ ...item, merchant: "Dewmellow" }, context)).toMatchObject({
      expectedBy: new Date(reported + 30 * day).toISOString(),
      totalDays: 30,
    });
    expect(pendingConfirmation({ ...item, merchant: "Elsewhere" }, context)).toMatchObject({ totalDays: 60 });
  });

  it("stops at the window and says when it is overdue", () => {
    expect(pendingConfirmation(item, { confirmationDays: 30, nowMs: reported + 45 * day })).toMatchObject({
      elapsedDays: 30,
      overdue: true,
    });
  });

  it("is only for pending cashback", () => {
    const context = { confirmationDays: 30, nowMs: reported + day };
    expect(pendingConfirmation({ ...item, status: "completed" }, context)).toBeNull();
    expect(pendingConfirmation({ ...item, type: "withdrawal" }, context)).toBeNull();
    expect(pendingConfirmation(item, undefined)).toBeNull();
  });
});
