/**
 * The ad import's parse worker (a `worker_threads` thread, started by `parseInWorker`): reads one
 * uploaded export off the server's event loop (`runParse`) and posts what it finds to the server's
 * thread, which writes it to the database.
 */
import { parentPort, workerData } from "node:worker_threads";
import { runParse } from "./parse-run";
import type { WorkerInput } from "./worker-protocol";

await runParse(workerData as WorkerInput, (message, transfer = []) => parentPort!.postMessage(message, transfer));
