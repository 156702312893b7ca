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
//
// The FAQ's answer about plans (seeded by migration 0023) said businesses pay a 10% success fee on
// results: where it still says so, it now says what the fee is (cashback only) and what paying
// during the trial does. An answer an admin rewrote is left as it is.
const FAQ_SENTENCES: Array<[string, string]> = [
  [
    "Businesses also pay a 10% success fee on results",
    "There is no success fee on the ad tools; paying during the trial adds its remaining days to your first period. The 10% success fee is on cashback only: Cashwise keeps 10% of the store's commission and you get 90%",
  ],
  [
    "Bedrijven betalen daarnaast een succesvergoeding van 10% over resultaten",
    "Op de advertentietools zit geen succesfee; betaal je tijdens de proefperiode, dan komen de resterende dagen bij je eerste periode. De succesfee van 10% geldt alleen voor cashback: Cashwise houdt 10% van de commissie van de winkel en jij krijgt 90%",
  ],
  [
    "entreprises paient en outre une commission de succès de 10 % sur les résultats",
    "outils publicitaires n'ont pas de commission de succès ; si vous payez pendant l'essai, les jours restants s'ajoutent à votre première période. La commission de succès de 10 % ne porte que sur le cashback : Cashwise garde 10 % de la commission de la boutique et vous recevez 90 %",
  ],
  [
    "Además, las empresas pagan una comisión de éxito del 10 % sobre los resultados",
    "Las herramientas publicitarias no tienen comisión de éxito; si pagas durante la prueba, los días que quedan se suman a tu primer periodo. La comisión de éxito del 10 % es solo sobre el cashback: Cashwise se queda el 10 % de la comisión de la tienda y tú recibes el 90 %",
  ],
  [
    "Unternehmen zahlen außerdem eine Erfolgsgebühr von 10 % auf Ergebnisse",
    "Auf die Werbetools gibt es keine Erfolgsgebühr; zahlen Sie während der Testphase, kommen die restlichen Tage zu Ihrem ersten Zeitraum hinzu. Die Erfolgsgebühr von 10 % gilt nur für Cashback: Cashwise behält 10 % der Provision des Shops, Sie erhalten 90 %",
  ],
];

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
  for (const [before, after] of FAQ_SENTENCES) {
    await sql`update faq_entries set answer = replace(answer, ${before}, ${after}) where answer like ${`%${before}%`}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("stores").dropColumn("cap_cents").execute();
}
