/**
 * One account in the back office (`/admin/users/:userId`; an e-mail address in its place redirects
 * to the account's page): the profile, balances, subscription or trial, active sessions, ledger
 * history (`ledgerPage`), clicks and conversions (`clicksPage`), referred friends and the admins'
 * notes; and the actions, each one form (`intent`): change the role, suspend (with a reason) and
 * reinstate, adjust the balance (credit or debit, amount, reason, and the nonce the page was
 * rendered with, so a double submit posts once), end one or every session, add a note, reset
 * two-factor authentication (not one's own). Role, suspension, adjustment and the two-factor reset
 * need a recent re-authentication. Each action is one unit of work with
 * its one audit row (`app/users/admin.server.ts`).
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { z } from "zod";
import { cashbackActivity } from "~/cashback/activity.server";
import { requireAdmin, requireRecentAuth } from "~/auth/guards.server";
import { listActiveSessions } from "~/auth/session.server";
import { Notice } from "~/components/auth/auth-card";
import { StatusBadge } from "~/components/cashback/activity-list";
import { Field, FormErrors, TextareaField } from "~/components/forms";
import { DataTable } from "~/components/data-table";
import { Pagination } from "~/components/pagination";
import { AccountStateBadge } from "~/components/users/account-state-badge";
import { db } from "~/db/db.server";
import { ROLES, type Role } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, type Locale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { planSummary } from "~/plans/subscriptions.server";
import { referredFriends } from "~/referrals/referrals.server";
import { requireSameOrigin } from "~/security/csrf.server";
import {
  addNote,
  adjustAccountBalance,
  changeRole,
  getAccount,
  listNotes,
  reinstateAccount,
  resetAccountTwoFactor,
  revokeAccountSession,
  revokeAccountSessions,
  suspendAccount,
  type ActionResult,
} from "~/users/admin.server";
import { NOTE_MAX_LENGTH } from "~/users/account-states";
import { findUserByEmail } from "~/users/users.server";
import { formatDate } from "~/utils/dates";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { formatAmountInput, formatMoney } from "~/utils/money";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { listTransactions } from "~/wallet/activity.server";
import { MAX_DEPOSIT_CENTS, amountField } from "~/wallet/amounts";
import { getBalances } from "~/wallet/balances.server";
import { description as describe, labelText } from "~/wallet/display";
import { IdempotencyConflictError, InsufficientFundsError } from "~/wallet/ledger.server";
import { fixedT } from "~/i18n/translator.server";
import { dateTimeFormat } from "~/utils/intl";

export const handle = { i18n: ["common", "admin", "wallet", "cashback", "referrals", "plans"] };
export const clientLoader = withNamespaces(handle.i18n);

const LIST_PAGE_SIZE = 10;
/** The largest single adjustment (the top-up limit): more is a deliberate series of them. */
const MAX_ADJUSTMENT_CENTS = MAX_DEPOSIT_CENTS;

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
    throw data({ reason: "notFound" }, { status: 404 });
  }
  const search = new URL(request.url).searchParams;
  const [balances, sessions, ledger, cashback, referrals, plan, notes, { flash, headers }] = await Promise.all([
    getBalances(db(), account.id),
    listActiveSessions(db(), account.id),
    listTransactions(db(), account.id, {}, { page: pageFromSearch(search.get("ledgerPage")), pageSize: LIST_PAGE_SIZE }),
    cashbackActivity(db(), account.id, { range: "all" }, { page: pageFromSearch(search.get("clicksPage")), pageSize: LIST_PAGE_SIZE }),
    referredFriends(db(), account.id),
    planSummary(db(), account.id),
    listNotes(db(), account.id),
    takeFlash(request),
  ]);
  const t = fixedT(locale, "admin");
  return data(
    {
      meta: {
        title: `${account.name} · ${t("users.detail.metaTitle")} | ${fixedT(locale, "common")("brand.name")}`,
        description: t("users.detail.metaDescription"),
      },
      notice: flash?.kind === "notice" ? flash : null,
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
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const text = (max: number, required: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, "admin:users.errors.tooLong");

const actionSchema = (locale: string) =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("role"), role: z.enum(ROLES, { errorMap: () => ({ message: "admin:users.role.invalid" }) }) }),
    z.object({ intent: z.literal("suspend"), reason: text(300, "admin:users.suspend.reasonRequired") }),
    z.object({ intent: z.literal("reinstate") }),
    z.object({
      intent: z.literal("adjust"),
      direction: z.enum(["credit", "debit"], { errorMap: () => ({ message: "admin:users.adjust.directionRequired" }) }),
      amount: amountField(locale, { tooLarge: "admin:users.adjust.tooLarge" }, (cents) =>
        cents > MAX_ADJUSTMENT_CENTS ? "admin:users.adjust.tooLarge" : null,
      ),
      reason: text(200, "admin:users.adjust.reasonRequired"),
      idempotencyKey: z.string().uuid(),
    }),
    z.object({ intent: z.literal("revokeSession"), sessionId: z.string().uuid() }),
    z.object({ intent: z.literal("revokeAll") }),
    z.object({ intent: z.literal("resetTwoFactor") }),
    z.object({ intent: z.literal("note"), body: text(NOTE_MAX_LENGTH, "admin:users.notes.required") }),
  ]);

type Intent = z.infer<ReturnType<typeof actionSchema>>["intent"];
const SENSITIVE: ReadonlySet<Intent> = new Set(["role", "suspend", "adjust", "resetTwoFactor"]);
const REFUSALS = {
  self: "admin:users.errors.self",
  lastAdmin: "admin:users.errors.lastAdmin",
  selfTwoFactor: "admin:users.twoFactorReset.self",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { session, actor } = await requireAdmin(request);
  const locale = localeOf(params.locale);
  const userId = params.userId ?? "";
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema: actionSchema(locale) });
  if (submission.status !== "success") return data({ intent, result: submission.reply(), available: null }, { status: 400 });
  const input = submission.value;
  const page = localePath(locale, `/admin/users/${userId}`);
  // Changing what an account may do, or its money: the admin proves who they are again first.
  if (SENSITIVE.has(input.intent)) requireRecentAuth(request, session, page);

  const refused = (result: ActionResult) => {
    if (result.ok) return null;
    if (result.reason === "notFound") throw data({ reason: "notFound" }, { status: 404 });
    return data({ intent, result: submission.reply({ formErrors: [REFUSALS[result.reason]] }), available: null }, { status: 400 });
  };
  const done = async (key: string, values?: Record<string, string | number>) => {
    const back = new URL(request.url);
    back.searchParams.delete("index");
    throw redirect(`${page}${back.search}`, { headers: { "Set-Cookie": await setFlash({ kind: "notice", key, values }) } });
  };

  switch (input.intent) {
    case "role": {
      const result = await unitOfWork(db(), (tx) => changeRole(tx, actor, { userId, role: input.role }));
      return refused(result) ?? done(result.ok && result.changed ? "users.role.changed" : "users.role.unchanged", { role: input.role });
    }
    case "suspend": {
      const result = await unitOfWork(db(), (tx) => suspendAccount(tx, actor, { userId, reason: input.reason }));
      return (
        refused(result) ??
        done(result.ok && result.changed ? "users.suspend.done" : "users.suspend.already", {
          count: result.ok ? (result.sessionsEnded ?? 0) : 0,
        })
      );
    }
    case "reinstate": {
      const result = await unitOfWork(db(), (tx) => reinstateAccount(tx, actor, { userId }));
      return refused(result) ?? done(result.ok && result.changed ? "users.suspend.reinstated" : "users.suspend.notSuspended");
    }
    case "revokeSession": {
      const result = await unitOfWork(db(), (tx) => revokeAccountSession(tx, actor, { userId, sessionId: input.sessionId }));
      return refused(result) ?? done(result.ok && result.changed ? "users.sessions.revoked" : "users.sessions.noneRevoked");
    }
    case "revokeAll": {
      const result = await unitOfWork(db(), (tx) => revokeAccountSessions(tx, actor, { userId }));
      return (
        refused(result) ??
        done(result.ok && result.changed ? "users.sessions.allRevoked" : "users.sessions.noneRevoked", {
          count: result.ok ? (result.sessionsEnded ?? 0) : 0,
        })
      );
    }
    case "resetTwoFactor": {
      const result = await unitOfWork(db(), (tx) => resetAccountTwoFactor(tx, actor, { userId }));
      return refused(result) ?? done(result.ok && result.changed ? "users.twoFactorReset.done" : "users.twoFactorReset.alreadyOff");
    }
    case "note": {
      const result = await unitOfWork(db(), (tx) => addNote(tx, actor, { userId, body: input.body }));
      return refused(result) ?? done("users.notes.added");
    }
    case "adjust": {
      try {
        const result = await unitOfWork(db(), (tx) =>
          adjustAccountBalance(tx, actor, {
            userId,
            direction: input.direction,
            amountCents: input.amount,
            reason: input.reason,
            idempotencyKey: input.idempotencyKey,
          }),
        );
        if (!result.ok) throw data({ reason: "notFound" }, { status: 404 });
        const amount = formatMoney(input.amount, locale);
        return done(
          !result.changed ? "users.adjust.replayed" : input.direction === "credit" ? "users.adjust.credited" : "users.adjust.debited",
          { amount },
        );
      } catch (error) {
        if (error instanceof InsufficientFundsError) {
          const { availableCents } = await getBalances(db(), userId);
          return data(
            {
              intent,
              result: submission.reply({ formErrors: ["admin:users.adjust.insufficient"] }),
              available: formatMoney(availableCents, locale),
            },
            { status: 400 },
          );
        }
        if (error instanceof IdempotencyConflictError) {
          return data(
            { intent, result: submission.reply({ formErrors: ["admin:users.adjust.formReused"] }), available: null },
            { status: 409 },
          );
        }
        throw error;
      }
    }
  }
}

// ——— The page ———

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** A date and time in UTC (the same on the server and in the browser). */
function formatDateTime(iso: string, locale: string): string {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    dateTimeFormats.set(locale, format);
  }
  return `${format.format(new Date(iso))} UTC`;
}

function Section({ title, id, children, className = "" }: { title: string; id: string; children: React.ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-2xl border border-slate-200 bg-surface p-5 ${className}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,12rem)_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminUser() {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const loaded = useLoaderData<typeof loader>();
  const { account, notice } = loaded;
  const noticeValues = notice?.values?.role ? { ...notice.values, role: t(`users.roles.${notice.values.role}`) } : notice?.values;
  return (
    <div className="container-page py-10">
      <Link to={localePath(locale, "/admin/users")} className="text-sm font-semibold text-brand-700 hover:underline">
        {t("users.detail.back")}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words text-3xl font-bold tracking-tight">{account.name}</h1>
        <AccountStateBadge state={account.state} />
      </div>
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
      <div className="mt-6">
        <TwoFactorResetForm enabled={account.twoFactor} own={account.id === loaded.viewerId} />
      </div>
      <div className="mt-6 space-y-6">
        <SessionsSection sessions={loaded.sessions} />
        <LedgerSection ledger={loaded.ledger} />
        <CashbackSection cashback={loaded.cashback} />
        <ReferralsSection referrals={loaded.referrals} />
        <NotesSection notes={loaded.notes} />
      </div>
    </div>
  );
}

function ProfileSection({ account, plan }: { account: LoaderData["account"]; plan: LoaderData["plan"] }) {
  const { t } = useTranslation("admin");
  const { t: tp } = useTranslation("plans");
  const locale = usePageLocale();
  const planText =
    plan.kind === "trial"
      ? tp("summary.trial", { count: plan.daysLeft })
      : plan.kind === "plan"
        ? plan.pastDue
          ? tp("summary.pastDue", { plan: plan.plan })
          : tp(plan.ending ? "summary.ending" : "summary.active", { plan: plan.plan, date: formatDate(plan.date, locale) })
        : tp("summary.none");
  return (
    <Section title={t("users.profile.title")} id="profile-title">
      <Facts
        rows={[
          [t("users.profile.name"), account.name],
          [t("users.profile.email"), <span className="break-all">{account.email}</span>],
          [t("users.profile.role"), t(`users.roles.${account.role}`)],
          [t("users.profile.language"), isLocale(account.locale) ? LOCALE_NAMES[account.locale] : account.locale],
          [t("users.profile.joined"), formatDate(account.createdAt, locale)],
          [t("users.profile.emailVerified"), account.emailVerifiedAt ? formatDate(account.emailVerifiedAt, locale) : t("users.no")],
          [t("users.profile.twoFactor"), account.twoFactor ? t("users.profile.on") : t("users.profile.off")],
          [
            t("users.profile.suspended"),
            account.suspendedAt
              ? t("users.profile.suspendedSince", {
                  date: formatDateTime(account.suspendedAt, locale),
                  reason: account.suspendedReason ?? "",
                })
              : t("users.no"),
          ],
          [tp("summary.label"), <span data-testid="plan-summary">{planText}</span>],
        ]}
      />
    </Section>
  );
}

function BalancesSection({ balances }: { balances: LoaderData["balances"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  return (
    <Section title={t("users.balances.title")} id="balances-title">
      <Facts
        rows={[
          [
            t("users.balances.available"),
            <span className="font-semibold tabular-nums" data-testid="balance-available">
              {formatMoney(balances.availableCents, locale)}
            </span>,
          ],
          [t("users.balances.withdrawable"), <span className="tabular-nums">{formatMoney(balances.withdrawableCents, locale)}</span>],
          [t("users.balances.pending"), <span className="tabular-nums">{formatMoney(balances.pendingCashbackCents, locale)}</span>],
          [
            t("users.balances.withdrawals"),
            <span className="tabular-nums">{formatMoney(balances.withdrawalsInProgressCents, locale)}</span>,
          ],
          [t("users.balances.owed"), <span className="tabular-nums">{formatMoney(balances.owedCents, locale)}</span>],
        ]}
      />
    </Section>
  );
}

/** Conform's last result for one form: the action's answer only when it was this form's. */
function useIntentForm<T extends Record<string, unknown>>(intent: string) {
  const actionData = useActionData<typeof action>();
  const mine = actionData && "intent" in actionData && actionData.intent === intent ? actionData : undefined;
  const [form, fields] = useForm<T>({ id: `${intent}-form`, lastResult: mine?.result, shouldValidate: "onSubmit" });
  return { form, fields, available: mine?.available ?? null };
}

const selectClass = "block w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm text-slate-900";

function RoleForm({ role }: { role: Role }) {
  const { t } = useTranslation("admin");
  const { form, fields } = useIntentForm<{ role: string }>("role");
  return (
    <Section title={t("users.role.title")} id="role-title">
      <p className="mb-3 text-sm text-slate-600">{t("users.role.intro")}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="role" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.role.id} className="mb-1 block text-sm font-medium text-slate-800">
          {t("users.role.label")}
        </label>
        <select {...getSelectProps(fields.role)} defaultValue={role} className={selectClass}>
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`users.roles.${value}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-primary mt-4">
          {t("users.role.submit")}
        </button>
      </Form>
    </Section>
  );
}

function SuspensionForm({ suspended }: { suspended: boolean }) {
  const { t } = useTranslation("admin");
  const suspend = useIntentForm<{ reason: string }>("suspend");
  const reinstate = useIntentForm<Record<string, never>>("reinstate");
  return (
    <Section title={t("users.suspend.title")} id="suspend-title">
      {suspended ? (
        <Form method="post" {...getFormProps(reinstate.form)}>
          <input type="hidden" name="intent" value="reinstate" />
          <p className="mb-3 text-sm text-slate-600">{t("users.suspend.reinstateIntro")}</p>
          <FormErrors id={reinstate.form.errorId} errors={reinstate.form.errors} />
          <button type="submit" className="btn-primary">
            {t("users.suspend.reinstate")}
          </button>
        </Form>
      ) : (
        <Form method="post" {...getFormProps(suspend.form)}>
          <input type="hidden" name="intent" value="suspend" />
          <p className="mb-3 text-sm text-slate-600">{t("users.suspend.intro")}</p>
          <FormErrors id={suspend.form.errorId} errors={suspend.form.errors} />
          <Field
            labelProps={{ children: t("users.suspend.reason") }}
            inputProps={{ ...getInputProps(suspend.fields.reason, { type: "text" }), autoComplete: "off", maxLength: 300 }}
            errors={suspend.fields.reason.errors}
          />
          <button type="submit" className="btn-secondary">
            {t("users.suspend.submit")}
          </button>
        </Form>
      )}
    </Section>
  );
}

function TwoFactorResetForm({ enabled, own }: { enabled: boolean; own: boolean }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { form } = useIntentForm<Record<string, never>>("resetTwoFactor");
  return (
    <Section title={t("users.twoFactorReset.title")} id="two-factor-reset-title">
      {own ? (
        <p className="text-sm text-slate-600">
          {t("users.twoFactorReset.own")}{" "}
          <Link to={localePath(locale, "/admin/recovery-codes")} className="font-semibold text-brand-700 hover:underline">
            {t("users.twoFactorReset.ownLink")}
          </Link>
        </p>
      ) : enabled ? (
        <Form method="post" className="max-w-2xl" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="resetTwoFactor" />
          <p className="mb-3 text-sm text-slate-600">{t("users.twoFactorReset.intro")}</p>
          <FormErrors id={form.errorId} errors={form.errors} />
          <button type="submit" className="btn-secondary">
            {t("users.twoFactorReset.submit")}
          </button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">{t("users.twoFactorReset.off")}</p>
      )}
    </Section>
  );
}

function AdjustmentForm({ adjustmentKey }: { adjustmentKey: string }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { form, fields, available } = useIntentForm<{ direction: string; amount: string; reason: string }>("adjust");
  return (
    <Section title={t("users.adjust.title")} id="adjust-title">
      <p className="mb-3 text-sm text-slate-600">{t("users.adjust.intro")}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="adjust" />
        <input type="hidden" name="idempotencyKey" value={adjustmentKey} />
        <FormErrors id={form.errorId} errors={form.errors} values={{ amount: available ?? "" }} />
        <fieldset className="mb-4">
          <legend className="mb-1 block text-sm font-medium text-slate-800">{t("users.adjust.direction")}</legend>
          <div className="flex flex-wrap gap-4">
            {(["credit", "debit"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={fields.direction.name}
                  value={value}
                  defaultChecked={(fields.direction.initialValue ?? "credit") === value}
                />
                {t(`users.adjust.${value}`)}
              </label>
            ))}
          </div>
          {fields.direction.errors?.length ? (
            <p className="pt-1 text-xs font-medium text-red-700">{t(fields.direction.errors[0]!)}</p>
          ) : null}
        </fieldset>
        <Field
          labelProps={{ children: t("users.adjust.amount") }}
          inputProps={{
            ...getInputProps(fields.amount, { type: "text" }),
            inputMode: "decimal",
            autoComplete: "off",
            placeholder: formatAmountInput(0, locale),
          }}
          errors={fields.amount.errors}
        />
        <Field
          labelProps={{ children: t("users.adjust.reason") }}
          inputProps={{ ...getInputProps(fields.reason, { type: "text" }), autoComplete: "off", maxLength: 200 }}
          hint={t("users.adjust.reasonHint")}
          errors={fields.reason.errors}
        />
        <button type="submit" className="btn-primary">
          {t("users.adjust.submit")}
        </button>
      </Form>
    </Section>
  );
}

function SessionsSection({ sessions }: { sessions: LoaderData["sessions"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { form } = useIntentForm<Record<string, never>>("revokeAll");
  return (
    <Section title={t("users.sessions.title")} id="sessions-title">
      {sessions.length === 0 ? (
        <p className="text-sm text-slate-600">{t("users.sessions.empty")}</p>
      ) : (
        <>
          <DataTable
            caption={t("users.sessions.title")}
            testId="sessions-table"
            rows={sessions}
            rowKey={(session) => session.id}
            columns={[
              {
                key: "started",
                header: t("users.sessions.started"),
                className: "md:whitespace-nowrap",
                cell: (session) => formatDateTime(session.createdAt, locale),
              },
              {
                key: "lastSeen",
                header: t("users.sessions.lastSeen"),
                className: "md:whitespace-nowrap",
                cell: (session) => formatDateTime(session.lastSeenAt, locale),
              },
              {
                key: "remember",
                header: t("users.sessions.remember"),
                cell: (session) => (session.remember ? t("users.yes") : t("users.no")),
              },
              {
                key: "device",
                header: t("users.sessions.device"),
                className: "break-words text-xs text-slate-600 md:max-w-xs",
                cell: (session) => session.userAgent || t("users.sessions.unknownDevice"),
              },
              {
                key: "action",
                header: t("users.sessions.action"),
                cell: (session) => (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revokeSession" />
                    <input type="hidden" name="sessionId" value={session.id} />
                    <button type="submit" className="btn-secondary whitespace-nowrap">
                      {t("users.sessions.revoke")}
                    </button>
                  </Form>
                ),
              },
            ]}
          />
          <Form method="post" className="mt-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="revokeAll" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <button type="submit" className="btn-secondary">
              {t("users.sessions.revokeAll")}
            </button>
          </Form>
        </>
      )}
    </Section>
  );
}

function LedgerSection({ ledger }: { ledger: LoaderData["ledger"] }) {
  const { t } = useTranslation("admin");
  const { t: tw } = useTranslation("wallet");
  const locale = usePageLocale();
  return (
    <Section title={t("users.ledger.title")} id="ledger-title">
      {ledger.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("users.ledger.empty")}</p>
      ) : (
        <>
          <DataTable
            caption={t("users.ledger.title")}
            testId="ledger-table"
            rows={ledger.items}
            rowKey={(item) => item.id}
            columns={[
              {
                key: "date",
                header: t("users.ledger.date"),
                className: "md:whitespace-nowrap",
                cell: (item) => formatDate(item.createdAt, locale),
              },
              { key: "type", header: t("users.ledger.type"), cell: (item) => tw(`types.${item.type}`) },
              {
                key: "description",
                header: t("users.ledger.description"),
                className: "break-words",
                cell: (item) => labelText(item.label, tw),
              },
              { key: "status", header: t("users.ledger.status"), cell: (item) => tw(`statuses.${item.status}`) },
              {
                key: "amount",
                header: t("users.ledger.amount"),
                headerClassName: "text-right",
                className: "whitespace-nowrap font-semibold tabular-nums md:text-right",
                cell: (item) => (
                  <span className={item.direction === "credit" ? "text-green-800" : "text-slate-900"}>
                    {item.direction === "credit" ? "+" : "−"}
                    {formatMoney(item.amountCents, locale)}
                  </span>
                ),
              },
            ]}
          />
          <Pagination page={ledger.page} pageCount={ledger.pageCount} param="ledgerPage" />
        </>
      )}
    </Section>
  );
}

function CashbackSection({ cashback }: { cashback: LoaderData["cashback"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  return (
    <Section title={t("users.cashback.title")} id="cashback-title">
      {cashback.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("users.cashback.empty")}</p>
      ) : (
        <>
          <DataTable
            caption={t("users.cashback.title")}
            rows={cashback.items}
            rowKey={(row) => row.key}
            columns={[
              {
                key: "clicked",
                header: t("users.cashback.clicked"),
                className: "md:whitespace-nowrap",
                cell: (row) => formatDate(row.clickedAt, locale),
              },
              { key: "store", header: t("users.cashback.store"), cell: (row) => row.store.name },
              { key: "status", header: t("users.cashback.status"), cell: (row) => <StatusBadge status={row.status} /> },
              {
                key: "sale",
                header: t("users.cashback.sale"),
                className: "whitespace-nowrap tabular-nums",
                cell: (row) => (row.conversion ? formatMoney(row.conversion.saleAmountCents, locale) : "—"),
              },
              {
                key: "cashback",
                header: t("users.cashback.cashback"),
                className: "whitespace-nowrap tabular-nums",
                cell: (row) => (row.conversion ? formatMoney(row.conversion.cashbackCents, locale) : "—"),
              },
            ]}
          />
          <Pagination page={cashback.page} pageCount={cashback.pageCount} param="clicksPage" />
        </>
      )}
    </Section>
  );
}

function ReferralsSection({ referrals }: { referrals: LoaderData["referrals"] }) {
  const { t } = useTranslation("admin");
  const { t: tr } = useTranslation("referrals");
  const locale = usePageLocale();
  return (
    <Section title={t("users.referrals.title")} id="referrals-title">
      {referrals.length === 0 ? (
        <p className="text-sm text-slate-600">{t("users.referrals.empty")}</p>
      ) : (
        <DataTable
          caption={t("users.referrals.title")}
          rows={referrals}
          rowKey={(friend) => friend.id}
          columns={[
            { key: "name", header: t("users.referrals.name"), cell: (friend) => friend.name },
            {
              key: "signedUp",
              header: t("users.referrals.signedUp"),
              className: "md:whitespace-nowrap",
              cell: (friend) => formatDate(friend.signedUpAt, locale),
            },
            { key: "status", header: t("users.referrals.status"), cell: (friend) => tr(`statuses.${friend.status}`) },
            {
              key: "bonus",
              header: t("users.referrals.bonus"),
              className: "whitespace-nowrap tabular-nums",
              cell: (friend) => (friend.bonusCents !== null ? formatMoney(friend.bonusCents, locale) : "—"),
            },
          ]}
        />
      )}
    </Section>
  );
}

function NotesSection({ notes }: { notes: LoaderData["notes"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { form, fields } = useIntentForm<{ body: string }>("note");
  return (
    <Section title={t("users.notes.title")} id="notes-title">
      <p className="mb-3 text-sm text-slate-600">{t("users.notes.intro")}</p>
      <Form method="post" className="max-w-2xl" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="note" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextareaField
          labelProps={{ children: t("users.notes.label") }}
          textareaProps={{ ...getTextareaProps(fields.body), maxLength: NOTE_MAX_LENGTH, rows: 3 }}
          errors={fields.body.errors}
        />
        <button type="submit" className="btn-secondary">
          {t("users.notes.submit")}
        </button>
      </Form>
      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("users.notes.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="admin-notes">
          {notes.map((note) => (
            <li key={note.id} className="rounded-xl border border-slate-200 p-3">
              <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {t("users.notes.by", {
                  name: note.author?.name ?? t("users.notes.unknownAuthor"),
                  date: formatDateTime(note.createdAt, locale),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
