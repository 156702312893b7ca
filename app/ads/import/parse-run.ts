/**
 * Reading one uploaded export as the parse worker does (app/ads/import/parse-worker.ts): the rows
 * up to the limit, progress every few thousand rows, the rows in gzip'd batches of packed rows, then
 * the preview; or the parser's problem. Sends messages, never touches the database.
 */
import { gzipSync } from "node:zlib";
import { threadId } from "node:worker_threads";
import { parseAdsExport } from "./read.server";
import { packRows, summarize } from "./summary";
import { AdsImportError } from "./types";
import type { WorkerInput, WorkerMessage } from "./worker-protocol";

export async function runParse(input: WorkerInput, send: (message: WorkerMessage, transfer?: ArrayBuffer[]) => void): Promise<void> {
  try {
    const bytes = new Uint8Array(input.bytes);
    const parsed = await parseAdsExport(bytes, {
      maxRows: input.maxRows,
      limitCode: input.limitCode,
      onProgress: (rows, share) => send({ type: "progress", rows, bytes: Math.round(share * bytes.byteLength) }),
    });
    for (let i = 0, part = 0; i < parsed.rows.length; i += input.batchRows, part++) {
      // The fastest level: the batches live only until the import is stored (a quarter larger, a third of the time).
      const data = gzipSync(packRows(parsed.rows.slice(i, i + input.batchRows)), { level: 1 });
      const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
      send({ type: "batch", part, rows: Math.min(input.batchRows, parsed.rows.length - i), data: buffer }, [buffer]);
    }
    send({ type: "done", summary: summarize(parsed), threadId });
  } catch (error) {
    if (error instanceof AdsImportError) send({ type: "problem", code: error.code, params: error.params, threadId });
    else send({ type: "crash", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
