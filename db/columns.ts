/**
 * The columns most tables share, for the migrations: a text primary key `id`, `created_at` and
 * `updated_at` (ISO timestamps as text), and the owner `user_id` (deleted with the user). Migrations
 * that have run use these, so what they build must never change: a new shape is a new helper.
 */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";

export const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

/** `create table <name> (id text primary key, …)`: continue with the table's own columns. */
export const entityTable = (db: Kysely<any>, name: string) =>
  db.schema.createTable(name).addColumn("id", "text", (col) => col.primaryKey());

export const idColumn = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table.addColumn("id", "text", (col) => col.primaryKey());

export const createdAt = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table.addColumn("created_at", "text", notNull);

export const updatedAt = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table.addColumn("updated_at", "text", notNull);

export const userColumn = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table.addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"));
