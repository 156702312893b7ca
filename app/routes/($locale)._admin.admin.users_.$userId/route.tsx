/**
 * One account in the back office (`/admin/users/:userId`; an e-mail address in its place redirects
 * to the account's page): the profile, balances, subscription or trial, active sessions, ledger
 * history (`ledgerPage`), clicks and conversions (`clicksPage`), referred friends and the admins'
 * notes; and the actions, each one form (`intent`): change the role, suspend (with a reason) and
 * reinstate, adjust the balance (credit or debit, amount, reason, and the nonce the page was
 * rendered with, so a double submit posts once), adjust the loyalty points (`adjustPoints`: `points`,
 * negative to take away, `reason`, the page's nonce), end one or every session, add a note, reset
 * two-factor authentication (not one's own). Role, suspension, both adjustments and the two-factor
 * reset need a recent re-authentication. The member's loyalty points (`loyaltySummary`, the last
 * 10 entries) are shown beside the points adjustment. The handlers are in `actions.server.ts`, the page's sections
 * beside this module.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { type useLoaderData } from "@remix-run/react";
import { BackHeading } from "~/components/admin/back-heading";
import { cashbackActivity } from "~/cashback/activity.server";
import { requireAdmin, requireRecentAuth } from "~/auth/guards.server";
import { listActiveSessions } from "~/auth/session.server";
import { Notice } from "~/components/auth/auth-card";
import { AccountStateBadge } from "~/components/users/account-state-badge";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { planSummary } from "~/plans/subscriptions.server";
import { referredFriends } from "~/referrals/referrals.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { getAccount, listNotes } from "~/users/admin.server";
import { findUserByEmail } from "~/users/users.server";
import { takeNotice } from "~/utils/flash.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { listTransactions } from "~/wallet/activity.server";
import { getBalances } from "~/wallet/balances.server";
import { description as describe } from "~/wallet/display";
import { fixedT } from "~/i18n/translator.server";
import { loyaltyHistory, loyaltySummary } from "~/loyalty/points.server";
import * as handlers from "./actions.server";
import { BalancesSection, ProfileSection } from "./account-sections";
import { AdjustmentForm, RoleForm, SuspensionForm, TwoFactorResetForm } from "./forms";
import { formatDateTime } from "~/utils/dates";
import { NotesSection, SessionsSection } from "./sessions-and-notes";
import { LoyaltyHistorySection, LoyaltySummarySection, PointsAdjustmentForm } from "./loyalty-sections";
import { CashbackSection, LedgerSection, ReferralsSection } from "./activity-sections";
import { notFound } from "~/utils/http.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin", "wallet", "cashback", "referrals", "plans"] };
export const clientLoader = withNamespaces(handle.i18n);

const LIST_PAGE_SIZE = 10;
/** The loyalty entries shown on the page (the newest). */
const LOYALTY_ENTRIES = 10;

const localeOf = (value: string | undefined): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user: viewer } = await requireAdmin(request);
  const locale = localeOf(params.locale);
  const userId = params.userId ?? "";
  const account = await getAccount(db(), userId);
  if (!account) {
    // An address typed in the URL: the account's own page.
    const byEmail = userId.includes("@") ? await findUserByEmail(db(), userId) : undefined;
    if (byEmail) throw redirect(localePath(locale, `/admin/users/${byEmail.id}`));
    throw notFound();
  }
  const search = new URL(request.url).searchParams;
  const [balances, sessions, ledger, cashback, referrals, plan, notes, points, history, { notice, headers }] = await Promise.all([
    getBalances(db(), account.id),
    listActiveSessions(db(), account.id),
    listTransactions(db(), account.id, {}, { page: pageFromSearch(search.get("ledgerPage")), pageSize: LIST_PAGE_SIZE }),
    cashbackActivity(db(), account.id, { range: "all" }, { page: pageFromSearch(search.get("clicksPage")), pageSize: LIST_PAGE_SIZE }),
    referredFriends(db(), account.id),
    planSummary(db(), account.id),
    listNotes(db(), account.id),
    loyaltySummary(db(), account.id),
    loyaltyHistory(db(), account.id),
    takeNotice(request),
  ]);
  const t = fixedT(locale, "admin");
  return data(
    {
      meta: {
        title: `${account.name} · ${t("users.detail.metaTitle")} | ${fixedT(locale, "common")("brand.name")}`,
        description: t("users.detail.metaDescription"),
      },
      notice,
      account,
      balances,
      sessions: sessions.map((session) => ({ ...session, remember: session.remember === 1 })),
      ledger: { ...ledger, items: ledger.items.map((item) => ({ ...item, label: describe(item) })) },
      cashback: { items: cashback.items, page: cashback.page, pageCount: cashback.pageCount, total: cashback.total },
      referrals,
      plan,
      notes,
      viewerId: viewer.id,
      // A fresh key for each render of the adjustment form: a double submit of one render posts once.
      adjustmentKey: crypto.randomUUID(),
      pointsKey: crypto.randomUUID(),
      loyalty: { summary: points, history: history.items.slice(0, LOYALTY_ENTRIES) },
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { session, actor } = await requireAdmin(request);
  const locale = localeOf(params.locale);
  const userId = params.userId ?? "";
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema: handlers.actionSchema(locale) });
  if (submission.status !== "success") return data({ intent, result: submission.reply(), available: null }, { status: 400 });
  const input = submission.value;
  const page = localePath(locale, `/admin/users/${userId}`);
  if (handlers.SENSITIVE.has(input.intent)) requireRecentAuth(request, session, page);
  const ctx: handlers.AccountAction = { request, actor, userId, locale, page, intent, reply: (options) => submission.reply(options) };
  switch (input.intent) {
    case "role":
      return handlers.changeAccountRole(ctx, input);
    case "suspend":
      return handlers.suspend(ctx, input);
    case "reinstate":
      return handlers.reinstate(ctx);
    case "revokeSession":
      return handlers.revokeSession(ctx, input);
    case "revokeAll":
      return handlers.revokeAll(ctx);
    case "resetTwoFactor":
      return handlers.resetTwoFactor(ctx);
    case "note":
      return handlers.note(ctx, input);
    case "adjust":
      return handlers.adjust(ctx, input);
    case "adjustPoints":
      return handlers.adjustLoyaltyPoints(ctx, input);
  }
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminUser() {
  const { t, locale, loaderData: loaded } = usePage<typeof loader>("admin");
  const { account, notice } = loaded;
  const noticeValues = notice?.values?.role ? { ...notice.values, role: t(`users.roles.${notice.values.role}`) } : notice?.values;
  return (
    <div className="container-page py-10">
      <BackHeading
        to={localePath(locale, "/admin/users")}
        back={t("users.detail.back")}
        title={account.name}
        badge={<AccountStateBadge state={account.state} />}
      />
      <p className="mt-1 break-all text-slate-600">{account.email}</p>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, noticeValues)}</Notice>
        </div>
      ) : null}
      {account.suspendedAt ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          data-testid="suspension"
        >
          {t("users.detail.suspendedBanner", { date: formatDateTime(account.suspendedAt, locale), reason: account.suspendedReason ?? "" })}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ProfileSection account={account} plan={loaded.plan} />
        <BalancesSection balances={loaded.balances} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <RoleForm role={account.role} />
        <SuspensionForm suspended={Boolean(account.suspendedAt)} />
        <AdjustmentForm adjustmentKey={loaded.adjustmentKey} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <LoyaltySummarySection loyalty={loaded.loyalty} />
        <PointsAdjustmentForm pointsKey={loaded.pointsKey} />
      </div>
      <div className="mt-6">
        <TwoFactorResetForm enabled={account.twoFactor} own={account.id === loaded.viewerId} />
      </div>
      <div className="mt-6 space-y-6">
        <SessionsSection sessions={loaded.sessions} />
        <LedgerSection ledger={loaded.ledger} />
        <LoyaltyHistorySection loyalty={loaded.loyalty} />
        <CashbackSection cashback={loaded.cashback} />
        <ReferralsSection referrals={loaded.referrals} />
        <NotesSection notes={loaded.notes} />
      </div>
    </div>
  );
}
