import { sql, type Kysely } from "kysely";

// Pricing that keeps its word (#24): the member receives 90% of every commission and Cashwise
// keeps the 10% success fee, at every store (app/cashback/fee.ts).
//
// A store's rates were what the member got (the network's commission times a member share: the
// store's own, else the admin setting, 75% by default); they are now what the network pays, and
// the pages show 90% of it. Each store's rates are grossed up by the share they were shown at, so
// the network's commission they stand for is unchanged. The per-store share column is emptied (a
// conversion keeps the share it was credited at) and the setting's row removed.
//
// A store's cashback terms gain a cap: the most commission the store pays on one order (cents;
// null: no cap), shown to members as 90% of it beside the exclusions and the confirmation time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("stores").addColumn("cap_cents", "integer").execute();
  // Raw SQL with one-word aliases: the same on either dialect, with or without the camel-case plugin.
  const setting = (await sql<{ value: string }>`select value from settings where key = 'cashbackUserShareBps'`.execute(db)).rows[0];
  const parsed = setting ? Number(JSON.parse(String(setting.value))) : NaN;
  const platformShare = Number.isInteger(parsed) && parsed > 0 && parsed <= 10_000 ? parsed : 7_500;
  const stores = (
    await sql<{ id: string; rate: number; newrate: number | null; fixed: number | null; categories: string | null; share: number | null }>`
      select id, cashback_rate_bps as rate, new_customer_rate_bps as newrate, rate_fixed_cents as fixed,
        category_rates as categories, user_share_bps as share from stores`.execute(db)
  ).rows;
  for (const store of stores) {
    const share = Number(store.share) > 0 ? Number(store.share) : platformShare;
    const gross = (value: number) => Math.round((Number(value) * 10_000) / share);
    const bps = (value: number) => Math.min(10_000, gross(value));
    let categories: string | null = store.categories ?? null;
    try {
      const list = categories ? (JSON.parse(categories) as unknown) : null;
      if (Array.isArray(list))
        categories = JSON.stringify(
          list.map((rule) =>
            rule && typeof rule === "object" && typeof rule.rateBps === "number" ? { ...rule, rateBps: bps(rule.rateBps) } : rule,
          ),
        );
    } catch {
      // not JSON: left as it is (the pages ignore it)
    }
    const rate = bps(store.rate);
    const newrate = store.newrate === null ? null : bps(store.newrate);
    const fixed = store.fixed === null ? null : gross(store.fixed);
    await sql`update stores set cashback_rate_bps = ${rate}, new_customer_rate_bps = ${newrate}, rate_fixed_cents = ${fixed},
      category_rates = ${categories}, user_share_bps = null where id = ${store.id}`.execute(db);
  }
  await sql`delete from settings where key = 'cashbackUserShareBps'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("stores").dropColumn("cap_cents").execute();
}
