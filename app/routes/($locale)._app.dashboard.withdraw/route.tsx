/**
 * Withdraw (`amount`, `method`, `destination`) in two steps. "Withdraw Funds" checks the form and
 * shows a review (amount, method, masked destination, expected arrival) without moving money;
 * "Confirm withdrawal" places the hold (pending), paid out by an administrator within 1-3 business
 * days. Quick amounts fill the amount (with JavaScript in the browser, without it through the
 * server, which then shows the review once the rest is filled in) and are offered only when the
 * balance covers them. The loader issues the form's idempotency key. A new payout destination (the
 * first one too) needs a recent proof of identity: re-authentication, then back to the form with the
 * amount and method as typed (the address is typed again: it never travels in a URL). The steps'
 * handlers are in `actions.server.ts`.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser, requireUserForm } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { getSetting } from "~/settings/settings.server";
import { localePath } from "~/utils/paths";
import { getBalances } from "~/wallet/balances.server";
import { getPayoutMethod } from "~/wallet/payout-methods.server";
import * as handlers from "./actions.server";
import { WithdrawReview } from "./review";
import { WithdrawForm } from "./withdraw-form";

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
  const { user, session, locale, formData } = await requireUserForm(request, params);
  const intent = handlers.WithdrawIntent.parse(formData.get("intent"));
  const quick = formData.get("quick");
  const [{ availableCents }, minimumCents] = await Promise.all([getBalances(db(), user.id), getSetting(db(), "minWithdrawalCents")]);
  const ctx: handlers.WithdrawAction = {
    request,
    session,
    userId: user.id,
    locale,
    availableCents,
    quick: typeof quick === "string" ? quick : "",
  };
  const submission = handlers.readWithdrawal(formData, ctx, minimumCents);
  switch (intent) {
    case "edit":
      return handlers.edit(submission);
    case "review":
      return handlers.review(ctx, submission);
    case "confirm":
      return handlers.confirm(ctx, submission);
  }
}

export type WithdrawActionData = ReturnType<typeof useActionData<typeof action>>;

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

  if (review) return <WithdrawReview review={review} heading={heading} />;

  return (
    <div>
      {heading}
      {/* A new form for each way in (first visit, back from the review): it starts from those values. */}
      <WithdrawForm key={edit ? JSON.stringify(edit) : "new"} edit={edit} lastResult={actionData?.result ?? null} />
    </div>
  );
}
