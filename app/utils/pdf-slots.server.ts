/**
 * PDF render slots: at most `PDF_RENDER_SLOTS` report PDFs are rendered at once in this process
 * (a render decodes the logo and lays out every page in memory), the others wait in line (p-limit).
 * A request finding `PDF_RENDER_MAX_WAITING` renders already waiting is not queued: it is answered
 * 503 with `Retry-After` (`PdfRenderBusyError`) rather than holding a connection and more memory.
 * Background jobs (the monthly reports) always wait for their turn.
 */
import pLimit from "p-limit";
import { NamedError } from "~/utils/named-error";

export const PDF_RENDER_SLOTS = 2;
export const PDF_RENDER_MAX_WAITING = 8;
/** What a refused request is told to wait before trying again, in seconds. */
export const PDF_RENDER_RETRY_AFTER_S = 5;

const limit = pLimit(PDF_RENDER_SLOTS);
let running = 0;
let peak = 0;

export class PdfRenderBusyError extends NamedError {
  constructor() {
    super("too many PDF renders waiting");
  }
}

/**
 * Runs `render` in a slot. `whenBusy: "refuse"` (requests) throws `PdfRenderBusyError` instead
 * of queueing when the line is full; `"wait"` (jobs) always queues.
 */
export function withPdfRenderSlot<T>(render: () => Promise<T>, options: { whenBusy: "refuse" | "wait" }): Promise<T> {
  if (options.whenBusy === "refuse" && limit.pendingCount >= PDF_RENDER_MAX_WAITING) {
    return Promise.reject(new PdfRenderBusyError());
  }
  return limit(async () => {
    running++;
    peak = Math.max(peak, running);
    try {
      return await render();
    } finally {
      running--;
    }
  });
}

/** Renders running and waiting now, and the most ever running at once (for tests and operators). */
export function pdfRenderStats(): { running: number; waiting: number; peak: number } {
  return { running, waiting: limit.pendingCount, peak };
}
