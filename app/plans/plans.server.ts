/**
 * Plans: owns the `plans` table, the subscriptions businesses and partners can choose
 * (price in cents, duration in days, feature codes translated by the `pricing` namespace).
 */
import type { Db } from "~/db/db.server";
import type { PlanAudience } from "~/db/schema";

export interface PlanView {
  id: string;
  code: string;
  name: string;
  audience: PlanAudience;
  priceCents: number;
  durationDays: number;
  features: string[];
}

export async function listActivePlans(db: Db, audience?: PlanAudience): Promise<PlanView[]> {
  let query = db.selectFrom("plans").selectAll().where("active", "=", 1);
  if (audience) query = query.where("audience", "=", audience);
  const rows = await query.orderBy("audience").orderBy("sortOrder").execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    audience: row.audience,
    priceCents: row.priceCents,
    durationDays: row.durationDays,
    features: JSON.parse(row.features) as string[],
  }));
}
