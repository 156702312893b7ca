/**
 * Running the ad import's parse worker: owns starting one `worker_threads` thread per file
 * (app/ads/import/parse-worker.mjs, found beside this module in vitest and tsx, or under the
 * working directory's app/ from the bundled server build), handing it the bytes, passing its
 * messages on in order (each handler awaited before the next message) and ending the thread.
 * The thread's memory goes with it when the file is read. A file of at most 16 KB (`HEAD_BYTES`:
 * what the upload's check already read in the request) is read in this thread, without one.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { runParse } from "./parse-run";
import { HEAD_BYTES } from "./read.server";
import type { ImportSummary } from "./summary";
import { AdsImportError } from "./types";
import type { WorkerInput, WorkerMessage } from "./worker-protocol";

function workerFile(): string {
  const candidates = [fileURLToPath(new URL("./parse-worker.mjs", import.meta.url)), path.resolve("app/ads/import/parse-worker.mjs")];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`the ad import's parse worker is missing (looked at ${candidates.join(", ")})`);
  return found;
}

export interface ParseHandlers {
  onProgress(rows: number, bytes: number): Promise<void>;
  onBatch(part: number, rows: number, data: Buffer): Promise<void>;
}

/**
 * Reads `bytes` in a worker thread. Resolves with the preview (and the thread that read it) when
 * every batch was handled; rejects with the `AdsImportError` of a file that is not a supported
 * export (or passes `maxRows`), or an `Error` when the thread failed.
 */
export function parseInWorker(
  bytes: Uint8Array,
  options: Omit<WorkerInput, "bytes">,
  handlers: ParseHandlers,
): Promise<{ summary: ImportSummary; threadId: number }> {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const input: WorkerInput = { ...options, bytes: copy.buffer };
  if (bytes.byteLength <= HEAD_BYTES) return parseHere(input, handlers);
  const worker = new Worker(workerFile(), { workerData: input, transferList: [copy.buffer] });
  return new Promise((resolve, reject) => {
    let queue = Promise.resolve();
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      outcome();
    };
    worker.on("message", (message: WorkerMessage) => {
      queue = queue.then(async () => {
        if (settled) return;
        switch (message.type) {
          case "progress":
            return handlers.onProgress(message.rows, message.bytes);
          case "batch":
            return handlers.onBatch(message.part, message.rows, Buffer.from(message.data));
          case "done":
            return finish(() => resolve({ summary: message.summary, threadId: message.threadId }));
          case "problem":
            return finish(() => reject(new AdsImportError(message.code, message.params)));
          case "crash":
            return finish(() => reject(new Error(`the parse worker failed: ${message.message}`)));
        }
      });
      queue.catch((error: unknown) => finish(() => reject(error)));
    });
    worker.once("error", (error) => finish(() => reject(error)));
    worker.once("exit", (code) => {
      // Messages sent before the exit are still handled (they are queued).
      void queue.then(() => finish(() => reject(new Error(`the parse worker stopped (exit code ${code})`))));
    });
  });
}

/** A small file read in this thread, with the same messages as the worker sends. */
async function parseHere(input: WorkerInput, handlers: ParseHandlers): Promise<{ summary: ImportSummary; threadId: number }> {
  const messages: WorkerMessage[] = [];
  await runParse(input, (message) => messages.push(message));
  for (const message of messages) {
    switch (message.type) {
      case "progress":
        await handlers.onProgress(message.rows, message.bytes);
        break;
      case "batch":
        await handlers.onBatch(message.part, message.rows, Buffer.from(message.data));
        break;
      case "done":
        return { summary: message.summary, threadId: message.threadId };
      case "problem":
        throw new AdsImportError(message.code, message.params);
      case "crash":
        throw new Error(`the ad import could not be read: ${message.message}`);
    }
  }
  throw new Error("the ad import was read without an outcome");
}
