import type { Kysely } from "kysely";
import { replaceCheckValues } from "../check-constraint";

// The back office's manual balance adjustments: a ledger transaction of its own type, `adjustment`
// (a credit from, or a debit to, the platform's `adjustments` account, with the admin's reason).
// The transaction types are a CHECK constraint, replaced (on SQLite by rebuilding `transactions`:
// db/check-constraint.ts).
const TYPES = ["cashback", "withdrawal", "referral", "affiliate", "purchase", "deposit"];
const WITH_ADJUSTMENT = [...TYPES, "adjustment"];
const CHECK = { table: "transactions", column: "type", constraint: "transactions_type_check" };

export async function up(db: Kysely<any>): Promise<void> {
  await replaceCheckValues(db, { ...CHECK, from: TYPES, to: WITH_ADJUSTMENT });
}

export async function down(db: Kysely<any>): Promise<void> {
  // Refused (by the constraint) while adjustments exist: ledger rows are never deleted.
  await replaceCheckValues(db, { ...CHECK, from: WITH_ADJUSTMENT, to: TYPES });
}
