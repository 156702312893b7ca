/** The ad suite's arrange for database suites: data imported the way the import page stores it. */
import { ensureWorkspace } from "~/ads/accounts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { generateSampleExports, type SampleOptions } from "~/ads/sample/generate";
import type { Db } from "~/db/db.server";
import { signedInMember } from "./app-database";

/** The sample exports (`app/ads/sample/generate.ts`) staged and stored into a client account, one file after the other. */
export async function importSampleExports(db: Db, ownerId: string, clientAccountId: string, options: SampleOptions): Promise<void> {
  for (const file of generateSampleExports(options)) {
    await storeImport(db, ownerId, await stageImport(db, { ownerId, clientAccountId, filename: file.filename, bytes: file.bytes }));
  }
}

/** A member signed in (`signedInMember`) with their ad workspace started: its first client account, named `account`. */
export async function signedInAdvertiser(
  db: Db,
  prefix: string,
  name: string,
  account: string,
): Promise<{ id: string; cookie: string; clientId: string }> {
  const member = await signedInMember(db, prefix, name);
  return { ...member, clientId: (await ensureWorkspace(db, member.id, account))[0]!.id };
}
