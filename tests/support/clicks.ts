/** Store visits for database suites: a member's "Shop now", recorded as the click-out route records it. */
import { clickOut } from "~/cashback/clicks.server";
import type { Db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { DAY_MS } from "./time";

/** A person's browser, which isbot does not call a bot (its clicks are credited). */
export const PERSON_BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** `userId`'s visit to the store `slug` (now, or `daysAgo` days ago), from a person's browser: its click id. */
export async function visitStore(
  db: Db,
  userId: string,
  slug: string,
  options: { daysAgo?: number; clientAddress?: string; userAgent?: string; secret?: string; appUrl?: string } = {},
): Promise<string> {
  const result = await unitOfWork(db, (tx) =>
    clickOut(tx, {
      userId,
      slug,
      clientAddress: options.clientAddress ?? "203.0.113.7",
      userAgent: options.userAgent ?? PERSON_BROWSER,
      secret: options.secret ?? "test-secret-0123456789-0123456789",
      appUrl: new URL(options.appUrl ?? "http://localhost:3000"),
      sandboxAllowed: true,
      ...(options.daysAgo === undefined ? {} : { now: new Date(Date.now() - options.daysAgo * DAY_MS).toISOString() }),
    }),
  );
  if (result.outcome !== "redirect") throw new Error(result.outcome);
  return result.clickId;
}
