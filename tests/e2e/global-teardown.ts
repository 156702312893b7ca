/**
 * After the whole end-to-end suite (and before its server stops): `npm run ledger:verify` on the
 * server's database. Every deposit, withdrawal and cancel the suite made must have left the books
 * balanced; a difference fails the run.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { sharedEnvironment } from "./support/e2e-env";
import { DATABASE_URL_FILE } from "./support/paths";

export default function globalTeardown() {
  if (!fs.existsSync(DATABASE_URL_FILE)) return;
  const databaseUrl = fs.readFileSync(DATABASE_URL_FILE, "utf8").trim();
  const run = spawnSync("npm", ["run", "--silent", "ledger:verify"], {
    env: { ...process.env, ...sharedEnvironment(databaseUrl) },
    encoding: "utf8",
  });
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  if (run.status !== 0) throw new Error("npm run ledger:verify failed on the end-to-end database");
}
