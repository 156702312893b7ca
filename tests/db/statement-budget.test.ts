/**
 * SQL statements per page request (#30, part 2): a document request runs every loader of its route
 * chain (root, locale, layout, page) at once, as Remix does; each statement they send is counted
 * through a Kysely plugin on the app's connection. A page whose count grows past its budget fails
 * here, with the statements it sent, so a new query per request is a decision, not an accident.
 * Budgets are today's counts on the demo data (the member is the demo member); lower them as the
 * read models get leaner, never raise one without saying why.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { expect, it } from "vitest";
import type { Db } from "~/db/db.server";
import { findUserByEmail } from "~/users/users.server";
import { DEMO_USER, seedDemoData } from "../../db/seed";
import { sessionCookie } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";
import { StatementCounter } from "../support/statement-counter";
import * as root from "~/root-data.server";
import * as localeRoute from "~/i18n/locale-route.server";
import * as home from "~/routes/($locale)._public._index";
import * as appLayout from "~/routes/($locale)._app";
import * as dashboard from "~/routes/($locale)._app.dashboard/route";
import * as transactions from "~/routes/($locale)._app.transactions";

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

const PAGES: Array<{ name: string; path: string; signedIn: boolean; loaders: Loader[]; budget: number }> = [
  {
    name: "home (signed out)",
    path: "/en",
    signedIn: false,
    loaders: [root.loader, localeRoute.loader, home.loader],
    // The home page's store facts (2) and the loyalty levels from the settings (1); nothing for a
    // visitor's session.
    budget: 3,
  },
  {
    name: "dashboard",
    path: "/en/dashboard",
    signedIn: true,
    loaders: [root.loader, localeRoute.loader, appLayout.loader, dashboard.loader],
    // 2026-11-28: the session once (request scope), the bell (1: the count with the latest),
    // balances, history (1: the cached balance beside the window's postings, was 2), figures, top
    // stores, recent rows, the plan and trial, the settings once for every loader (request scope),
    // first steps (one statement, was eight), the loyalty card (2). Was 21, then 18.
    budget: 17,
  },
  {
    name: "transactions",
    path: "/en/transactions",
    signedIn: true,
    loaders: [root.loader, localeRoute.loader, appLayout.loader, transactions.loader],
    // Was 8 before the bell became one statement.
    budget: 7,
  },
];

/** The request scope the server guard gives every request (app/utils/request-scope.server.ts): one session read per page. */
const SCOPE = Symbol.for("cashwise.requestScope");
const scopes = ((globalThis as { [SCOPE]?: AsyncLocalStorage<Map<string, unknown>> })[SCOPE] ??= new AsyncLocalStorage());

describeEachDatabase("statements per page request", (t) => {
  const app = globalThis as typeof globalThis & { __cashwiseDb?: Db };

  for (const page of PAGES) {
    it(`${page.name}: at most ${page.budget} statements`, async () => {
      await seedDemoData(t.db);
      const demo = (await findUserByEmail(t.db, DEMO_USER.email))!;
      const headers = new Headers();
      if (page.signedIn) headers.set("Cookie", await sessionCookie(t.db, { id: demo.id, role: demo.role }));
      const counter = new StatementCounter(t.db);
      app.__cashwiseDb = t.db.withPlugin(counter);
      try {
        const request = new Request(`http://localhost:3000${page.path}`, { headers });
        // As the server guard runs a GET: in a scope that knows its method.
        const answers = await scopes.run(new Map([["method", "GET"]]), () =>
          Promise.all(page.loaders.map((loader) => answer(() => loader({ request, params: { locale: "en" }, context: {} })))),
        );
        for (const reply of answers) expect(reply.status).toBe(200);
      } finally {
        delete app.__cashwiseDb;
      }
      expect(counter.statements.length, counter.statements.join("\n")).toBeLessThanOrEqual(page.budget);
    });
  }
});
