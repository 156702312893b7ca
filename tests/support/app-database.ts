/**
 * For database suites that call route modules directly: the routes use the app's shared connection
 * (`globalThis.__cashwiseDb`), pointed at the suite's own database while the suite runs (and, where a
 * suite says so, the app's job runner, `globalThis.__cashwiseJobs`, replaced by its own); and the
 * people such suites sign in (a member, admins with and without two-factor authentication), each
 * with a session cookie made by the app's own `createSession`.
 */
import { afterAll, beforeAll } from "vitest";
import { createSession } from "~/auth/session.server";
import type { Db } from "~/db/db.server";
import type { JobRunner } from "~/jobs/runner.server";
import { PEER_ADDRESS_HEADER } from "~/security/client-address.server";
import { createUser } from "~/users/users.server";

const app = globalThis as typeof globalThis & { __cashwiseDb?: Db; __cashwiseJobs?: Promise<JobRunner> };

/** Points the app's connection at `t.db` before the suite's tests (then runs `setup`), and away after. */
export function useAppDatabase(t: { readonly db: Db }, setup?: () => unknown): void {
  beforeAll(async () => {
    app.__cashwiseDb = t.db;
    await setup?.();
  });
  afterAll(() => {
    delete app.__cashwiseDb;
  });
}

/** Points the app's job runner (`globalThis.__cashwiseJobs`) at one that hands each job to `send` while the suite runs. */
export function useAppJobs(send: JobRunner["send"]): void {
  beforeAll(() => {
    app.__cashwiseJobs = Promise.resolve({ engine: "inline", start: async () => {}, stop: async () => {}, send });
  });
  afterAll(() => {
    delete app.__cashwiseJobs;
  });
}

/** The `Cookie` header value (`name=value`) of a new session for `user`. */
export async function sessionCookie(
  db: Db,
  user: Parameters<typeof createSession>[1],
  options: Parameters<typeof createSession>[2] = { remember: true },
): Promise<string> {
  return (await createSession(db, user, options)).setCookie.split(";")[0]!;
}

/** Who opens the back office in route suites: an admin with two-factor on, one without, and a member. */
export async function backOfficeCookies(
  db: Db,
): Promise<{ adminId: string; cookies: { admin: string; member: string; adminWithout2fa: string } }> {
  const admin = await createUser(db, {
    email: `admin-${crypto.randomUUID()}@example.com`,
    name: "Ada Admin",
    emailVerified: true,
    role: "admin",
  });
  // The back office opens only with two-factor authentication on.
  await db.updateTable("users").set({ totpEnabledAt: new Date().toISOString() }).where("id", "=", admin.id).execute();
  const plain = await createUser(db, {
    email: `plain-${crypto.randomUUID()}@example.com`,
    name: "No 2FA",
    emailVerified: true,
    role: "admin",
  });
  const member = await createUser(db, { email: `member-${crypto.randomUUID()}@example.com`, name: "Member", emailVerified: true });
  return {
    adminId: admin.id,
    cookies: {
      admin: await sessionCookie(db, admin),
      adminWithout2fa: await sessionCookie(db, plain),
      member: await sessionCookie(db, member),
    },
  };
}

export type BackOfficeWho = "admin" | "member" | "adminWithout2fa" | "anonymous";

/**
 * A back-office route suite's arrange: `useAppDatabase`, then the staff's sessions (`cookies`, and
 * `actor`: the admin with two-factor on, at `address`), and requests as one of them from `address`
 * (posts from the app's own origin).
 */
export function backOfficeRoutes(t: { readonly db: Db }, app: string, address: string) {
  const actor = { id: "", clientAddress: address };
  const cookies = { admin: "", member: "", adminWithout2fa: "" };
  useAppDatabase(t, async () => {
    const staff = await backOfficeCookies(t.db);
    actor.id = staff.adminId;
    Object.assign(cookies, staff.cookies);
  });
  const headersFor = (who: BackOfficeWho): Record<string, string> => ({
    [PEER_ADDRESS_HEADER]: address,
    ...(who === "anonymous" ? {} : { Cookie: cookies[who] }),
  });
  return {
    actor,
    cookies,
    get: (path: string, who: BackOfficeWho) => new Request(`${app}${path}`, { headers: headersFor(who) }),
    post: (path: string, who: BackOfficeWho, body: Record<string, string>) =>
      new Request(`${app}${path}`, { method: "POST", headers: { Origin: app, ...headersFor(who) }, body: new URLSearchParams(body) }),
  };
}

/** A member with a verified address (`<prefix>-<uuid>@example.com`), signed in: their id and session cookie. */
export async function signedInMember(db: Db, prefix: string, name: string): Promise<{ id: string; cookie: string }> {
  const user = await createUser(db, { email: `${prefix}-${crypto.randomUUID()}@example.com`, name, emailVerified: true });
  return { id: user.id, cookie: await sessionCookie(db, user) };
}

/** A client address of its own at each call (`<prefix>.0.2`, `<prefix>.0.3`, …): the routes read the peer address the server guard records. */
export function addressSequence(prefix: string): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `${prefix}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
}
