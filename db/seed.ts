/**
 * Demo data for the embedded database: a demo user and an administrator with known passwords
 * (listed in the README), so a fresh `npm start` has accounts to try. Idempotent: running it
 * again changes nothing. Later milestones add their own demo rows here (stores, ledger entries).
 */
import type { Db } from "../app/db/db.server";
import { createUser, ensureAdmin, findUserByEmail } from "../app/users/users.server";

export const DEMO_USER = { email: "demo@cashwise.test", password: "Demo-pass-1!", name: "Alex Morgan" };
export const DEMO_ADMIN = { email: "admin@cashwise.test", password: "Admin-pass-1!", name: "Cashwise Admin" };

export async function seedDemoData(db: Db): Promise<{ created: string[] }> {
  const created: string[] = [];
  if (!(await findUserByEmail(db, DEMO_USER.email))) {
    await createUser(db, { ...DEMO_USER, role: "user", emailVerified: true });
    created.push(DEMO_USER.email);
  }
  const admin = await ensureAdmin(db, DEMO_ADMIN);
  if (admin.outcome === "created") created.push(DEMO_ADMIN.email);
  return { created };
}
