/**
 * PostgreSQL's prepared statements (app/db/prepared.server.ts): a data statement with parameters
 * is prepared once per connection and run by name; a migration from elsewhere that changes a
 * table under a prepared `select *` costs one failed transaction at most, and a statement outside
 * a transaction is run again at once.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, type Db, type Tx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createTestDatabase, testDialects } from "../support/databases";

const onPostgres = testDialects().includes("postgres") ? describe : describe.skip;

onPostgres("prepared statements [postgres]", () => {
  it("prepares a statement once per connection and runs it by name after", async () => {
    const { db, destroy } = await createTestDatabase("postgres", { migrate: false });
    try {
      await sql`create table probe (id int primary key, label text)`.execute(db);
      const prepared = await unitOfWork(db, async (tx) => {
        // One connection: the same text three times, with different values.
        for (const id of [1, 2, 3]) await sql`insert into probe (id, label) values (${id}, ${`n${id}`})`.execute(tx);
        for (const id of [1, 2]) await sql`select label from probe where id = ${id}`.execute(tx);
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements where statement like ${"%probe%"} and name like ${"cw%"}`.execute(tx);
        return rows.map((row) => row.statement).sort();
      });
      expect(prepared).toEqual(["insert into probe (id, label) values ($1, $2)", "select label from probe where id = $1"]);
      // Statements without parameters (the table's creation, begin and commit) are not prepared.
      expect(prepared.some((text) => /create|begin|commit/i.test(text))).toBe(false);
    } finally {
      await destroy();
    }
  });

  it("survives a table changed under a prepared select *: one failed transaction, a statement alone run again", async () => {
    const { db: admin, destroy } = await createTestDatabase("postgres", { migrate: false });
    // One connection, so the statement is known to be prepared on the connection that runs it next.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(admin);
    const db = createDb(
      { kind: "postgres", connectionString: process.env.TEST_DATABASE_URL! },
      { searchPath: rows[0]!.schema, poolSize: 1 },
    );
    try {
      await sql`create table probe (id int primary key, label text)`.execute(admin);
      await sql`insert into probe (id, label) values (1, 'one')`.execute(admin);
      const read = (on: Db | Tx) =>
        on
          .selectFrom("probe" as never)
          .selectAll()
          .where("id" as never, "=", 1 as never)
          .execute();
      expect(await read(db)).toEqual([{ id: 1, label: "one" }]);
      // Another process's migration changes the table.
      await sql`alter table probe add column note text default 'x'`.execute(admin);
      // Inside a transaction the prepared statement fails (PostgreSQL aborts the transaction)...
      await expect(unitOfWork(db, (tx) => read(tx))).rejects.toThrow(/cached plan must not change result type/);
      // ...once: the next one prepares it anew.
      expect(await unitOfWork(db, (tx) => read(tx))).toEqual([{ id: 1, label: "one", note: "x" }]);
      // Outside a transaction it is run again at once, unnamed.
      await sql`alter table probe add column extra int default 7`.execute(admin);
      expect(await read(db)).toEqual([{ id: 1, label: "one", note: "x", extra: 7 }]);
    } finally {
      await db.destroy();
      await destroy();
    }
  });
});
