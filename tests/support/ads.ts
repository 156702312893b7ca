/** The ad suite's arrange for database suites: data imported the way the import page stores it. */
import { stageImport, storeImport } from "~/ads/imports.server";
import { generateSampleExports, type SampleOptions } from "~/ads/sample/generate";
import type { Db } from "~/db/db.server";

/** The sample exports (`app/ads/sample/generate.ts`) staged and stored into a client account, one file after the other. */
export async function importSampleExports(db: Db, ownerId: string, clientAccountId: string, options: SampleOptions): Promise<void> {
  for (const file of generateSampleExports(options)) {
    await storeImport(db, ownerId, await stageImport(db, { ownerId, clientAccountId, filename: file.filename, bytes: file.bytes }));
  }
}
