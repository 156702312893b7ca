/**
 * Plans: owns the `plans` table, the subscriptions businesses and partners can choose
 * (price in cents, duration in days, feature codes translated by the `pricing` namespace).
 */
import type { Db } from "~/db/db.server";
import type { Plan, PlanAudience } from "~/db/schema";

/** A plan as the pages show it, its feature codes parsed. */
export type PlanView = Pick<Plan, "id" | "code" | "name" | "audience" | "priceCents" | "durationDays"> & { features: string[] };

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
