/**
 * The payout desk's filters and batches: "Approve selected" in one unit with one audit row; a
 * payout batch takes the processing withdrawals of one method (within the desk's filters); its
 * files: the PayPal Payouts CSV has PayPal's columns, the pain.001.001.03 XML validates against the
 * official XSD (vendored in tests/fixtures, validated with xmllint-wasm) and its amounts and CtrlSum
 * add up; marking a batch paid twice settles once; a batched withdrawal is not paid or rejected on
 * its own; cancelling releases it; the routes refuse members and visitors; the books balance.
 */
import fs from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";

process.env.SESSION_SECRET ??= "payout-batches-test-secret-0123456789-0123456789";

import type { Actor } from "~/audit/audit.server";
import { ConfigError, loadEnv } from "~/config/env.server";
import { action as deskAction, loader as deskLoader } from "~/routes/($locale)._admin.admin.withdrawals/route";
import { loader as fileLoader } from "~/routes/($locale)._admin.admin.withdrawals_.batches.$batchId.file";
import { createUser } from "~/users/users.server";
import { approveWithdrawals, decideWithdrawal, listWithdrawals, WithdrawalInBatchError } from "~/wallet/admin.server";
import { balanceFromPostings, getBalances } from "~/wallet/balances.server";
import { approveWithdrawal, requestWithdrawal } from "~/wallet/ledger.server";
import {
  batchCandidates,
  cancelPayoutBatch,
  createPayoutBatch,
  PayoutBatchError,
  payoutBatchFile,
  payPayoutBatch,
} from "~/wallet/payout-batches.server";
import { batchMessageId, centsToDecimal, compactId, creditTransferXml, payoutItemReference, sepaText } from "~/wallet/payout-files.server";
import { backOfficeCookies, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, inTx } from "../support/ledger";
import { answer } from "../support/route-answer";

const XSD = fs.readFileSync(path.resolve("tests/fixtures/pain.001.001.03.xsd"), "utf8");
const APP = "http://localhost:3000";

async function validatePain001(xml: string) {
  return validateXML({ xml: [{ fileName: "batch.xml", contents: xml }], schema: [XSD] });
}

/** The text of every `<name>` element of an XML document, in order (the documents here are ours: flat text elements). */
const texts = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, "g"))].map((m) => m[1]!);

const cents = (decimal: string) => {
  const [whole, fraction = ""] = decimal.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
};

describe("payout files (pure)", () => {
  it("writes amounts, ids and bank texts within the formats' limits", () => {
    expect([0, 5, 1000, 1234, 100_000_00].map(centsToDecimal)).toEqual(["0.00", "0.05", "10.00", "12.34", "100000.00"]);
    expect(() => centsToDecimal(1.5)).toThrow();
    const id = "ffffffff-ffff-ffff-ffff-ffffffffffff";
    expect(compactId(id)).toHaveLength(25);
    expect(
      BigInt(`0x${id.replace(/-/g, "")}`)
        .toString(36)
        .toUpperCase(),
    ).toBe(compactId(id));
    expect(payoutItemReference(id).length).toBeLessThanOrEqual(30);
    expect(batchMessageId(id).length).toBeLessThanOrEqual(35);
    expect(sepaText("José Müller-Ødegaard & Co <x>", 70)).toBe("Jose Muller-Odegaard Co x");
    expect(sepaText("Straße", 70)).toBe("Strasse");
    expect(sepaText("李小龙", 70)).toBe("");
    expect(sepaText("a".repeat(200), 140)).toHaveLength(140);
  });

  it("a EUR transfer is a SEPA credit transfer that validates; a broken document does not", async () => {
    const xml = creditTransferXml({
      batchId: crypto.randomUUID(),
      createdAt: new Date("2026-11-23T10:00:00Z"),
      executionDate: "2026-11-24",
      currency: "EUR",
      debtor: { name: "Cashwise B.V.", iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
      items: [
        {
          transactionId: crypto.randomUUID(),
          amountCents: 2_500,
          creditorName: "Anna de Vries",
          iban: "DE89 3704 0044 0532 0130 00",
          bic: "COBADEFFXXX",
          remittance: "Your withdrawal from Cashwise",
        },
        {
          transactionId: crypto.randomUUID(),
          amountCents: 1_001,
          creditorName: "Zoë Faure",
          iban: "FR1420041010050500013M02606",
          remittance: "Votre retrait Cashwise",
        },
      ],
    });
    expect(await validatePain001(xml)).toMatchObject({ valid: true, errors: [] });
    expect(xml).toContain("<Cd>SEPA</Cd>");
    expect(xml).toContain("<ChrgBr>SLEV</ChrgBr>");
    expect(texts(xml, "InstdAmt")).toEqual(["25.00", "10.01"]);
    expect(xml).toContain('Ccy="EUR"');
    expect(texts(xml, "BIC")).toEqual(["ABNANL2A", "COBADEFFXXX"]);
    expect(texts(xml, "CtrlSum")).toEqual(["35.01", "35.01"]);
    expect(texts(xml, "CreDtTm")).toEqual(["2026-11-23T10:00:00"]);
    // The validator is not a formality: a document without its message id is refused.
    const broken = await validatePain001(xml.replace(/<MsgId>[^<]*<\/MsgId>/, ""));
    expect(broken.valid).toBe(false);
  });
});

describe("the paying account (PAYOUT_DEBTOR_*)", () => {
  const base = { SESSION_SECRET: "x".repeat(40) };
  const production = {
    ...base,
    APP_ENV: "production",
    APP_URL: "https://cashwise.example",
    SMTP_URL: "smtp://mail.example",
    STRIPE_SECRET_KEY: "sk_live_1",
    STRIPE_WEBHOOK_SECRET: "whsec_1",
  };
  it("is a sandbox account in development, unset in production until configured, and checked", () => {
    expect(loadEnv(base).payoutDebtor).toEqual({ name: "Cashwise Sandbox", iban: "NL91ABNA0417164300", bic: "ABNANL2A" });
    expect(loadEnv(production).payoutDebtor).toBeNull();
    const configured = {
      PAYOUT_DEBTOR_NAME: "Cashwise B.V.",
      PAYOUT_DEBTOR_IBAN: "de89 3704 0044 0532 0130 00",
      PAYOUT_DEBTOR_BIC: "cobadeffxxx",
    };
    expect(loadEnv({ ...production, ...configured }).payoutDebtor).toEqual({
      name: "Cashwise B.V.",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
    });
    expect(() => loadEnv({ ...base, PAYOUT_DEBTOR_NAME: "Only a name" })).toThrow(/PAYOUT_DEBTOR_IBAN is required/);
    expect(() => loadEnv({ ...base, ...configured, PAYOUT_DEBTOR_IBAN: "NL00ABNA0417164300" })).toThrow(ConfigError);
    expect(() => loadEnv({ ...base, ...configured, PAYOUT_DEBTOR_BIC: "ABN" })).toThrow(/PAYOUT_DEBTOR_BIC/);
  });
});

describeEachDatabase("payout batches", (t) => {
  let actor: Actor;
  const cookies = { admin: "", member: "" };

  useAppDatabase(t, async () => {
    const staff = await backOfficeCookies(t.db);
    actor = { id: staff.adminId, clientAddress: "198.18.0.7" };
    cookies.admin = staff.cookies.admin;
    cookies.member = staff.cookies.member;
  });

  /** The notifications of `userId` with the title `titleKey`. */
  const noticesTitled = (userId: string, titleKey: string) =>
    t.db.selectFrom("notifications").select("titleKey").where("userId", "=", userId).where("titleKey", "=", titleKey).execute();

  /** A member with money, in a language, and a tag in the e-mail address so a test can scope to its own. */
  async function member(tag: string, options: { name?: string; locale?: "en" | "nl" | "fr" | "es" | "de" } = {}) {
    const user = await createUser(t.db, {
      email: `${tag}-${crypto.randomUUID()}@example.com`,
      name: options.name ?? `Member ${tag}`,
      locale: options.locale,
      emailVerified: true,
    });
    await deposit(t.db, user.id, 100_000);
    return user;
  }
  function withdraw(userId: string, amountCents: number, method: "paypal" | "bank", destination: string) {
    return inTx(t.db, (tx) =>
      requestWithdrawal(tx, { userId, amountCents, method, destination, description: "Withdrawal", idempotencyKey: crypto.randomUUID() }),
    );
  }
  async function approved(userId: string, amountCents: number, method: "paypal" | "bank", destination: string) {
    const { transaction } = await withdraw(userId, amountCents, method, destination);
    await inTx(t.db, (tx) => approveWithdrawal(tx, { transactionId: transaction.id, adminId: actor.id }));
    return transaction.id;
  }
  const auditOf = (action: string) => t.db.selectFrom("auditLog").selectAll().where("action", "=", action).orderBy("createdAt").execute();
  const stateOf = async (id: string) =>
    await t.db
      .selectFrom("withdrawals")
      .select(["state", "payoutReference", "batchId"])
      .where("transactionId", "=", id)
      .executeTakeFirstOrThrow();

  it("approves the selected pending withdrawals together, with one audit row; others are left alone", async () => {
    const user = await member("select");
    const a = (await withdraw(user.id, 1_000, "paypal", "select@example.com")).transaction.id;
    const b = (await withdraw(user.id, 2_000, "paypal", "select@example.com")).transaction.id;
    const c = await approved(user.id, 3_000, "paypal", "select@example.com");
    const before = (await auditOf("withdrawal.approvedSelected")).length;
    const result = await inTx(t.db, (tx) => approveWithdrawals(tx, { actor, transactionIds: [a, b, c, a, crypto.randomUUID()] }));
    expect(result.approved.sort()).toEqual([a, b].sort());
    expect(result.skipped).toHaveLength(2);
    expect((await stateOf(a)).state).toBe("processing");
    expect((await stateOf(b)).state).toBe("processing");
    const rows = await auditOf("withdrawal.approvedSelected");
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ actorId: actor.id, clientAddress: "198.18.0.7", subject: "withdrawals" });
    expect(JSON.parse(row.before!)).toEqual({ state: "pending" });
    expect(JSON.parse(row.after!)).toEqual({ state: "processing" });
    expect(JSON.parse(row.details)).toMatchObject({ count: 2, totalCents: 3_000 });
    // Nothing pending left among them: no change, no audit row.
    expect((await inTx(t.db, (tx) => approveWithdrawals(tx, { actor, transactionIds: [a, b] }))).approved).toEqual([]);
    expect(await auditOf("withdrawal.approvedSelected")).toHaveLength(before + 1);
    const notifications = await noticesTitled(user.id, "events.withdrawalProcessing.title");
    expect(notifications).toHaveLength(2);
  });

  it("a PayPal batch takes the processing PayPal withdrawals in scope; its CSV has PayPal's columns and adds up", async () => {
    const anna = await member("pp-scope", { name: "Anna", locale: "nl" });
    const ben = await member("pp-scope", { name: "Ben" });
    const other = await member("pp-other");
    const ids = [
      await approved(anna.id, 1_250, "paypal", "anna@example.com"),
      await approved(ben.id, 4_000, "paypal", "ben@example.com"),
      await approved(anna.id, 1_000, "paypal", "anna@example.com"),
    ];
    const pending = (await withdraw(anna.id, 1_500, "paypal", "anna@example.com")).transaction.id;
    const bank = await approved(ben.id, 2_000, "bank", "NL91ABNA0417164300");
    const outside = await approved(other.id, 7_700, "paypal", "other@example.com");

    expect((await batchCandidates(t.db, { email: "pp-scope-" })).paypal).toEqual({ count: 3, totalCents: 6_250 });
    const batch = await inTx(t.db, (tx) => createPayoutBatch(tx, { actor, method: "paypal", scope: { email: "PP-SCOPE-" } }));
    expect(batch).toMatchObject({
      method: "paypal",
      state: "open",
      currency: "USD",
      itemCount: 3,
      totalCents: 6_250,
      payoutReference: null,
    });
    for (const id of ids) expect((await stateOf(id)).batchId).toBe(batch.id);
    for (const id of [pending, bank, outside]) expect((await stateOf(id)).batchId).toBeNull();
    // Nothing left to batch in that scope.
    await expect(
      inTx(t.db, (tx) => createPayoutBatch(tx, { actor, method: "paypal", scope: { email: "pp-scope-" } })),
    ).rejects.toMatchObject({ code: "empty" });

    const file = (await payoutBatchFile(t.db, batch.id))!;
    expect(file.contentType).toMatch(/^text\/csv/);
    expect(file.fileName).toMatch(/^paypal-payouts-\d{4}-\d{2}-\d{2}-CWB[0-9A-Z]+\.csv$/);
    const rows = parseCsv(file.body) as string[][];
    // No header row: PayPal reads every line as a payout.
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toHaveLength(6);
      const [email, amount, currency, customerId, note, wallet] = row as [string, string, string, string, string, string];
      expect(email).toMatch(/@example\.com$/);
      expect(amount).toMatch(/^\d+\.\d{2}$/);
      expect(currency).toBe("USD");
      expect(customerId).toMatch(/^CW[0-9A-Z]{25}$/);
      expect(customerId.length).toBeLessThanOrEqual(30);
      expect(note.length).toBeGreaterThan(0);
      expect(wallet).toBe("PAYPAL");
    }
    expect(rows.map((row) => row[3])).toEqual(ids.map(payoutItemReference));
    expect(rows.map((row) => row[0])).toEqual(["anna@example.com", "ben@example.com", "anna@example.com"]);
    expect(rows.reduce((sum, row) => sum + cents(row[1]!), 0)).toBe(batch.totalCents);
    // The note is in each member's language.
    expect(rows[0]![4]).toBe("Je uitbetaling van Cashwise");
    expect(rows[1]![4]).toBe("Your withdrawal from Cashwise");

    const created = (await auditOf("payoutBatch.created")).filter((row) => row.subject === `payout-batch:${batch.id}`);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actorId: actor.id, clientAddress: "198.18.0.7" });
    expect(JSON.parse(created[0]!.after!)).toMatchObject({ state: "open", method: "paypal", itemCount: 3, totalCents: 6_250 });
    await expectBooksBalance(t.db);
  });

  it("a bank batch's pain.001.001.03 validates against the XSD; amounts and CtrlSum add up; bank payouts are in USD, not EUR", async () => {
    const jose = await member("bank-scope", { name: "José Müller", locale: "de" });
    const li = await member("bank-scope", { name: "李小龙" });
    const ids = [
      await approved(jose.id, 12_345, "bank", "DE89 3704 0044 0532 0130 00"),
      await approved(li.id, 1_099, "bank", "NL91ABNA0417164300"),
    ];
    const batch = await inTx(t.db, (tx) => createPayoutBatch(tx, { actor, method: "bank", scope: { email: "bank-scope-" } }));
    expect(batch).toMatchObject({ itemCount: 2, totalCents: 13_444 });
    const file = (await payoutBatchFile(t.db, batch.id, new Date("2026-11-23T09:30:00Z")))!;
    expect(file.contentType).toMatch(/^application\/xml/);
    expect(file.fileName).toMatch(/^credit-transfer-\d{4}-\d{2}-\d{2}-CWB[0-9A-Z]+\.xml$/);
    const xml = file.body;
    expect(await validatePain001(xml)).toMatchObject({ valid: true, errors: [] });

    expect(texts(xml, "MsgId")).toEqual([batch.reference]);
    expect(texts(xml, "CreDtTm")).toEqual(["2026-11-23T09:30:00"]);
    expect(texts(xml, "ReqdExctnDt")).toEqual(["2026-11-23"]);
    expect(texts(xml, "NbOfTxs")).toEqual(["2", "2"]);
    const amounts = texts(xml, "InstdAmt");
    expect(amounts).toEqual(["123.45", "10.99"]);
    const sum = amounts.reduce((total, amount) => total + cents(amount), 0);
    expect(sum).toBe(batch.totalCents);
    expect(texts(xml, "CtrlSum").map(cents)).toEqual([sum, sum]);
    expect(texts(xml, "PmtMtd")).toEqual(["TRF"]);
    expect(texts(xml, "EndToEndId")).toEqual(ids.map(payoutItemReference));
    // The debtor comes from the configuration (the sandbox account outside production).
    expect(texts(xml, "IBAN")).toEqual(["NL91ABNA0417164300", "DE89370400440532013000", "NL91ABNA0417164300"]);
    expect(texts(xml, "BIC")).toEqual(["ABNANL2A"]);
    expect(texts(xml, "Nm")).toEqual(["Cashwise Sandbox", "Cashwise Sandbox", "Jose Muller", sepaText(li.email, 70)]);
    expect(texts(xml, "Ustrd")).toEqual(["Ihre Auszahlung von Cashwise", "Your withdrawal from Cashwise"]);
    // The ledger is in USD: the file says so instead of calling dollars euros, and is no SEPA transfer.
    expect(xml.match(/Ccy="([A-Z]{3})"/g)).toEqual(['Ccy="USD"', 'Ccy="USD"']);
    expect(xml).not.toContain("<Cd>SEPA</Cd>");
    expect(xml).toMatch(/<!-- Amounts are in USD/);
  });

  it("marks a batch paid once: every withdrawal settled with the reference, the second time changes nothing", async () => {
    const user = await member("pay-twice");
    const ids = [
      await approved(user.id, 5_000, "paypal", "twice@example.com"),
      await approved(user.id, 2_500, "paypal", "twice@example.com"),
    ];
    const batch = await inTx(t.db, (tx) => createPayoutBatch(tx, { actor, method: "paypal", scope: { email: "pay-twice-" } }));
    const before = await getBalances(t.db, user.id);
    expect(before.withdrawalsInProgressCents).toBe(7_500);
    const payoutsBefore = await balanceFromPostings(t.db, "platform:payouts");

    const first = await inTx(t.db, (tx) => payPayoutBatch(tx, { actor, batchId: batch.id, payoutReference: "PP-BATCH-1" }));
    expect(first).toEqual({ replayed: false, paid: 2 });
    const second = await inTx(t.db, (tx) => payPayoutBatch(tx, { actor, batchId: batch.id, payoutReference: "PP-BATCH-2" }));
    expect(second).toEqual({ replayed: true, paid: 0 });

    for (const id of ids) expect(await stateOf(id)).toEqual({ state: "paid", payoutReference: "PP-BATCH-1", batchId: batch.id });
    const transactions = await t.db.selectFrom("transactions").select(["id", "status"]).where("id", "in", ids).execute();
    expect(transactions.map((row) => row.status)).toEqual(["completed", "completed"]);
    // One settlement entry each ("withdrawal paid"), not two.
    const entries = await t.db
      .selectFrom("ledgerEntries")
      .select(["transactionId", "memo"])
      .where("transactionId", "in", ids)
      .where("memo", "=", "withdrawal paid")
      .execute();
    expect(entries).toHaveLength(2);
    const after = await getBalances(t.db, user.id);
    expect(after.withdrawalsInProgressCents).toBe(0);
    expect(after.availableCents).toBe(before.availableCents);
    expect((await balanceFromPostings(t.db, "platform:payouts")) - payoutsBefore).toBe(7_500);
    const paidRows = (await auditOf("payoutBatch.paid")).filter((row) => row.subject === `payout-batch:${batch.id}`);
    expect(paidRows).toHaveLength(1);
    expect(JSON.parse(paidRows[0]!.before!)).toEqual({ state: "open" });
    expect(JSON.parse(paidRows[0]!.after!)).toEqual({ state: "paid", payoutReference: "PP-BATCH-1" });
    expect(JSON.parse(paidRows[0]!.details)).toMatchObject({ paidCount: 2, paidCents: 7_500 });
    const paidNotices = await noticesTitled(user.id, "events.withdrawalPaid.title");
    expect(paidNotices).toHaveLength(2);
    expect(
      await t.db.selectFrom("payoutBatches").select(["state", "payoutReference"]).where("id", "=", batch.id).executeTakeFirst(),
    ).toEqual({ state: "paid", payoutReference: "PP-BATCH-1" });
    // A paid batch's file can still be downloaded (for the records); it cannot be cancelled.
    expect(await payoutBatchFile(t.db, batch.id)).toBeDefined();
    await expect(inTx(t.db, (tx) => cancelPayoutBatch(tx, { actor, batchId: batch.id }))).rejects.toMatchObject({ code: "not_open" });
    await expectBooksBalance(t.db);
  });

  it("a batched withdrawal is paid or released with its batch only; cancelling puts it back in the queue", async () => {
    const user = await member("cancel");
    const id = await approved(user.id, 3_300, "paypal", "cancel@example.com");
    const batch = await inTx(t.db, (tx) => createPayoutBatch(tx, { actor, method: "paypal", scope: { email: "cancel-" } }));
    await expect(
      inTx(t.db, (tx) => decideWithdrawal(tx, { adminId: actor.id, transactionId: id, decision: "paid", payoutReference: "SOLO" })),
    ).rejects.toBeInstanceOf(WithdrawalInBatchError);
    await expect(
      inTx(t.db, (tx) => decideWithdrawal(tx, { adminId: actor.id, transactionId: id, decision: "reject", reason: "no" })),
    ).rejects.toBeInstanceOf(WithdrawalInBatchError);
    expect((await stateOf(id)).state).toBe("processing");

    expect(await inTx(t.db, (tx) => cancelPayoutBatch(tx, { actor, batchId: batch.id }))).toEqual({ replayed: false });
    expect(await inTx(t.db, (tx) => cancelPayoutBatch(tx, { actor, batchId: batch.id }))).toEqual({ replayed: true });
    expect(await stateOf(id)).toMatchObject({ state: "processing", batchId: null });
    expect(await payoutBatchFile(t.db, batch.id)).toBeUndefined();
    await expect(inTx(t.db, (tx) => payPayoutBatch(tx, { actor, batchId: batch.id, payoutReference: "LATE" }))).rejects.toBeInstanceOf(
      PayoutBatchError,
    );
    await expect(
      inTx(t.db, (tx) => payPayoutBatch(tx, { actor, batchId: crypto.randomUUID(), payoutReference: "NONE" })),
    ).rejects.toMatchObject({ code: "not_found" });
    expect((await auditOf("payoutBatch.cancelled")).filter((row) => row.subject === `payout-batch:${batch.id}`)).toHaveLength(1);

    // Released, it can be paid on its own again, with its audit row naming the client address.
    await inTx(t.db, (tx) =>
      decideWithdrawal(tx, {
        adminId: actor.id,
        clientAddress: "198.18.0.9",
        transactionId: id,
        decision: "paid",
        payoutReference: "SOLO-1",
      }),
    );
    const solo = await t.db
      .selectFrom("auditLog")
      .selectAll()
      .where("subject", "=", `withdrawal:${id}`)
      .where("action", "=", "withdrawal.paid")
      .execute();
    expect(solo).toHaveLength(1);
    expect(solo[0]).toMatchObject({ clientAddress: "198.18.0.9" });
    expect(JSON.parse(solo[0]!.before!)).toEqual({ state: "processing" });
    expect(JSON.parse(solo[0]!.after!)).toEqual({ state: "paid", payoutReference: "SOLO-1" });
    await expectBooksBalance(t.db);
  });

  it("a batch being made and a single decision at the same moment: never both", async () => {
    for (let round = 0; round < 4; round++) {
      const user = await member(`race${round}`);
      const id = await approved(user.id, 1_000 + round, "paypal", "race@example.com");
      const [batch, single] = await Promise.allSettled([
        inTx(t.db, (tx) => createPayoutBatch(tx, { actor, method: "paypal", scope: { email: `race${round}-` } })),
        inTx(t.db, (tx) =>
          decideWithdrawal(tx, { adminId: actor.id, transactionId: id, decision: "paid", payoutReference: `RACE-${round}` }),
        ),
      ]);
      const state = await stateOf(id);
      if (state.state === "paid") {
        expect(single.status).toBe("fulfilled");
        expect(state.batchId).toBeNull();
        expect(batch.status).toBe("rejected");
      } else {
        expect(state).toMatchObject({ state: "processing" });
        expect(state.batchId).not.toBeNull();
        expect(single.status === "rejected" && single.reason).toBeInstanceOf(WithdrawalInBatchError);
      }
    }
    await expectBooksBalance(t.db);
  });

  it("the desk filters by state, method, e-mail, dates and batch, and pages", async () => {
    const user = await member("desk-filter");
    const paypal = (await withdraw(user.id, 1_100, "paypal", "f@example.com")).transaction.id;
    const bank = (await withdraw(user.id, 1_200, "bank", "NL91ABNA0417164300")).transaction.id;
    const scope = { email: "DESK-FILTER-" };
    expect((await listWithdrawals(t.db, scope)).items.map((item) => item.id)).toEqual([paypal, bank]);
    expect((await listWithdrawals(t.db, { ...scope, method: "bank" })).items.map((item) => item.id)).toEqual([bank]);
    expect((await listWithdrawals(t.db, { ...scope, states: ["paid"] })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listWithdrawals(t.db, { ...scope, from: today, to: today })).total).toBe(2);
    expect((await listWithdrawals(t.db, { ...scope, to: "2020-01-01" })).total).toBe(0);
    const paged = await listWithdrawals(t.db, { ...scope, pageSize: 1, page: 2 });
    expect(paged).toMatchObject({ page: 2, pageCount: 2, total: 2 });
    expect(paged.items.map((item) => item.id)).toEqual([bank]);
    // "%" typed in the search matches literally.
    expect((await listWithdrawals(t.db, { email: "%" })).total).toBe(0);
  });

  describe("the routes", () => {
    const get = (url: string, who: "admin" | "member" | "anonymous") =>
      new Request(`${APP}${url}`, { headers: who === "anonymous" ? {} : { Cookie: cookies[who] } });
    const post = (url: string, who: "admin" | "member" | "anonymous", body: URLSearchParams) =>
      new Request(`${APP}${url}`, {
        method: "POST",
        headers: { Origin: APP, ...(who === "anonymous" ? {} : { Cookie: cookies[who] }) },
        body,
      });

    it("refuse members (403) and send visitors to the admin sign-in, changing nothing", async () => {
      const user = await member("route-refuse");
      const id = (await withdraw(user.id, 1_000, "paypal", "r@example.com")).transaction.id;
      const params = { locale: "en" };
      const form = () =>
        new URLSearchParams([
          ["intent", "approveSelected"],
          ["transactionId", id],
        ]);
      expect((await answer(() => deskLoader({ request: get("/en/admin/withdrawals", "member"), params, context: {} }))).status).toBe(403);
      expect(
        (await answer(() => deskAction({ request: post("/en/admin/withdrawals", "member", form()), params, context: {} }))).status,
      ).toBe(403);
      expect(
        (
          await answer(() =>
            fileLoader({
              request: get(`/en/admin/withdrawals/batches/${id}/file`, "member"),
              params: { ...params, batchId: id },
              context: {},
            }),
          )
        ).status,
      ).toBe(403);
      const visitor = await answer(() => deskAction({ request: post("/en/admin/withdrawals", "anonymous", form()), params, context: {} }));
      expect(visitor.status).toBe(302);
      expect(visitor.location).toMatch(/^\/en\/admin\?redirectTo=/);
      expect((await stateOf(id)).state).toBe("pending");
    });

    it("approve selected, create a batch, download it, mark it paid: each through the desk's action", async () => {
      const user = await member("route-flow");
      const ids = [
        (await withdraw(user.id, 1_500, "paypal", "flow@example.com")).transaction.id,
        (await withdraw(user.id, 2_500, "paypal", "flow@example.com")).transaction.id,
      ];
      const params = { locale: "en" };
      const none = await answer(() =>
        deskAction({
          request: post("/en/admin/withdrawals", "admin", new URLSearchParams([["intent", "approveSelected"]])),
          params,
          context: {},
        }),
      );
      expect(none.status).toBe(400);
      expect((none.body as { id: string; result: { error: Record<string, string[]> } }).id).toBe("approve-selected");
      expect((none.body as { result: { error: Record<string, string[]> } }).result.error.transactionId).toEqual([
        "admin:withdrawals.selectNone",
      ]);

      const approve = new URLSearchParams([["intent", "approveSelected"], ...ids.map((id) => ["transactionId", id] as [string, string])]);
      expect(
        await answer(() => deskAction({ request: post("/en/admin/withdrawals?state=pending", "admin", approve), params, context: {} })),
      ).toMatchObject({ status: 302, location: "/en/admin/withdrawals?state=pending" });
      for (const id of ids) expect((await stateOf(id)).state).toBe("processing");

      const scope = user.email.slice(0, 20);
      const create = new URLSearchParams({ intent: "createBatch", method: "paypal", q: scope, from: "not-a-date" });
      expect(
        (await answer(() => deskAction({ request: post("/en/admin/withdrawals", "admin", create), params, context: {} }))).status,
      ).toBe(302);
      const batchId = (await stateOf(ids[0]!)).batchId!;
      expect(batchId).toBeTruthy();
      expect((await stateOf(ids[1]!)).batchId).toBe(batchId);

      const listed = await answer(() =>
        deskLoader({
          request: get(`/en/admin/withdrawals?state=all&batch=${batchId}&q=${encodeURIComponent(scope)}`, "admin"),
          params,
          context: {},
        }),
      );
      const body = listed.body as { withdrawals: { total: number }; batches: Array<{ id: string; state: string }> };
      expect(body.withdrawals.total).toBe(2);
      expect(body.batches.find((batch) => batch.id === batchId)).toMatchObject({ state: "open" });

      const download = await fileLoader({
        request: get(`/en/admin/withdrawals/batches/${batchId}/file`, "admin"),
        params: { ...params, batchId },
        context: {},
      });
      expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; filename="paypal-payouts-.+\.csv"$/);
      // Both requests can carry the same millisecond, so the file's order between them is not asserted here.
      expect((parseCsv(await download.text()) as string[][]).map((row) => row[1]).sort()).toEqual(["15.00", "25.00"]);
      expect(
        (
          await answer(() =>
            fileLoader({
              request: get("/en/admin/withdrawals/batches/nope/file", "admin"),
              params: { ...params, batchId: "nope" },
              context: {},
            }),
          )
        ).status,
      ).toBe(404);

      const missing = await answer(() =>
        deskAction({
          request: post("/en/admin/withdrawals", "admin", new URLSearchParams({ intent: "payBatch", batchId, payoutReference: " " })),
          params,
          context: {},
        }),
      );
      expect(missing.status).toBe(400);
      expect((missing.body as { id: string }).id).toBe(`batch-${batchId}`);
      const pay = () =>
        deskAction({
          request: post(
            "/en/admin/withdrawals",
            "admin",
            new URLSearchParams({ intent: "payBatch", batchId, payoutReference: "PAYOUTS-77" }),
          ),
          params,
          context: {},
        });
      expect((await answer(pay)).status).toBe(302);
      expect((await answer(pay)).status).toBe(302);
      for (const id of ids) expect(await stateOf(id)).toMatchObject({ state: "paid", payoutReference: "PAYOUTS-77" });
      expect((await auditOf("payoutBatch.paid")).filter((row) => row.subject === `payout-batch:${batchId}`)).toHaveLength(1);
      await expectBooksBalance(t.db);
    });
  });
});
