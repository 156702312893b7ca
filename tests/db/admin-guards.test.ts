/**
 * Every back-office route, found by its file name (so a new one is covered the day it is added):
 * its loader and its action refuse members and partners (403) and send anonymous visitors to the
 * admin sign-in, and an admin without two-factor authentication is sent to set it up; nothing is
 * written by any of them. Run against each database, through the routes' own modules.
 */
import { expect, it } from "vitest";
import type { Db } from "~/db/db.server";
import { createUser } from "~/users/users.server";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";
import { routeModules } from "../support/route-files";
import { rowCounts } from "../support/row-counts";

const APP = "http://localhost:3000";
const ADMIN_MODULES = routeModules().filter((route) => route.name.startsWith("($locale)._admin.admin."));
const ADMIN_ROUTES = ADMIN_MODULES.map((route) => route.name);

type Route = { loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> };

/** The URL a route file serves, with made-up values for its parameters. */
function urlOf(file: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = { locale: "en" };
  const segments = file
    .split(".")
    .filter((segment) => segment !== "($locale)" && !segment.startsWith("_"))
    .map((segment) => {
      const name = segment.replace(/_$/, "");
      if (name.startsWith("$")) {
        params[name.slice(1)] = crypto.randomUUID();
        return params[name.slice(1)];
      }
      return name;
    });
  return { url: `${APP}/en/${segments.join("/")}`, params };
}

const counts = (db: Db) =>
  rowCounts(db, ["audit_log", "transactions", "settings", "stores", "outbox", "admin_notes", "reconciliation_runs"]);

describeEachDatabase("every back-office route", (t) => {
  const cookies = { member: "", partner: "", admin: "" };

  useAppDatabase(t, async () => {
    const who = async (role: "user" | "partner" | "admin") => {
      const user = await createUser(t.db, { email: `${role}-${crypto.randomUUID()}@example.com`, name: role, emailVerified: true, role });
      return await sessionCookie(t.db, user);
    };
    cookies.member = await who("user");
    cookies.partner = await who("partner");
    // An admin who has not turned on two-factor authentication.
    cookies.admin = await who("admin");
  });

  it("finds the back office's routes", () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(15);
    expect(ADMIN_ROUTES).toContain("($locale)._admin.admin.audit");
  });

  it("refuses members and partners (403), sends visitors to sign in and admins without 2FA to set it up; writes nothing", async () => {
    const before = await counts(t.db);
    const seen: string[] = [];
    for (const { name: file, file: modulePath } of ADMIN_MODULES) {
      const route = (await import(/* @vite-ignore */ modulePath)) as Route;
      const { url, params } = urlOf(file);
      for (const kind of ["loader", "action"] as const) {
        const handler = route[kind];
        if (!handler) continue;
        seen.push(`${kind} ${file}`);
        const request = (cookie: string | null) =>
          new Request(url, {
            method: kind === "action" ? "POST" : "GET",
            headers: {
              Origin: APP,
              ...(cookie ? { Cookie: cookie } : {}),
              ...(kind === "action" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
            },
            body: kind === "action" ? "intent=approve" : undefined,
          });
        const run = (cookie: string | null) => answer(() => handler({ request: request(cookie), params, context: {} }));
        const label = `${kind} of ${file}`;
        expect((await run(cookies.member)).status, `${label} for a member`).toBe(403);
        expect((await run(cookies.partner)).status, `${label} for a partner`).toBe(403);
        const visitor = await run(null);
        expect(visitor.status, `${label} for a visitor`).toBe(302);
        expect(visitor.location, `${label} for a visitor`).toMatch(/^\/en\/admin\?redirectTo=/);
        if (!`${file}.`.includes(".two-factor.")) {
          const admin = await run(cookies.admin);
          expect(admin.status, `${label} for an admin without 2FA`).toBe(302);
          expect(admin.location, `${label} for an admin without 2FA`).toMatch(/^\/en\/admin\/two-factor\?redirectTo=/);
        }
      }
    }
    expect(seen.filter((entry) => entry.startsWith("action")).length).toBeGreaterThanOrEqual(10);
    expect(await counts(t.db)).toEqual(before);
  });
});
