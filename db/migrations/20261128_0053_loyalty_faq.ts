import type { Kysely } from "kysely";
import { LOYALTY_FAQ, loyaltyFaqId } from "../seed-data/faq-loyalty";

// The FAQ explains the loyalty scheme (#29): four questions per locale in a new `loyalty` category
// (how points work, what the levels give, redeeming, expiry), published. Stable ids, and an id
// already there is left alone, so running it twice or after an admin added the same entry changes
// nothing; admins edit them at /admin/content/faq from then on.
export async function up(db: Kysely<any>): Promise<void> {
  const timestamp = new Date().toISOString();
  for (const [locale, entries] of Object.entries(LOYALTY_FAQ)) {
    await db
      .insertInto("faq_entries")
      .values(
        entries.map((entry, index) => ({
          id: loyaltyFaqId(locale, index),
          locale,
          category: "loyalty",
          question: entry.question,
          answer: entry.answer,
          position: index,
          published: 1,
          created_at: timestamp,
          updated_at: timestamp,
        })),
      )
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const ids = Object.entries(LOYALTY_FAQ).flatMap(([locale, entries]) => entries.map((_, index) => loyaltyFaqId(locale, index)));
  await db.deleteFrom("faq_entries").where("id", "in", ids).execute();
}
