/** Admin withdrawals: the pending ones, each with Mark paid and Reject (funds return); both audited. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { db } from "~/db/db.server";
import { mailer } from "~/mail/mailer.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { decideWithdrawal, listPendingWithdrawals } from "~/wallet/admin.server";
import { LedgerError } from "~/wallet/ledger.server";

export const handle = { i18n: ["common", "admin", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      meta: await pageMeta(params, "admin", "withdrawals.meta"),
      notice: flash?.kind === "notice" ? flash : null,
      withdrawals: await listPendingWithdrawals(db()),
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await request.formData();
  const decision = formData.get("intent") === "reject" ? "rejected" : formData.get("intent") === "paid" ? "paid" : null;
  if (!decision) return data({ ok: false }, { status: 400 });
  let key = decision === "paid" ? "withdrawals.markedPaid" : "withdrawals.rejected";
  try {
    const { replayed } = await decideWithdrawal(db(), {
      adminId: user.id,
      transactionId: String(formData.get("transactionId") ?? ""),
      decision,
      reason: String(formData.get("reason") ?? "").slice(0, 300) || undefined,
      mailer: mailer(),
    });
    if (replayed) key = "withdrawals.alreadyDecided";
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    key = "withdrawals.alreadyDecided";
  }
  throw redirect(localePath(locale, "/admin/withdrawals"), { headers: { "Set-Cookie": await setFlash({ kind: "notice", key }) } });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminWithdrawals() {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { withdrawals, notice } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("withdrawals.title")}</h1>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}
      {withdrawals.length === 0 ? (
        <p className="mt-6 text-slate-600">{t("withdrawals.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="pending-withdrawals">
          {withdrawals.map((item) => (
            <li key={item.id} className="rounded-2xl border border-slate-200 bg-white p-5">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <p className="text-lg font-bold tabular-nums">{formatMoney(item.amountCents, locale)}</p>
                  <p className="text-sm text-slate-700">
                    {item.userName} · {item.userEmail}
                  </p>
                  <p className="text-xs text-slate-600">
                    {t(`wallet:withdraw.methods.${item.method}`)} · {item.destination} · {formatDate(item.createdAt, locale)}
                  </p>
                </div>
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="transactionId" value={item.id} />
                  <label className="sr-only" htmlFor={`reason-${item.id}`}>
                    {t("withdrawals.reason")}
                  </label>
                  <input id={`reason-${item.id}`} name="reason" placeholder={t("withdrawals.reason")} className="rounded-lg border border-slate-300 px-3 py-2 text-sm" />
                  <button type="submit" name="intent" value="reject" className="btn-secondary">
                    {t("withdrawals.reject")}
                  </button>
                  <button type="submit" name="intent" value="paid" className="btn-primary">
                    {t("withdrawals.markPaid")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
