/** The messages between the server and the ad import's parse worker (app/ads/import/parse-worker.ts). */
import type { ImportSummary } from "./summary";
import type { AdsImportErrorCode, AdsImportErrorParams } from "./types";

export interface WorkerInput {
  /** The file's bytes (transferred, not copied). */
  bytes: ArrayBuffer;
  maxRows: number;
  limitCode: "ads.import.tooManyRows" | "ads.import.dailyBudget";
  batchRows: number;
}

export type WorkerMessage =
  | { type: "progress"; rows: number; bytes: number }
  /** One batch of rows: gzip'd JSON of packed rows (`packRows`). */
  | { type: "batch"; part: number; rows: number; data: ArrayBuffer }
  | { type: "done"; summary: ImportSummary; threadId: number }
  | { type: "problem"; code: AdsImportErrorCode; params: AdsImportErrorParams; threadId: number }
  | { type: "crash"; message: string };
