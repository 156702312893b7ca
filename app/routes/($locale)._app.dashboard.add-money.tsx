/**
 * Add Money (`amount`): quick amounts (submit buttons, no JS needed) or a custom amount, then the
 * payment provider's checkout. The loader issues the form's idempotency key.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { requireUser, requireUserForm } from "~/auth/guards.server";
import { FormErrors, SubmitButton } from "~/components/forms";
import { AmountField } from "~/components/wallet/amount-field";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { DEPOSIT_QUICK_AMOUNTS, depositSchema } from "~/wallet/amounts";
import { startTopUp } from "~/wallet/payments.server";
import { paymentProvider } from "~/wallet/sandbox-provider.server";
import { getSetting } from "~/settings/settings.server";
import { IdempotencyConflictError } from "~/wallet/ledger.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  // Card top-ups are withdrawable only after the hold (the sandbox has none): say so before paying.
  const holdDays = paymentProvider().name === "stripe" ? await getSetting(db(), "cardDepositHoldDays") : 0;
  return { idempotencyKey: crypto.randomUUID(), holdDays };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, locale, formData } = await requireUserForm(request, params);
  // A quick-amount button sends its own amount.
  const quick = formData.get("quick");
  if (typeof quick === "string" && quick) formData.set("amount", quick);
  const submission = parseWithZod(formData, { schema: depositSchema(locale) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { redirectTo } = await startTopUp(db(), paymentProvider(), {
      userId: user.id,
      amountCents: submission.value.amount,
      idempotencyKey: submission.value.idempotencyKey,
      locale,
      returnUrl: (paymentId) => localePath(locale, `/dashboard/add-money/${paymentId}`),
      cancelUrl: localePath(locale, "/dashboard"),
    });
    throw redirect(redirectTo);
  } catch (error) {
    if (error instanceof IdempotencyConflictError)
      return data({ result: submission.reply({ formErrors: ["validation.formReused"] }) }, { status: 409 });
    throw error;
  }
}

export default function AddMoney() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("wallet");
  const { idempotencyKey, holdDays } = loaderData;
  const [form, fields] = useForm<{ amount: string; idempotencyKey: string }>({
    id: "add-money-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(depositSchema(locale)),
    shouldValidate: "onSubmit",
  });
  return (
    <div>
      <div className="flex items-start justify-between">
        <h2 id="wallet-dialog-title" className="text-xl font-bold">
          {t("deposit.title")}
        </h2>
        <Link to={localePath(locale, "/dashboard")} className="text-sm font-semibold text-slate-600 hover:text-slate-900">
          {t("close")}
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">{t("deposit.subtitle")}</p>
      <Form method="post" className="mt-5" {...getFormProps(form)}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t("deposit.quick")}</legend>
          <div className="grid grid-cols-3 gap-2">
            {DEPOSIT_QUICK_AMOUNTS.map((amount) => (
              <button key={amount} type="submit" name="quick" value={String(amount)} className="btn-secondary" formNoValidate>
                {formatMoney(amount * 100, locale)}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="mt-5">
          <AmountField field={fields.amount} label={t("deposit.custom")} />
        </div>
        <SubmitButton className="btn-primary w-full" pendingLabel={t("deposit.processing")}>
          {t("deposit.submit")}
        </SubmitButton>
        <p className="mt-3 text-xs text-slate-600">{t("deposit.limits")}</p>
        {holdDays > 0 ? <p className="mt-1 text-xs text-slate-600">{t("deposit.hold", { count: holdDays })}</p> : null}
      </Form>
    </div>
  );
}
