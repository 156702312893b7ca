/** The seeded plans for database suites that subscribe members (the demo seed's own list). */
import { randomUUID } from "node:crypto";
import type { Db } from "~/db/db.server";
import { SEED_PLANS } from "../../db/seed-data/plans";

/** Inserts the seed's plans, once per database. */
export async function seedPlans(db: Db): Promise<void> {
  if (await db.selectFrom("plans").select("id").executeTakeFirst()) return;
  await db
    .insertInto("plans")
    .values(
      SEED_PLANS.map((plan, i) => ({
        id: randomUUID(),
        code: plan.code,
        name: plan.name,
        audience: plan.audience,
        priceCents: plan.priceCents,
        durationDays: plan.durationDays,
        features: JSON.stringify(plan.features),
        sortOrder: i,
        createdAt: new Date().toISOString(),
      })),
    )
    .execute();
}

/** The id of the plan `code` (seeding the plans first when there are none). */
export async function planId(db: Db, code: string): Promise<string> {
  await seedPlans(db);
  return (await db.selectFrom("plans").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
}
