/**
 * The settings the end-to-end server runs with, in one place: `server.ts` starts the app with
 * them, and test workers load them into their own environment (imported first by `fixtures.ts`)
 * so that our domain functions, called by fixtures, sign the same session cookies and write to the
 * same database as the server.
 */
import fs from "node:fs";
import { DATABASE_URL_FILE, SANDBOX_POSTBACK_SECRET } from "./paths";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_APP_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_SESSION_SECRET = "e2e-session-secret-that-is-long-enough-0123456789";

/** What the server and the workers share (the server adds its own ports and providers). */
export function sharedEnvironment(databaseUrl: string): Record<string, string> {
  return {
    APP_ENV: "test",
    APP_URL: E2E_APP_URL,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: E2E_SESSION_SECRET,
    POSTBACK_SECRET_SANDBOX: SANDBOX_POSTBACK_SECRET,
  };
}

// In a test worker (Playwright names each), the server is already up (Playwright starts it first)
// and has written its database's address.
if (process.env.TEST_WORKER_INDEX !== undefined && fs.existsSync(DATABASE_URL_FILE)) {
  Object.assign(process.env, sharedEnvironment(fs.readFileSync(DATABASE_URL_FILE, "utf8").trim()));
}
