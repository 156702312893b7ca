/**
 * The withdrawal form: quick amounts (offered only when the withdrawable balance covers them), the
 * amount with what remains, the method and the destination (its label follows the method).
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { ErrorList, Field, FormErrors, SubmitButton } from "~/components/forms";
import { formatMoney, parseAmount } from "~/utils/money";
import { AmountField } from "~/components/wallet/amount-field";
import { useHydrated } from "~/utils/use-hydrated";
import { WITHDRAWAL_QUICK_AMOUNTS } from "~/wallet/amounts";
import type { loader } from "./route";
import { usePage } from "~/i18n/react";

export function WithdrawForm({
  edit,
  lastResult,
}: {
  edit: { amount: string; method: string; destination: string } | null;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t, locale, loaderData } = usePage<typeof loader>("wallet");
  const { minimumCents, availableCents, withdrawableCents, onHoldCents, saved, draft, idempotencyKey } = loaderData;
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
          <AmountField
            field={fields.amount}
            label={t("withdraw.amount")}
            onTyped={setTyped}
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
