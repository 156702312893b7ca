/**
 * Withdraw (`amount`, `method`, `destination`) in two steps. "Withdraw Funds" checks the form and
 * shows a review (amount, method, masked destination, expected arrival) without moving money;
 * "Confirm withdrawal" places the hold (pending), paid out by an administrator within 1-3 business
 * days. Quick amounts fill the amount (with JavaScript in the browser, without it through the
 * server, which then shows the review once the rest is filled in) and are offered only when the
 * balance covers them. The loader issues the form's idempotency key. A new payout destination (the
 * first one too) needs a recent proof of identity: re-authentication, then back to the form with the
 * amount and method as typed (the address is typed again: it never travels in a URL).
 */
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { requireRecentAuth, requireUser } from "~/auth/guards.server";
import { ErrorList, Field, FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { getSetting } from "~/settings/settings.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { setFlash } from "~/utils/flash.server";
import { filterAmountInput, formatAmountInput, formatMoney, parseAmount } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { WITHDRAWAL_QUICK_AMOUNTS, expectedPayoutDate, withdrawalSchema } from "~/wallet/amounts";
import { formatDate } from "~/utils/dates";
import { getBalances } from "~/wallet/balances.server";
import { AccountSuspendedError, FundsOnHoldError, IdempotencyConflictError, InsufficientFundsError } from "~/wallet/ledger.server";
import { getPayoutMethod } from "~/wallet/payout-methods.server";
import { requestMemberWithdrawal } from "~/wallet/withdrawals.server";
import { readForm } from "~/utils/form-data.server";
import { useHydrated } from "~/utils/use-hydrated";

export const handle = { i18n: ["common", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  // Back from re-authentication: the values the form had (only as the fields' starting values).
  const query = new URL(request.url).searchParams;
  const typed = (name: string) => (query.get(name) ?? "").slice(0, 200);
  // The payout address itself never travels in a URL (access logs, history): it is typed again.
  const draft = query.has("method") ? { amount: typed("amount"), method: typed("method"), destination: "" } : null;
  const [balances, saved, minimumCents] = await Promise.all([
    getBalances(db(), user.id),
    getPayoutMethod(db(), user.id),
    getSetting(db(), "minWithdrawalCents"),
  ]);
  return {
    minimumCents,
    availableCents: balances.availableCents,
    withdrawableCents: balances.withdrawableCents,
    onHoldCents: balances.onHoldCents,
    saved: saved ?? null,
    draft,
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, session } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const intent = formData.get("intent") === "confirm" ? "confirm" : formData.get("intent") === "edit" ? "edit" : "review";
  const quick = formData.get("quick");
  if (typeof quick === "string" && quick) formData.set("amount", quick);
  const [{ availableCents }, minimumCents] = await Promise.all([getBalances(db(), user.id), getSetting(db(), "minWithdrawalCents")]);
  const submission = parseWithZod(formData, { schema: withdrawalSchema(locale, availableCents, minimumCents) });
  if (intent === "edit") {
    // Back from the review to the form, with everything as it was typed (the form starts from these).
    const text = (name: string) => (typeof submission.payload[name] === "string" ? (submission.payload[name] as string) : "");
    return data({ result: null, review: null, edit: { amount: text("amount"), method: text("method"), destination: text("destination") } });
  }
  if (submission.status !== "success") {
    const result = submission.reply();
    // A quick amount only fills the amount: the rest of the form is not wrong for being empty yet.
    if (typeof quick === "string" && quick && result.error) result.error = { amount: result.error.amount ?? null };
    return data({ result, review: null }, { status: typeof quick === "string" && quick ? 200 : 400 });
  }
  const { amountCents, method, destination, idempotencyKey } = submission.value;
  // Paying out somewhere new, the first destination as much as a changed one, is sensitive: the
  // person must have proved who they are recently. Nothing is held or saved before; back from that
  // step, the form starts from what was typed.
  const saved = await getPayoutMethod(db(), user.id);
  if (!saved || saved.method !== method || saved.destination !== destination) {
    const typed = new URLSearchParams({ amount: String(submission.payload.amount ?? ""), method });
    requireRecentAuth(request, session, `${localePath(locale, "/dashboard/withdraw")}?${typed}`);
  }
  if (intent === "review") {
    return data({
      result: submission.reply(),
      review: {
        amount: formatAmountInput(amountCents, locale),
        amountCents,
        method,
        destination,
        arrival: expectedPayoutDate(Date.now()),
        remainingCents: availableCents - amountCents,
        idempotencyKey,
      },
    });
  }
  try {
    // One unit of work: the hold, the payout desk's row, the saved payout method and the notice.
    const { replayed } = await unitOfWork(db(), (tx) =>
      requestMemberWithdrawal(tx, { userId: user.id, amountCents, method, destination, idempotencyKey }),
    );
    throw redirect(localePath(locale, "/dashboard"), {
      headers: {
        "Set-Cookie": await setFlash({
          kind: "notice",
          key: replayed ? "withdraw.alreadyRequested" : "withdraw.held",
          values: { amount: formatMoney(amountCents, locale) },
        }),
      },
    });
  } catch (error) {
    if (error instanceof FundsOnHoldError) {
      return data(
        {
          result: submission.reply({ fieldErrors: { amount: ["validation.fundsOnHold"] } }),
          review: null,
          withdrawableCents: error.withdrawableCents,
        },
        { status: 400 },
      );
    }
    if (error instanceof InsufficientFundsError) {
      return data(
        { result: submission.reply({ fieldErrors: { amount: ["validation.insufficientBalance"] } }), review: null },
        { status: 400 },
      );
    }
    if (error instanceof IdempotencyConflictError) {
      return data({ result: submission.reply({ formErrors: ["validation.formReused"] }), review: null }, { status: 409 });
    }
    // Suspended while this request was on its way (a suspended account has no session after it).
    if (error instanceof AccountSuspendedError) {
      return data({ result: submission.reply({ formErrors: ["auth:signin.suspended"] }), review: null }, { status: 403 });
    }
    throw error;
  }
}

export default function Withdraw() {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  const actionData = useActionData<typeof action>();
  const review = actionData?.review ?? null;
  const edit = actionData && "edit" in actionData ? actionData.edit : null;
  const heading = (
    <div className="flex items-start justify-between gap-3">
      <h2 id="wallet-dialog-title" className="text-xl font-bold">
        {review ? t("withdraw.reviewTitle") : t("withdraw.title")}
      </h2>
      <Link to={localePath(locale, "/dashboard")} className="text-sm font-semibold text-slate-600 hover:text-slate-900">
        {t("close")}
      </Link>
    </div>
  );

  if (review) {
    const rows: Array<[string, string, string]> = [
      ["amount", t("withdraw.amount"), formatMoney(review.amountCents, locale)],
      ["method", t("withdraw.method"), t(`withdraw.methods.${review.method}`)],
      // In full: this step is where a typo in the address just typed must be caught.
      ["destination", t(review.method === "bank" ? "withdraw.destinationBank" : "withdraw.destinationPaypal"), review.destination],
      ["arrival", t("withdraw.arrival"), t("withdraw.arrivalBy", { date: formatDate(review.arrival, locale) })],
      ["remaining", t("withdraw.remainingLabel"), formatMoney(review.remainingCents, locale)],
    ];
    return (
      <div data-testid="withdraw-review">
        {heading}
        <p className="mt-2 text-sm text-slate-600">{t("withdraw.reviewText")}</p>
        <dl className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {rows.map(([key, label, value]) => (
            <div key={key} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid={`review-${key}`}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <Form method="post" className="mt-5 grid gap-2">
          <input type="hidden" name="amount" value={review.amount} />
          <input type="hidden" name="method" value={review.method} />
          <input type="hidden" name="destination" value={review.destination} />
          <input type="hidden" name="idempotencyKey" value={review.idempotencyKey} />
          <SubmitButton className="btn-primary w-full" name="intent" value="confirm" pendingLabel={t("withdraw.processing")}>
            {t("withdraw.confirm")}
          </SubmitButton>
          <button type="submit" name="intent" value="edit" className="btn-secondary w-full" formNoValidate>
            {t("withdraw.change")}
          </button>
        </Form>
        <p className="mt-3 text-xs text-slate-600">{t("withdraw.processingTime")}</p>
      </div>
    );
  }

  return (
    <div>
      {heading}
      {/* A new form for each way in (first visit, back from the review): it starts from those values. */}
      <WithdrawForm key={edit ? JSON.stringify(edit) : "new"} edit={edit} lastResult={actionData?.result ?? null} />
    </div>
  );
}

function WithdrawForm({
  edit,
  lastResult,
}: {
  edit: { amount: string; method: string; destination: string } | null;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  const { minimumCents, availableCents, withdrawableCents, onHoldCents, saved, draft, idempotencyKey } = useLoaderData<typeof loader>();
  const [form, fields] = useForm<{ amount: string; method: string; destination: string; idempotencyKey: string }>({
    id: "withdraw-form",
    lastResult,
    defaultValue: edit ?? draft ?? { method: saved?.method ?? "paypal", destination: saved?.destination ?? "" },
    shouldValidate: "onSubmit",
  });
  const initialAmount = typeof fields.amount.initialValue === "string" ? fields.amount.initialValue : "";
  const [typed, setTyped] = useState(initialAmount);
  const [method, setMethod] = useState<string>(typeof fields.method.initialValue === "string" ? fields.method.initialValue : "paypal");
  const parsedTyped = parseAmount(typed, locale);
  const typedCents = parsedTyped.ok && parsedTyped.cents > 0 ? parsedTyped.cents : null;
  const hydrated = useHydrated();
  const quickAmounts = WITHDRAWAL_QUICK_AMOUNTS.filter((amount) => amount * 100 <= withdrawableCents).slice(0, 6);

  return (
    <>
      <p className="mt-2 text-sm text-slate-600">
        {t("withdraw.available")}{" "}
        <strong className="text-slate-900" data-testid="withdraw-available">
          {formatMoney(availableCents, locale)}
        </strong>
      </p>
      {withdrawableCents < minimumCents ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="withdraw-unavailable">
          {onHoldCents > 0
            ? t("dashboard.withdrawOnHold", { minimum: formatMoney(minimumCents, locale), amount: formatMoney(onHoldCents, locale) })
            : t("dashboard.withdrawUnavailable", {
                minimum: formatMoney(minimumCents, locale),
                amount: formatMoney(withdrawableCents, locale),
              })}
        </p>
      ) : null}
      {onHoldCents > 0 ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="withdraw-on-hold">
          {t("withdraw.onHold", { held: formatMoney(onHoldCents, locale), withdrawable: formatMoney(withdrawableCents, locale) })}
        </p>
      ) : null}
      <Form method="post" className="mt-5" {...getFormProps(form)}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* Enter in a field submits the first submit button: the review, not a quick amount. */}
        <button type="submit" name="intent" value="review" className="sr-only" tabIndex={-1} aria-hidden="true" />
        <FormErrors id={form.errorId} errors={form.errors} />
        {quickAmounts.length ? (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">{t("withdraw.quick")}</legend>
            <div className="grid grid-cols-3 gap-2">
              {quickAmounts.map((amount) => (
                <button
                  key={amount}
                  type="submit"
                  name="quick"
                  value={String(amount)}
                  formNoValidate
                  aria-pressed={typedCents === amount * 100}
                  className={`btn-secondary ${typedCents === amount * 100 ? "border-brand-700 bg-brand-50" : ""}`}
                  onClick={(event) => {
                    // With JavaScript the chip only fills the amount; without it the server does.
                    event.preventDefault();
                    const input = event.currentTarget.form?.elements.namedItem("amount");
                    if (input instanceof HTMLInputElement) {
                      input.value = String(amount);
                      input.focus();
                    }
                    setTyped(String(amount));
                  }}
                >
                  {formatMoney(amount * 100, locale)}
                </button>
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className="mt-4">
          <Field
            labelProps={{ children: t("withdraw.amount") }}
            inputProps={{
              ...getInputProps(fields.amount, { type: "text" }),
              inputMode: "decimal",
              placeholder: formatAmountInput(0, locale),
              autoComplete: "off",
              onInput: (event) => {
                event.currentTarget.value = filterAmountInput(event.currentTarget.value);
                setTyped(event.currentTarget.value);
              },
            }}
            errors={fields.amount.errors}
            errorValues={{ minimum: formatMoney(minimumCents, locale) }}
            hint={
              typedCents !== null && typedCents > 0 && typedCents <= availableCents
                ? t("withdraw.remaining", { amount: formatMoney(availableCents - typedCents, locale) })
                : undefined
            }
          />
        </div>
        <div className="group">
          <div>
            <label htmlFor={fields.method.id} className="mb-1 block text-sm font-medium text-slate-800">
              {t("withdraw.method")}
            </label>
            <select
              {...getSelectProps(fields.method)}
              onChange={(event) => setMethod(event.currentTarget.value)}
              className="block w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm"
            >
              <option value="paypal">{t("withdraw.methods.paypal")}</option>
              <option value="bank">{t("withdraw.methods.bank")}</option>
            </select>
            <ErrorList errors={fields.method.errors} />
          </div>
          <Field
            labelProps={{
              // The label follows the chosen method: without JavaScript through CSS (:has on the
              // select's checked option), with it from the state, as one text.
              children: hydrated ? (
                t(method === "bank" ? "withdraw.destinationBank" : "withdraw.destinationPaypal")
              ) : (
                <>
                  <span className="group-has-[option[value=bank]:checked]:hidden">{t("withdraw.destinationPaypal")}</span>
                  <span className="hidden group-has-[option[value=bank]:checked]:inline">{t("withdraw.destinationBank")}</span>
                </>
              ),
            }}
            inputProps={{
              ...getInputProps(fields.destination, { type: "text" }),
              placeholder: t(method === "bank" ? "withdraw.placeholderBank" : "withdraw.placeholderPaypal"),
              autoComplete: "off",
            }}
            errors={fields.destination.errors}
          />
        </div>
        <SubmitButton className="btn-primary w-full" name="intent" value="review" pendingLabel={t("withdraw.checking")}>
          {t("withdraw.submit")}
        </SubmitButton>
        <p className="mt-3 text-xs text-slate-600">{t("withdraw.processingTime")}</p>
        <p className="text-xs text-slate-600">{t("withdraw.minimum")}</p>
      </Form>
    </>
  );
}
