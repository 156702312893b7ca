/**
 * The `Database` type: one interface per table, in the app's camelCase (Kysely's CamelCasePlugin
 * maps them to the snake_case columns the migrations in `db/migrations` create).
 *
 * Portable column conventions, so the same migrations and queries run on SQLite and PostgreSQL:
 * ids are text (UUIDs); timestamps are ISO-8601 UTC strings (`2026-11-21T09:30:00.000Z`), which
 * sort and compare correctly as text; money is integer cents; flags are integers 0/1.
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export const ROLES = ["user", "partner", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  role: Generated<Role>;
  locale: Generated<string>;
  emailVerifiedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Database {
  users: UsersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
