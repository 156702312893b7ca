/**
 * The sandbox provider's hosted checkout (served by the app in the embedded default): Pay, make
 * the payment fail, or cancel. Paying or failing sends the signed webhook event, then returns the
 * visitor to the status page, exactly like a real provider's checkout would.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { NotFoundScreen } from "~/utils/error-screen";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { requireSameOrigin } from "~/security/csrf.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { getPayment } from "~/wallet/payments.server";
import { configuredSandbox, sendSandboxEvent } from "~/wallet/sandbox-provider.server";
import { readForm } from "~/utils/form-data.server";
import { formIntent, notFound, notFoundPage } from "~/utils/http.server";
import { SubmitButton } from "~/components/submit-button";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const payment = configuredSandbox() ? await getPayment(db(), params.paymentId ?? "", user.id) : undefined;
  if (!payment || payment.provider !== "sandbox") return notFoundPage(params, { payment: null });
  return {
    payment: { id: payment.id, amountCents: payment.amountCents, status: payment.status, purpose: payment.purpose },
    meta: await pageMeta(params, "wallet", "sandbox.meta"),
  };
}

type SandboxPayment = NonNullable<Awaited<ReturnType<typeof getPayment>>>;

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const payment = configuredSandbox() ? await getPayment(db(), params.paymentId ?? "", user.id) : undefined;
  if (!payment || payment.provider !== "sandbox") throw notFound();
  const plan = payment.purpose === "plan";
  // The checkout's buttons: Pay (also a form sent with no intent), Fail, Cancel.
  switch (formIntent(await readForm(request), ["pay", "fail", "cancel"], "pay")) {
    case "cancel":
      throw redirect(localePath(locale, plan ? "/plans" : "/dashboard"));
    case "fail":
      return settle(payment, "payment.failed", locale);
    case "pay":
      return settle(payment, "payment.succeeded", locale);
  }
}

/** Pay or fail: the sandbox's webhook event for a pending payment, then back to the page that started it. */
async function settle(payment: SandboxPayment, event: "payment.failed" | "payment.succeeded", locale: Locale): Promise<never> {
  if (payment.status === "pending") {
    const status = await sendSandboxEvent(payment, event);
    if (status !== 200) console.error(`sandbox webhook answered ${status} for payment ${payment.id}`);
  }
  throw redirect(localePath(locale, payment.purpose === "plan" ? `/plans?payment=${payment.id}` : `/dashboard/add-money/${payment.id}`));
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function SandboxCheckout() {
  const { t, locale, loaderData } = usePage<typeof loader>("wallet");
  const { payment } = loaderData;
  if (!payment) return <NotFoundScreen />;
  return (
    <div className="container-page flex justify-center py-12">
      <section
        className="w-full max-w-md rounded-2xl border-2 border-dashed border-amber-400 bg-surface p-8"
        aria-labelledby="checkout-title"
      >
        <p className="text-xs font-bold uppercase tracking-wide text-amber-800">{t("sandbox.badge")}</p>
        <h1 id="checkout-title" className="mt-2 text-2xl font-bold">
          {t("sandbox.title")}
        </h1>
        <p className="mt-2 text-sm text-slate-600">{t("sandbox.text")}</p>
        <p className="mt-6 text-4xl font-extrabold tabular-nums" data-testid="checkout-amount">
          {formatMoney(payment.amountCents, locale)}
        </p>
        {payment.status === "pending" ? (
          <Form method="post" className="mt-6 grid gap-2">
            {(["pay", "fail", "cancel"] as const).map((intent) => (
              <SubmitButton key={intent} intent={intent} className={intent === "pay" ? "btn-primary" : "btn-secondary"}>
                {t(`sandbox.${intent}`)}
              </SubmitButton>
            ))}
          </Form>
        ) : (
          <Link
            to={localePath(locale, payment.purpose === "plan" ? `/plans?payment=${payment.id}` : `/dashboard/add-money/${payment.id}`)}
            className="btn-primary mt-6 w-full"
          >
            {t("deposit.backToDashboard")}
          </Link>
        )}
      </section>
    </div>
  );
}
