import fs from "node:fs";
import { fixedT } from "~/i18n/i18next.server";
import { receiptPdf, statementPdf, pdfLegalLine } from "~/wallet/pdf.server";
const locale = (process.argv[2] ?? "en") as "en";
const t = fixedT(locale, "wallet");
const legal = pdfLegalLine({ company: { name: "Cashwise", registration: null, safeguarding: null, isDemo: true }, companyAddress: "Herengracht 182, 1016 BR Amsterdam, The Netherlands" }, fixedT(locale, "common")("footer.legalLine.demo"));
const item = { id: "0b0e5b1e-3c1f-4d6e-9a57-2f1f4c6b8a01", userId: "u", type: "cashback", status: "completed", direction: "credit", amountCents: 123450, currency: "USD", description: "Cashback for order 中文订单 مرحبا بالعالم at a store with a rather long description that wraps over more than one line", merchant: "上海商店", orderId: "ORDER-2024-05-000123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789", metadata: {}, createdAt: "2024-05-01T10:00:00.000Z", updatedAt: "2024-05-01T10:00:00.000Z" } as any;
const owner = { name: process.env.LONG ? "Maximiliana Alexandrina von Hohenzollern-Sigmaringen-Württemberg 中文 العربية" : "Zoë 中文 العربية", email: process.env.LONG ? "maximiliana.alexandrina.hohenzollern@a-very-long-domain-name.example.com" : "zoe@example.com" };
fs.writeFileSync("/tmp/receipt.pdf", await receiptPdf(item, owner, t, locale, legal));
const merchants = ["Bol.com", "上海商店", "Café Zoë", null, "Zalando", "متجر الرياض"];
const types = ["cashback", "withdrawal", "deposit", "referral", "purchase"];
let bal = 50000; const lines = [];
for (let i = 0; i < 70; i++) {
  const amt = i % 3 === 0 ? -(1000 + i * 37) : 500 + i * 113;
  bal += amt;
  lines.push({ entryId: `e${i}`, transaction: { ...item, type: types[i % 5], merchant: merchants[i % 6], description: i % 7 === 0 ? "A longer description of this movement that will need two lines in the column" : `Order #${1000 + i}` }, effectiveAt: `2024-05-${String(1 + (i % 30)).padStart(2, "0")}T10:00:00.000Z`, memo: "", amountCents: amt, balanceCents: bal });
}
fs.writeFileSync("/tmp/statement.pdf", await statementPdf({ owner, month: "2024-05", statement: { openingCents: 50000, closingCents: bal, lines } as any }, t, locale, legal));
