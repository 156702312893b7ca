/** The ad suites' arrange for database suites: data imported the way the import page stores it, members and their client accounts, the pages kept to their owner. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { expect } from "vitest";
import { createClientAccount, ensureWorkspace } from "~/ads/accounts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { generateSampleExports, type SampleOptions } from "~/ads/sample/generate";
import type { Db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { signedInMember, useAppDatabase } from "./app-database";
import { answer, type RouteAnswer } from "./route-answer";

/** The sample exports (`app/ads/sample/generate.ts`) staged and stored into a client account, one file after the other. */
export async function importSampleExports(db: Db, ownerId: string, clientAccountId: string, options: SampleOptions): Promise<void> {
  for (const file of generateSampleExports(options)) {
    await storeImport(db, ownerId, await stageImport(db, { ownerId, clientAccountId, filename: file.filename, bytes: file.bytes }));
  }
}

/** A member signed in (`signedInMember`) with their ad workspace started: its first client account, named `account`. */
export async function signedInAdvertiser(
  db: Db,
  prefix: string,
  name: string,
  account: string,
): Promise<{ id: string; cookie: string; clientId: string }> {
  const member = await signedInMember(db, prefix, name);
  return { ...member, clientId: (await ensureWorkspace(db, member.id, account))[0]!.id };
}

/** An ad suite's two members, signed in before its tests (`useAppDatabase`): the owner of its client accounts and a stranger to them. */
export function ownerAndStranger(t: { readonly db: Db }, prefix: string) {
  const owner = { id: "", cookie: "" };
  const stranger = { id: "", cookie: "" };
  useAppDatabase(t, async () => {
    Object.assign(owner, await signedInMember(t.db, `${prefix}-owner`, "Owner"));
    Object.assign(stranger, await signedInMember(t.db, `${prefix}-stranger`, "Stranger"));
  });
  /** A new client account of `userId` (the owner unless said) with a name of its own. */
  const clientAccount = (userId = owner.id, timeZone = "UTC") =>
    unitOfWork(t.db, (tx) =>
      createClientAccount(tx, userId, { name: `Client ${crypto.randomUUID().slice(0, 6)}`, industry: "all", timeZone }),
    );
  return { owner, stranger, clientAccount };
}

type PageLoader = (args: LoaderFunctionArgs) => Promise<unknown>;

/** A client page's loader at `url` asked by `cookie`'s member about `clientId`, not theirs: their own (empty) client account answers. */
export async function strangersOwnPage(loader: PageLoader, url: string, cookie: string, clientId: string): Promise<RouteAnswer> {
  const theirs = await answer(() =>
    loader({ request: new Request(`${url}?client=${clientId}`, { headers: { Cookie: cookie } }), params: { locale: "en" }, context: {} }),
  );
  expect(theirs.status).toBe(200);
  expect(theirs.body.client.id).not.toBe(clientId);
  return theirs;
}

/** A client page's loader at `url` asked by a visitor who is not signed in: sent to sign in. */
export async function expectSignInFirst(loader: PageLoader, url: string): Promise<void> {
  const visitor = await answer(() => loader({ request: new Request(url), params: { locale: "en" }, context: {} }));
  expect(visitor.status).toBe(302);
}

/** A suite's advertiser (`signedInAdvertiser`), signed in before its tests (`useAppDatabase`), then `setup` run with them. */
export function useAdvertiser(
  t: { readonly db: Db },
  member: { prefix: string; name: string; account: string },
  setup?: (advertiser: { id: string; cookie: string; clientId: string }) => unknown,
) {
  const advertiser = { id: "", cookie: "", clientId: "" };
  useAppDatabase(t, async () => {
    Object.assign(advertiser, await signedInAdvertiser(t.db, member.prefix, member.name, member.account));
    await setup?.(advertiser);
  });
  return advertiser;
}
