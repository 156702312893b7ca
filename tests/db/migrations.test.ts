import fs from "node:fs";
import path from "node:path";
import { NO_MIGRATIONS } from "kysely";
import { expect, it } from "vitest";
import { countUsers } from "~/users/users.server";
import { createMigrator, migrateToLatest } from "../../db/migrate";
import { migrations } from "../../db/migrations/index";
import { seedDemoData, DEMO_ADMIN, DEMO_PARTNER, DEMO_USER } from "../../db/seed";
import { describeEachDatabase } from "../support/databases";
import { findUserByEmail } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import { verifyLedger } from "~/wallet/verify.server";

it("lists every migration file in db/migrations/index.ts, in file-name order", () => {
  const files = fs
    .readdirSync(path.resolve("db/migrations"))
    .filter((file) => /^\d{8}_\d{4}_.+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ""))
    .sort();
  expect(Object.keys(migrations)).toEqual(files);
});

describeEachDatabase(
  "migrations",
  (t) => {
    it("migrate up from nothing, down to nothing and up again", async () => {
      const up = await migrateToLatest(t.db);
      expect(up.map((r) => r.status)).toEqual(Object.keys(migrations).map(() => "Success"));
      expect(await countUsers(t.db)).toBe(0);

      const migrator = await createMigrator(t.db);
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      await expect(countUsers(t.db)).rejects.toThrow();

      await migrateToLatest(t.db);
      expect(await migrateToLatest(t.db)).toEqual([]);
    });

    it("the migrator looks only at its own schema (another schema's migration cannot break it)", async () => {
      await migrateToLatest(t.db);
      const tables = await t.db.introspection.getTables({ withInternalKyselyTables: true });
      const names = tables.map((table) => table.name);
      expect(names).toContain("kysely_migration");
      expect(names).toContain("withdrawals");
      expect(new Set(tables.map((table) => table.schema)).size).toBe(1);
      expect(tables.find((table) => table.name === "withdrawals")?.columns.map((column) => column.name)).toContain("user_id");
    });

    it("the demo seed adds the content, the demo user and the admin, once", async () => {
      await migrateToLatest(t.db);
      const first = await seedDemoData(t.db);
      // The demo ad imports have their own test (tests/db/ads-seed.test.ts).
      expect(first.created.filter((line) => !line.startsWith("demo ad imports")).sort()).toEqual(
        [
          "5 plans",
          "30 stores",
          "30 blog articles",
          DEMO_ADMIN.email,
          DEMO_USER.email,
          "demo ledger ($2,456.78)",
          "demo referrals",
          `${DEMO_PARTNER.email} (partner with referred businesses)`,
        ].sort(),
      );
      const demo = (await findUserByEmail(t.db, DEMO_USER.email))!;
      expect(await getBalances(t.db, demo.id)).toMatchObject({
        availableCents: 245_678,
        pendingCashbackCents: 1_240,
        withdrawalsInProgressCents: 0,
        owedCents: 0,
      });
      // The history is dated in the past through the entries' effective dates, not by rewriting rows.
      const oldest = await t.db
        .selectFrom("ledgerEntries")
        .select((eb) => eb.fn.min("effectiveAt").as("first"))
        .executeTakeFirstOrThrow();
      expect(Date.now() - Date.parse(String(oldest.first))).toBeGreaterThan(100 * 86_400_000);
      expect((await verifyLedger(t.db)).problems).toEqual([]);
      expect((await findUserByEmail(t.db, DEMO_ADMIN.email))?.role).toBe("admin");
      expect((await findUserByEmail(t.db, DEMO_USER.email))?.emailVerifiedAt).not.toBeNull();
      expect((await seedDemoData(t.db)).created).toEqual([]);
    });
  },
  { migrate: false },
);
