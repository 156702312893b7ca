// The parse worker's entry (a worker thread's file must be JavaScript that Node can load as it is,
// in the built server as in vitest): registers tsx's loader with the app's tsconfig (for `~/`
// imports), then runs parse-worker.ts.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register({ tsconfig: fileURLToPath(new URL("../../../tsconfig.json", import.meta.url)) });
await import("./parse-worker.ts");
