/**
 * Payout files: owns the formats of the files a payout batch is paid with (pure: no database).
 *
 * - PayPal: the PayPal Payouts bulk CSV (Payouts Web). No header row: each line is one payout,
 *   `recipient e-mail, amount, currency, customer id, note to recipient, recipient wallet`; amounts
 *   with a decimal point ("12.34"), one currency per file, at most 5,000 lines, the customer id at
 *   most 30 characters without spaces, the note at most 400 characters, the wallet `PAYPAL`.
 * - Bank: an ISO 20022 customer credit transfer initiation, `pain.001.001.03` (GrpHdr, one PmtInf
 *   with one CdtTrfTxInf per withdrawal), built with xmlbuilder2 (escaping is the library's) and
 *   checked against the official XSD by tests/db/payout-batches.test.ts.
 *
 * Currency: Cashwise's ledger keeps every amount in USD (`CURRENCY` in ledger.server.ts), so bank
 * payouts are in USD, not EUR. A SEPA credit transfer is EUR only; rather than relabel dollars as
 * euros, the file states the withdrawals' own currency. In EUR it is a SEPA credit transfer
 * (service level SEPA, charges SLEV); in any other currency it is a plain pain.001 credit transfer
 * without the SEPA service level, says so in a comment at the top, and a bank that takes only SEPA
 * files will refuse it. Members give an IBAN only (no BIC, no account holder), so the creditor is
 * named after the member's account and `CdtrAgt` appears only when a BIC is known (IBAN-only is the
 * SEPA rule since 2016).
 */
import { stringify } from "csv-stringify/sync";
import { create } from "xmlbuilder2";
import { centsToDecimalString } from "~/utils/money";

export const PAIN_001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03";
/** PayPal Payouts Web takes at most 5,000 payouts per file. */
export const PAYPAL_MAX_ROWS = 5000;

/** 1234 → "12.34": integer cents as a decimal with two places, without floating point. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return centsToDecimalString(cents);
}

/** A UUID as 25 base-36 characters (reversible; fits PayPal's 30 and ISO 20022's 35 characters). */
export function compactId(uuid: string): string {
  const hex = uuid.replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new RangeError(`not a UUID: ${uuid}`);
  return BigInt(`0x${hex}`).toString(36).toUpperCase().padStart(25, "0");
}

/** The reference a withdrawal travels under in a payout file (PayPal's customer id, the EndToEndId). */
export const payoutItemReference = (transactionId: string) => `CW${compactId(transactionId)}`;
/** The id of a batch's file (the credit transfer's MsgId and PmtInfId). */
export const batchMessageId = (batchId: string) => `CWB${compactId(batchId)}`;

/**
 * Text for a credit transfer: the EPC's Latin character set (letters, digits, space and
 * / - ? : ( ) . , ' +), accents dropped, anything else a space, at most `max` characters.
 */
export function sepaText(value: string, max: number): string {
  const text = value
    .replace(/ß/g, "ss")
    .replace(/[Ææ]/g, (c) => (c === "Æ" ? "AE" : "ae"))
    .replace(/[Øø]/g, (c) => (c === "Ø" ? "O" : "o"))
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.slice(0, max).trim();
}

export interface PaypalPayout {
  transactionId: string;
  email: string;
  amountCents: number;
  currency: string;
  /** The note to the recipient, in the member's language. */
  note: string;
}

/** The PayPal Payouts bulk CSV of the given payouts (all in one currency). */
export function paypalPayoutsCsv(payouts: PaypalPayout[]): string {
  if (payouts.length > PAYPAL_MAX_ROWS) throw new RangeError(`PayPal takes at most ${PAYPAL_MAX_ROWS} payouts per file`);
  if (new Set(payouts.map((payout) => payout.currency)).size > 1) throw new RangeError("one currency per PayPal payouts file");
  return stringify(
    payouts.map((payout) => [
      payout.email,
      centsToDecimal(payout.amountCents),
      payout.currency,
      payoutItemReference(payout.transactionId),
      payout.note.slice(0, 400),
      "PAYPAL",
    ]),
    { record_delimiter: "\r\n" },
  );
}

export interface CreditTransfer {
  /** The payout batch's id. */
  batchId: string;
  createdAt: Date;
  /** The requested execution date (YYYY-MM-DD). */
  executionDate: string;
  currency: string;
  debtor: { name: string; iban: string; bic: string };
  items: Array<{
    transactionId: string;
    amountCents: number;
    creditorName: string;
    iban: string;
    bic?: string | null;
    /** The remittance text the member sees on their statement. */
    remittance: string;
  }>;
}

/** The batch as an ISO 20022 `pain.001.001.03` credit transfer initiation (UTF-8 XML). */
export function creditTransferXml(transfer: CreditTransfer): string {
  if (transfer.items.length === 0) throw new RangeError("a credit transfer needs at least one payment");
  const sepa = transfer.currency === "EUR";
  const totalCents = transfer.items.reduce((sum, item) => sum + item.amountCents, 0);
  const messageId = batchMessageId(transfer.batchId);
  const debtorName = sepaText(transfer.debtor.name, 70) || messageId;

  const doc = create({ version: "1.0", encoding: "UTF-8" });
  if (!sepa) {
    doc.com(
      ` Amounts are in ${transfer.currency}, the currency of the payouts' ledger, not EUR: this is a pain.001.001.03 credit transfer without the SEPA service level, and a bank that takes SEPA (EUR) files only will refuse it. `,
    );
  }
  const initiation = doc.ele(PAIN_001_NAMESPACE, "Document").ele("CstmrCdtTrfInitn");
  const header = initiation.ele("GrpHdr");
  header.ele("MsgId").txt(messageId);
  header.ele("CreDtTm").txt(transfer.createdAt.toISOString().slice(0, 19));
  header.ele("NbOfTxs").txt(String(transfer.items.length));
  header.ele("CtrlSum").txt(centsToDecimal(totalCents));
  header.ele("InitgPty").ele("Nm").txt(debtorName);

  const payment = initiation.ele("PmtInf");
  payment.ele("PmtInfId").txt(messageId);
  payment.ele("PmtMtd").txt("TRF");
  payment.ele("BtchBookg").txt("true");
  payment.ele("NbOfTxs").txt(String(transfer.items.length));
  payment.ele("CtrlSum").txt(centsToDecimal(totalCents));
  if (sepa) payment.ele("PmtTpInf").ele("SvcLvl").ele("Cd").txt("SEPA");
  payment.ele("ReqdExctnDt").txt(transfer.executionDate);
  payment.ele("Dbtr").ele("Nm").txt(debtorName);
  payment.ele("DbtrAcct").ele("Id").ele("IBAN").txt(transfer.debtor.iban);
  payment.ele("DbtrAgt").ele("FinInstnId").ele("BIC").txt(transfer.debtor.bic);
  if (sepa) payment.ele("ChrgBr").txt("SLEV");

  for (const item of transfer.items) {
    const tx = payment.ele("CdtTrfTxInf");
    tx.ele("PmtId").ele("EndToEndId").txt(payoutItemReference(item.transactionId));
    tx.ele("Amt").ele("InstdAmt", { Ccy: transfer.currency }).txt(centsToDecimal(item.amountCents));
    if (item.bic) tx.ele("CdtrAgt").ele("FinInstnId").ele("BIC").txt(item.bic);
    tx.ele("Cdtr")
      .ele("Nm")
      .txt(sepaText(item.creditorName, 70) || payoutItemReference(item.transactionId));
    tx.ele("CdtrAcct").ele("Id").ele("IBAN").txt(item.iban.replace(/\s+/g, "").toUpperCase());
    const remittance = sepaText(item.remittance, 140);
    if (remittance) tx.ele("RmtInf").ele("Ustrd").txt(remittance);
  }
  return doc.end({ prettyPrint: true });
}
