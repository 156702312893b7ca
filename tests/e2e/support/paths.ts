import path from "node:path";

/**
 * The end-to-end server's state, one folder per port (`E2E_PORT`), so runs on different ports in
 * one checkout never read each other's database or wipe each other's mailbox.
 */
const STATE_DIR = path.resolve(".e2e", process.env.E2E_PORT || "3100");

/** Where the end-to-end server's SMTP receiver writes each e-mail it receives, as JSON. */
export const MAILBOX_DIR = path.join(STATE_DIR, "mailbox");

/**
 * The identity the local OAuth2 provider reports to the next sign-in from a client address (the
 * browser's X-Forwarded-For, one per test): tests running side by side never swap identities.
 */
export function oauthUserFile(clientAddress: string): string {
  return path.join(STATE_DIR, `oauth-user-${clientAddress.replace(/[^0-9a-f.:]/gi, "_")}.json`);
}

/** The end-to-end server's database, for tests that run the command-line scripts against it. */
export const DATABASE_URL_FILE = path.join(STATE_DIR, "database-url");

/** The e2e server's sandbox network secret, so tests can sign (and forge) postbacks. */
export const SANDBOX_POSTBACK_SECRET = "e2e-sandbox-postback-secret-0123456789-abcdef";

/** The demo member's visit to a store 10 days ago (made by server.ts), so its claim page can be visited. */
export const DEMO_CLICK_ID = "e2e-demo-click-000000001";
/** A report upload kept (previewed, not applied) by server.ts: the import preview page has one to show. */
export const DEMO_IMPORT_ID = "0e2e0000-0000-4000-8000-000000000001";
/** A second client account of the demo member (server.ts), so the edit page and the switcher have one to show. */
export const DEMO_AD_CLIENT_ID = "0e2e0000-0000-4000-8000-000000000003";
/** An ad export the demo member uploaded and has not stored yet (server.ts): the import preview has one to show. */
export const DEMO_AD_IMPORT_ID = "0e2e0000-0000-4000-8000-000000000004";
/** A contact message written by server.ts, so the messages desk has one to open. */
export const DEMO_MESSAGE_ID = "0e2e0000-0000-4000-8000-000000000002";
