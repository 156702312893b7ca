import path from "node:path";

/** Where the end-to-end server's SMTP receiver writes each e-mail it receives, as JSON. */
export const MAILBOX_DIR = path.resolve(".e2e/mailbox");
