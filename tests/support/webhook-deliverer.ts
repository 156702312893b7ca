/**
 * A webhook deliverer in a process of its own, for crash tests: connects to a test database and
 * applies a JSON list of payment events one by one, each in its own unit of work, exactly as the
 * webhook route does. It prints `ready <pid> <count>` first (its own pid: `npx tsx` runs it under
 * wrapper processes), then after each commit `applied <index> <eventId> <outcome>`, so the parent
 * knows what is durable and can `kill -9` it part-way.
 *
 *   npx tsx tests/support/webhook-deliverer.ts --events events.json --sqlite /tmp/x.db
 *   npx tsx tests/support/webhook-deliverer.ts --events events.json --postgres postgres://… --schema t_abc
 *
 * Options: `--provider <name>` (default sandbox), `--delay-ms <n>` (pause between events),
 * `--stall-at <index>` (apply that event, print `stalled <index> <eventId>`, and wait inside its
 * still-open transaction: a kill then lands mid-transaction for certain).
 */
import fs from "node:fs";
import { createDb } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { applyPaymentEvent, type PaymentEvent } from "~/wallet/payments.server";

const DELIVERER_TEXTS = { deposit: "Wallet top-up", refund: "Top-up refunded", dispute: "Top-up disputed" };

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function write(line: string): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdout.write(`${line}\n`)) resolve();
    else process.stdout.once("drain", () => resolve());
  });
}

async function main(): Promise<void> {
  const eventsFile = option("events");
  const sqliteFile = option("sqlite");
  const postgresUrl = option("postgres");
  const provider = option("provider") ?? "sandbox";
  const delayMs = Number(option("delay-ms") ?? 0);
  const stallAt = option("stall-at") === undefined ? -1 : Number(option("stall-at"));
  if (!eventsFile || (!sqliteFile && !postgresUrl)) {
    throw new Error("usage: webhook-deliverer --events <file.json> (--sqlite <file> | --postgres <url> [--schema <name>])");
  }
  const events = JSON.parse(fs.readFileSync(eventsFile, "utf8")) as PaymentEvent[];
  const db = sqliteFile
    ? createDb({ kind: "sqlite", filename: sqliteFile })
    : createDb({ kind: "postgres", connectionString: postgresUrl! }, { searchPath: option("schema"), poolSize: 2 });
  try {
    await write(`ready ${process.pid} ${events.length}`);
    for (const [index, event] of events.entries()) {
      const outcome = await unitOfWork(db, async (tx) => {
        const applied = await applyPaymentEvent(tx, provider, event, DELIVERER_TEXTS);
        if (index === stallAt) {
          // Applied but not committed: wait here (holding the transaction's locks) to be killed.
          await write(`stalled ${index} ${event.eventId}`);
          await new Promise((resolve) => setTimeout(resolve, 60_000));
        }
        return applied;
      });
      await write(`applied ${index} ${event.eventId} ${outcome}`);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    await write("done");
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
