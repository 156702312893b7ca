import { expect, it } from "vitest";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { SIGNATURE_HEADER, applyPaymentEvent, getPayment, signPayload, startTopUp, type PaymentProvider } from "~/wallet/payments.server";
import { sandboxProvider } from "~/wallet/sandbox-provider.server";
import { describeEachDatabase } from "../support/databases";

const SECRET = "w".repeat(40);
const provider = sandboxProvider({ payments: { provider: "sandbox", webhookSecret: SECRET } } as never);

function webhook(body: unknown, header?: string) {
  const payload = JSON.stringify(body);
  return new Request("http://x/api/webhooks/sandbox", {
    method: "POST",
    body: payload,
    headers: { [SIGNATURE_HEADER]: header ?? signPayload(payload, SECRET) },
  });
}

const TEXTS = { deposit: "Wallet top-up", refund: "Top-up refunded", dispute: "Top-up disputed" };

describeEachDatabase("payments", (t) => {
  const apply = (provider: string, event: Parameters<typeof applyPaymentEvent>[2], _description?: string) =>
    unitOfWork(t.db, (tx) => applyPaymentEvent(tx, provider, event, TEXTS));
  const start = async (userId: string, amountCents: number, key = crypto.randomUUID(), p: PaymentProvider = provider) =>
    startTopUp(t.db, p, {
      userId,
      amountCents,
      idempotencyKey: key,
      locale: "nl",
      returnUrl: (id) => `/nl/dashboard/add-money/${id}`,
      cancelUrl: "/nl/dashboard",
    });

  it("a top-up is one payment per key, sent to the sandbox checkout", async () => {
    const user = (await createUser(t.db, { email: "topup@example.com", name: "Top" })).id;
    const key = crypto.randomUUID();
    const first = await start(user, 2_500, key);
    expect(first.redirectTo).toBe(`/nl/sandbox/checkout/${first.payment.id}`);
    expect(first.payment.status).toBe("pending");
    const second = await start(user, 2_500, key);
    expect(second).toMatchObject({ replayed: true, redirectTo: `/nl/dashboard/add-money/${first.payment.id}` });
    expect(await t.db.selectFrom("payments").select("id").where("userId", "=", user).execute()).toHaveLength(1);
  });

  it("only a verified event credits; delivered 100 times it credits once", async () => {
    const user = (await createUser(t.db, { email: "hooks@example.com", name: "Hooks" })).id;
    const { payment } = await start(user, 2_500);
    const event = { eventId: "evt_1", type: "payment.succeeded", paymentId: payment.id, amountCents: 2_500 };

    const refused = { verified: false };
    expect(await provider.verifyWebhook(webhook(event, signPayload(JSON.stringify(event), "x".repeat(40))))).toEqual(refused);
    expect(
      await provider.verifyWebhook(webhook(event, signPayload(JSON.stringify(event), SECRET, Math.floor(Date.now() / 1000) - 600))),
    ).toEqual(refused);
    expect(await provider.verifyWebhook(webhook(event, "t=1,v1=deadbeef"))).toEqual(refused);
    expect(await provider.verifyWebhook(webhook({ ...event, amountCents: 999_999 }, signPayload(JSON.stringify(event), SECRET)))).toEqual(
      refused,
    );
    expect((await getBalances(t.db, user)).availableCents).toBe(0);

    const verdict = await provider.verifyWebhook(webhook(event));
    if (!verdict.verified || !verdict.event) throw new Error("expected a verified event");
    const verified = verdict.event;
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => apply("sandbox", verified, "Wallet top-up")));
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect((await getBalances(t.db, user)).availableCents).toBe(2_500);
    // A new event id for the same payment (a provider retry with a fresh id) still credits nothing more.
    expect(await apply("sandbox", { ...verified, eventId: "evt_2" }, "Wallet top-up")).toBe("applied");
    expect((await getBalances(t.db, user)).availableCents).toBe(2_500);
    expect((await getPayment(t.db, payment.id))?.status).toBe("paid");
  });

  it("a failed payment is marked failed and credits nothing; a wrong amount or payment is refused", async () => {
    const user = (await createUser(t.db, { email: "fails@example.com", name: "Fails" })).id;
    const { payment } = await start(user, 1_000);
    expect(await apply("sandbox", { eventId: "evt_f", type: "payment.failed", paymentId: payment.id, amountCents: 1_000 }, "x")).toBe(
      "applied",
    );
    expect((await getPayment(t.db, payment.id))?.status).toBe("failed");
    const other = await start(user, 1_000);
    expect(await apply("sandbox", { eventId: "evt_m", type: "payment.succeeded", paymentId: other.payment.id, amountCents: 5 }, "x")).toBe(
      "amount_mismatch",
    );
    expect(
      await apply("sandbox", { eventId: "evt_u", type: "payment.succeeded", paymentId: crypto.randomUUID(), amountCents: 5 }, "x"),
    ).toBe("unknown_payment");
    expect((await getBalances(t.db, user)).availableCents).toBe(0);
  });
});
