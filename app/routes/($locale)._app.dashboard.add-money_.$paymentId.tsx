/** The return page after a checkout: pending, paid or failed, read from the payment (never from the URL). */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { NotFoundScreen } from "~/utils/error-screen";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { getPayment } from "~/wallet/payments.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const payment = await getPayment(db(), params.paymentId ?? "", user.id);
  if (!payment) return data({ payment: null }, { status: 404 });
  return { payment: { id: payment.id, amountCents: payment.amountCents, status: payment.status } };
}

export default function TopUpStatus() {
  const { t, locale, loaderData } = usePage<typeof loader>("wallet");
  const { payment } = loaderData;
  if (!payment) return <NotFoundScreen />;
  return (
    <div>
      <h2 id="wallet-dialog-title" className="text-xl font-bold">
        {t(`deposit.status.${payment.status}.title`)}
      </h2>
      <p role="status" className="mt-3 text-slate-700" data-testid="payment-status">
        {t(`deposit.status.${payment.status}.text`, { amount: formatMoney(payment.amountCents, locale) })}
      </p>
      <div className="mt-6 flex gap-2">
        {payment.status === "pending" ? (
          <Link to={localePath(locale, `/dashboard/add-money/${payment.id}`)} className="btn-secondary">
            {t("deposit.refresh")}
          </Link>
        ) : null}
        <Link to={localePath(locale, "/dashboard")} className="btn-primary">
          {t("deposit.backToDashboard")}
        </Link>
      </div>
    </div>
  );
}
