/** The seeded plans for database suites that subscribe members (the demo seed's own list). */
import type { Db } from "~/db/db.server";
import { seedPlans } from "../../db/seed";

/** The id of the plan `code` (seeding the plans first when there are none). */
export async function planId(db: Db, code: string): Promise<string> {
  await seedPlans(db);
  return (await db.selectFrom("plans").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
}
