/**
 * The account page's actions (`/admin/users/:userId`), one handler per form `intent`: change the
 * role, suspend and reinstate, end one or every session, reset two-factor authentication, add a
 * note, adjust the balance, and adjust the loyalty points. Each is one unit of work with its one audit row
 * (`app/users/admin.server.ts`); a refusal answers at its form (400), a success goes back to the
 * page with a notice.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { z } from "zod";
import type { Actor } from "~/audit/audit.server";
import { db } from "~/db/db.server";
import { ROLES } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { adjustPoints, LoyaltyError, loyaltySummary } from "~/loyalty/points.server";
import { MAX_LOYALTY_POINTS } from "~/settings/defaults";
import { numberFormat } from "~/utils/intl";
import { NOTE_MAX_LENGTH } from "~/users/account-states";
import {
  addNote,
  adjustAccountBalance,
  changeRole,
  reinstateAccount,
  resetAccountTwoFactor,
  revokeAccountSession,
  revokeAccountSessions,
  suspendAccount,
  type ActionResult,
} from "~/users/admin.server";
import { formatMoney } from "~/utils/money";
import { MAX_DEPOSIT_CENTS, amountField } from "~/wallet/amounts";
import { getBalances } from "~/wallet/balances.server";
import { IdempotencyConflictError, InsufficientFundsError } from "~/wallet/ledger.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";

/** The largest single adjustment (the top-up limit): more is a deliberate series of them. */
const MAX_ADJUSTMENT_CENTS = MAX_DEPOSIT_CENTS;

const text = (max: number, required: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, "admin:users.errors.tooLong");

const POINTS_INVALID = "admin:users.loyalty.pointsInvalid";

export const actionSchema = (locale: string) =>
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
    z.object({
      intent: z.literal("adjustPoints"),
      points: z
        .number({ required_error: POINTS_INVALID, invalid_type_error: POINTS_INVALID })
        .int(POINTS_INVALID)
        .min(-MAX_LOYALTY_POINTS, POINTS_INVALID)
        .max(MAX_LOYALTY_POINTS, POINTS_INVALID)
        .refine((points) => points !== 0, POINTS_INVALID),
      reason: text(200, "admin:users.loyalty.reasonRequired"),
      idempotencyKey: z.string().uuid(),
    }),
    z.object({ intent: z.literal("revokeSession"), sessionId: z.string().uuid() }),
    z.object({ intent: z.literal("revokeAll") }),
    z.object({ intent: z.literal("resetTwoFactor") }),
    z.object({ intent: z.literal("note"), body: text(NOTE_MAX_LENGTH, "admin:users.notes.required") }),
  ]);

type Input = z.infer<ReturnType<typeof actionSchema>>;
type Of<I extends Input["intent"]> = Extract<Input, { intent: I }>;

/** Changing what an account may do, or its money: the admin proves who they are again first. */
export const SENSITIVE: ReadonlySet<Input["intent"]> = new Set(["role", "suspend", "adjust", "adjustPoints", "resetTwoFactor"]);

const REFUSALS = {
  self: "admin:users.errors.self",
  lastAdmin: "admin:users.errors.lastAdmin",
  selfTwoFactor: "admin:users.twoFactorReset.self",
} as const;

/** What each handler is given. */
export interface AccountAction {
  request: Request;
  actor: Actor;
  userId: string;
  locale: Locale;
  /** The account's page, where a success goes back to. */
  page: string;
  /** The submitted intent, sent back so the page shows the answer at its form. */
  intent: string;
  reply: (options?: { formErrors: string[] }) => SubmissionResult<string[]>;
}

function refused(ctx: AccountAction, result: ActionResult) {
  if (result.ok) return null;
  if (result.reason === "notFound") throw notFound();
  return data({ intent: ctx.intent, result: ctx.reply({ formErrors: [REFUSALS[result.reason]] }), available: null }, { status: 400 });
}

/** A refusal at its form; else back to the page with `changed`, or `unchanged` when there was nothing to change. */
function settle(ctx: AccountAction, result: ActionResult, changed: string, unchanged: string, values?: Record<string, string | number>) {
  return refused(ctx, result) ?? done(ctx, result.ok && result.changed ? changed : unchanged, values);
}

/** How many sessions a suspension or "end every session" ended, for its notice. */
const ended = (result: ActionResult & { sessionsEnded?: number }) => ({ count: result.ok ? (result.sessionsEnded ?? 0) : 0 });

async function done(ctx: AccountAction, key: string, values?: Record<string, string | number>): Promise<never> {
  const back = new URL(ctx.request.url);
  back.searchParams.delete("index");
  throw await redirectWithFlash(`${ctx.page}${back.search}`, { kind: "notice", key, values });
}

export async function changeAccountRole(ctx: AccountAction, input: Of<"role">) {
  const result = await unitOfWork(db(), (tx) => changeRole(tx, ctx.actor, { userId: ctx.userId, role: input.role }));
  return settle(ctx, result, "users.role.changed", "users.role.unchanged", { role: input.role });
}

export async function suspend(ctx: AccountAction, input: Of<"suspend">) {
  const result = await unitOfWork(db(), (tx) => suspendAccount(tx, ctx.actor, { userId: ctx.userId, reason: input.reason }));
  return settle(ctx, result, "users.suspend.done", "users.suspend.already", ended(result));
}

export async function reinstate(ctx: AccountAction) {
  const result = await unitOfWork(db(), (tx) => reinstateAccount(tx, ctx.actor, { userId: ctx.userId }));
  return settle(ctx, result, "users.suspend.reinstated", "users.suspend.notSuspended");
}

export async function revokeSession(ctx: AccountAction, input: Of<"revokeSession">) {
  const result = await unitOfWork(db(), (tx) => revokeAccountSession(tx, ctx.actor, { userId: ctx.userId, sessionId: input.sessionId }));
  return settle(ctx, result, "users.sessions.revoked", "users.sessions.noneRevoked");
}

export async function revokeAll(ctx: AccountAction) {
  const result = await unitOfWork(db(), (tx) => revokeAccountSessions(tx, ctx.actor, { userId: ctx.userId }));
  return settle(ctx, result, "users.sessions.allRevoked", "users.sessions.noneRevoked", ended(result));
}

export async function resetTwoFactor(ctx: AccountAction) {
  const result = await unitOfWork(db(), (tx) => resetAccountTwoFactor(tx, ctx.actor, { userId: ctx.userId }));
  return settle(ctx, result, "users.twoFactorReset.done", "users.twoFactorReset.alreadyOff");
}

export async function note(ctx: AccountAction, input: Of<"note">) {
  const result = await unitOfWork(db(), (tx) => addNote(tx, ctx.actor, { userId: ctx.userId, body: input.body }));
  return refused(ctx, result) ?? done(ctx, "users.notes.added");
}

/** Credit or debit the account; the form's nonce makes a double submit post once. */
export async function adjust(ctx: AccountAction, input: Of<"adjust">) {
  try {
    const result = await unitOfWork(db(), (tx) =>
      adjustAccountBalance(tx, ctx.actor, {
        userId: ctx.userId,
        direction: input.direction,
        amountCents: input.amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
      }),
    );
    if (!result.ok) throw notFound();
    const amount = formatMoney(input.amount, ctx.locale);
    return done(
      ctx,
      !result.changed ? "users.adjust.replayed" : input.direction === "credit" ? "users.adjust.credited" : "users.adjust.debited",
      { amount },
    );
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      const { availableCents } = await getBalances(db(), ctx.userId);
      return data(
        {
          intent: ctx.intent,
          result: ctx.reply({ formErrors: ["admin:users.adjust.insufficient"] }),
          available: formatMoney(availableCents, ctx.locale),
        },
        { status: 400 },
      );
    }
    if (error instanceof IdempotencyConflictError) {
      return data(
        { intent: ctx.intent, result: ctx.reply({ formErrors: ["admin:users.adjust.formReused"] }), available: null },
        { status: 409 },
      );
    }
    throw error;
  }
}

/** Add or take away loyalty points (audited, the member told); the form's nonce makes a double submit post once. */
export async function adjustLoyaltyPoints(ctx: AccountAction, input: Of<"adjustPoints">) {
  const number = numberFormat(ctx.locale);
  try {
    const { replayed } = await unitOfWork(db(), (tx) =>
      adjustPoints(tx, {
        userId: ctx.userId,
        points: input.points,
        reason: input.reason,
        adminId: ctx.actor.id,
        idempotencyKey: input.idempotencyKey,
        clientAddress: ctx.actor.clientAddress,
      }),
    );
    const key = replayed ? "users.loyalty.replayed" : input.points > 0 ? "users.loyalty.added" : "users.loyalty.taken";
    return done(ctx, key, { points: number.format(Math.abs(input.points)) });
  } catch (error) {
    if (!(error instanceof LoyaltyError)) throw error;
    if (error.code === "not_found") throw notFound();
    const held = error.code === "insufficient_points" ? (await loyaltySummary(db(), ctx.userId)).balancePoints : null;
    const message = {
      insufficient_points: "admin:users.loyalty.insufficient",
      reason_required: "admin:users.loyalty.reasonRequired",
      invalid_points: POINTS_INVALID,
    }[error.code];
    return data(
      { intent: ctx.intent, result: ctx.reply({ formErrors: [message] }), available: held === null ? null : number.format(held) },
      { status: 400 },
    );
  }
}
