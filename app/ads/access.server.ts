/**
 * The ad suite's guard: owns who may open `/ads/*` and which client account a request is about.
 * Users and partners only (admins have the back office); during the free trial or with a live
 * plan (`hasAdToolsAccess`), else they are sent to `/plans?locked=ads`. The workspace's first
 * client account is made on the first visit; the current one is `?client=<id>` when it is the
 * user's, else the one this session last named, else the first by name (`chooseClientAccount`).
 */
import { redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { hasAdToolsAccess } from "~/plans/subscriptions.server";
import { localePath } from "~/utils/paths";
import { chooseClientAccount, ensureWorkspace, type ClientAccount } from "./accounts.server";

export interface AdToolsContext {
  user: Awaited<ReturnType<typeof requireUser>>["user"];
  session: Awaited<ReturnType<typeof requireUser>>["session"];
  locale: Locale;
  accounts: ClientAccount[];
  /** The client account the request is about (`?client=`, else the session's last, else the first). */
  client: ClientAccount;
}

export async function requireAdTools(request: Request, params: Params): Promise<AdToolsContext> {
  const { user, session } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  if (!(await hasAdToolsAccess(db(), user.id))) throw redirect(localePath(locale, "/plans?locked=ads"));
  const accounts = await ensureWorkspace(db(), user.id, fixedT(locale, "ads")("accounts.defaultName"));
  const client = await chooseClientAccount(db(), session, accounts, new URL(request.url).searchParams.get("client"));
  return { user, session, locale, accounts, client };
}
