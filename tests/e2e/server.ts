/**
 * The end-to-end web server: the built app (rebuilt when stale) on a throw-away SQLite database
 * with demo data, sending e-mail to a local SMTP receiver whose messages are written as JSON to
 * `.e2e/<port>/mailbox/` (`MAILBOX_DIR` in `support/paths.ts`) for the tests to read (see `support/mailbox.ts`). Started by Playwright.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureWorkspace } from "../../app/ads/accounts.server";
import { stageImport } from "../../app/ads/imports.server";
import { createImport } from "../../app/cashback/imports.server";
import { createDb } from "../../app/db/db.server";
import { migrateToLatest } from "../../db/migrate";
import { DEMO_USER, seedDemoData } from "../../db/seed";
import { SEED_STORES } from "../../db/seed-data/stores";
import { buildIsStale, serverCommand } from "../../scripts/lib";
import { startSmtpReceiver } from "../support/smtp";
import { E2E_PORT, sharedEnvironment } from "./support/e2e-env";
import { OAuth2Server } from "oauth2-mock-server";
import {
  DATABASE_URL_FILE,
  DEMO_AD_CLIENT_ID,
  DEMO_AD_IMPORT_ID,
  DEMO_CLICK_ID,
  DEMO_IMPORT_ID,
  DEMO_MESSAGE_ID,
  MAILBOX_DIR,
  oauthUserFile,
} from "./support/paths";

const port = E2E_PORT;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-e2e-"));
const databaseFile = path.join(workDir, "e2e.db");

if (buildIsStale()) {
  const build = spawnSync("npx", ["remix", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

fs.rmSync(MAILBOX_DIR, { recursive: true, force: true });
fs.mkdirSync(MAILBOX_DIR, { recursive: true });
let counter = 0;
const smtp = await startSmtpReceiver({
  onMessage(mail) {
    const name = `${Date.now()}-${String(++counter).padStart(4, "0")}.json`;
    // Written under another name, then renamed: a test reading the mailbox never sees half a file.
    const partial = path.join(MAILBOX_DIR, `${name}.partial`);
    fs.writeFileSync(partial, JSON.stringify(mail, null, 2));
    fs.renameSync(partial, path.join(MAILBOX_DIR, name));
  },
});

// A local OAuth2 provider standing in for Google. The identity it reports is whatever the test of
// that browser wrote with support/oauth.ts (`googleWillSay`), found by the browser's client address
// on the authorize request, then followed through the code and the access token.
const oauth = new OAuth2Server();
await oauth.issuer.keys.generate("RS256");
await oauth.start(0, "127.0.0.1");
type Identity = Record<string, unknown>;
const fallbackIdentity: Identity = { sub: "google-user-1", email: "oauth.user@example.com", email_verified: true, name: "OAuth User" };
const identityByCode = new Map<string, Identity>();
const identityByToken = new Map<string, Identity>();
oauth.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: { headers: Record<string, string | undefined> }) => {
  const code = redirect.url.searchParams.get("code");
  const file = oauthUserFile(
    String(req.headers["x-forwarded-for"] ?? "")
      .split(",")[0]!
      .trim(),
  );
  if (code) identityByCode.set(code, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Identity) : fallbackIdentity);
});
oauth.service.on("beforeResponse", (response: { body: { access_token?: string } }, req: { body?: { code?: string } }) => {
  const identity = req.body?.code ? identityByCode.get(req.body.code) : undefined;
  if (identity && response.body.access_token) identityByToken.set(response.body.access_token, identity);
});
oauth.service.on("beforeUserinfo", (userInfoResponse: { body: unknown }, req: { headers: Record<string, string | undefined> }) => {
  const token = String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
  userInfoResponse.body = identityByToken.get(token) ?? fallbackIdentity;
});
const oauthUrl = oauth.issuer.url!;

fs.writeFileSync(DATABASE_URL_FILE, `file:${databaseFile}`);
const db = createDb({ kind: "sqlite", filename: databaseFile });
await migrateToLatest(db);
await seedDemoData(db);
await seedDemoClick(db);
await seedDemoImport(db);
await seedDemoMessage(db);
await seedDemoAds(db);
await db.destroy();

/**
 * The demo member's second client account (an agency's other client, named to sort after the
 * seeded "Northwind Outdoor", so the ad pages open on the seeded one) and a pending upload into the
 * first: a Dutch campaign report in euros (its preview offers a new client account).
 */
async function seedDemoAds(database: typeof db) {
  const demo = await database.selectFrom("users").select("id").where("email", "=", DEMO_USER.email).executeTakeFirstOrThrow();
  const [first] = await ensureWorkspace(database, demo.id, "Northwind Outdoor");
  const at = new Date().toISOString();
  await database
    .insertInto("adClientAccounts")
    .values({ id: DEMO_AD_CLIENT_ID, ownerId: demo.id, name: "Zephyr Bikes", currency: null, createdAt: at, updatedAt: at })
    .execute();
  const staged = await stageImport(database, {
    ownerId: demo.id,
    clientAccountId: first!.id,
    filename: "campagnes.csv",
    bytes: fs.readFileSync("tests/fixtures/ads/google-campaign-nl.csv"),
  });
  // The same pending import under a known id (the preview page is listed by example).
  const row = await database.selectFrom("adImports").selectAll().where("id", "=", staged).executeTakeFirstOrThrow();
  await database
    .insertInto("adImports")
    .values({ ...row, id: DEMO_AD_IMPORT_ID })
    .execute();
  await database.updateTable("adImportParts").set({ importId: DEMO_AD_IMPORT_ID }).where("importId", "=", staged).execute();
  await database.deleteFrom("adImports").where("id", "=", staged).execute();
}

/** The sample Awin report, uploaded by the demo admin and previewed (not applied). */
async function seedDemoImport(database: typeof db) {
  const admin = await database.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow();
  const id = await createImport(database, {
    adminId: admin.id,
    network: "awin",
    filename: "awin-report.csv",
    bytes: fs.readFileSync("docs/samples/awin-report.csv"),
  });
  await database.updateTable("reportImports").set({ id: DEMO_IMPORT_ID }).where("id", "=", id).execute();
}

/** A contact message from a visitor, in Dutch, for the messages desk to show. */
async function seedDemoMessage(database: typeof db) {
  await database
    .insertInto("contactMessages")
    .values({
      id: DEMO_MESSAGE_ID,
      name: "Sanne de Vries",
      email: "sanne.devries@example.com",
      company: "De Vries Webwinkel",
      message: "Hallo, mijn cashback van vorige week staat nog op 'in behandeling'. Hoe lang duurt dat meestal?",
      locale: "nl",
      clientAddress: "198.51.100.20",
      emailedAt: null,
      createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** The demo member's visit to the first demo store 10 days ago: a click a claim can be made for. */
async function seedDemoClick(database: typeof db) {
  const user = await database.selectFrom("users").select("id").where("email", "=", DEMO_USER.email).executeTakeFirstOrThrow();
  const store = await database.selectFrom("stores").select("id").where("slug", "=", SEED_STORES[0]!.slug).executeTakeFirstOrThrow();
  await database
    .insertInto("clicks")
    .values({
      id: DEMO_CLICK_ID,
      userId: user.id,
      storeId: store.id,
      ipHash: "e2e",
      userAgent: null,
      isBot: 0,
      createdAt: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

const server = spawn(serverCommand().command, serverCommand().args, {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    ...sharedEnvironment(`file:${databaseFile}`),
    PORT: String(port),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: "Cashwise <no-reply@cashwise.test>",
    SUPPORT_EMAIL: "support@cashwise.test",
    // Tests stand for different visitors by sending their own X-Forwarded-For (see support/visitor.ts).
    TRUST_PROXY: "1",
    GOOGLE_CLIENT_ID: "cashwise-e2e",
    GOOGLE_CLIENT_SECRET: "cashwise-e2e-secret",
    GOOGLE_AUTHORIZATION_URL: `${oauthUrl}/authorize`,
    GOOGLE_TOKEN_URL: `${oauthUrl}/token`,
    GOOGLE_USERINFO_URL: `${oauthUrl}/userinfo`,
    // Facebook and Instagram stay unconfigured: their buttons must say so.
    FACEBOOK_CLIENT_ID: "",
    INSTAGRAM_CLIENT_ID: "",
  },
});

async function shutdown(code: number) {
  server.kill("SIGTERM");
  await smtp.close();
  await oauth.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
server.on("exit", (code) => void shutdown(code ?? 1));
