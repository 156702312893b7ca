/** Cashback helpers for end-to-end tests: direct changes to the e2e server's database. */
import fs from "node:fs";
import { DATABASE_URL_FILE } from "./paths";

/** Moves every click of an account `days` days into the past (the server's clock cannot be moved). */
export async function ageClicks(email: string, days: number): Promise<void> {
  const { default: SQLite } = await import("better-sqlite3");
  const database = new SQLite(
    fs
      .readFileSync(DATABASE_URL_FILE, "utf8")
      .trim()
      .replace(/^file:/, ""),
  );
  database
    .prepare("update clicks set created_at = ? where user_id = (select id from users where email = ?)")
    .run(new Date(Date.now() - days * 86_400_000).toISOString(), email);
  database.close();
}
