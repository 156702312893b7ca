import path from "node:path";

/** Where the end-to-end server's SMTP receiver writes each e-mail it receives, as JSON. */
export const MAILBOX_DIR = path.resolve(".e2e/mailbox");

/** The identity the local OAuth2 provider reports on its next user-info request. */
export const OAUTH_USER_FILE = path.resolve(".e2e/oauth-user.json");

/** The end-to-end server's database, for tests that run the command-line scripts against it. */
export const DATABASE_URL_FILE = path.resolve(".e2e/database-url");

/** The e2e server's sandbox network secret, so tests can sign (and forge) postbacks. */
export const SANDBOX_POSTBACK_SECRET = "e2e-sandbox-postback-secret-0123456789-abcdef";
