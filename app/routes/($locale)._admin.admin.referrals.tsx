/**
 * Held referrals (`/admin/referrals`): sign-ups from the referrer's own IP address or device wait
 * here, oldest first. Approve (field `referralId`, `intent=approve`: the referral counts again, and
 * a qualified one pays both bonuses now) or reject (`intent=reject`). Each decision is one unit of
 * work with its audit row (and the bonuses and notifications when it pays).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { AdminPage } from "~/components/admin/page-heading";
import { z } from "zod";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { DecisionForm } from "~/components/admin/decision-form";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { approveReferral, heldReferrals, rejectReferral } from "~/referrals/referrals.server";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { redirectWithFlash, pageWithNotice } from "~/utils/http.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin", "referrals"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return pageWithNotice(request, params, ["referrals", "admin.meta"], {
    held: await heldReferrals(db()),
  });
}

const DecisionSchema = z.object({ intent: z.enum(["approve", "reject"]), referralId: z.string().uuid() });

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale, formData: form } = await requireAdminForm(request, params);
  const parsed = DecisionSchema.safeParse({ intent: form.get("intent"), referralId: form.get("referralId") });
  if (!parsed.success) throw data({ error: "bad_request" }, { status: 400 });
  const { intent, referralId } = parsed.data;
  const result = await unitOfWork(db(), (tx) =>
    intent === "approve"
      ? approveReferral(tx, { referralId, adminId: actor.id, clientAddress: actor.clientAddress })
      : rejectReferral(tx, { referralId, adminId: actor.id, clientAddress: actor.clientAddress }),
  );
  const key = !result.ok
    ? "admin.alreadyDecided"
    : intent === "reject"
      ? "admin.rejected"
      : result.paid
        ? "admin.approvedPaid"
        : "admin.approved";
  throw await redirectWithFlash(localePath(locale, "/admin/referrals"), { kind: "notice", key });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminReferrals() {
  const { t, locale, loaderData } = usePage<typeof loader>("referrals");
  const { held, notice } = loaderData;
  return (
    <AdminPage title={t("admin.title")} intro={t("admin.intro")} notice={notice ? t(notice.key, notice.values) : null}>
      {held.length === 0 ? (
        <p className="mt-6 text-slate-600">{t("admin.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {held.map((item) => (
            <li key={item.id} className="rounded-2xl border border-slate-200 bg-surface p-5" data-testid="held-referral">
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="break-words font-semibold text-slate-900">{t("admin.friend", { email: item.friendEmail })}</p>
                  <p className="break-words text-slate-700">{t("admin.referrer", { email: item.referrerEmail })}</p>
                  <p className="text-slate-600">
                    {t("admin.signedUp", { date: formatDate(item.createdAt, locale) })}
                    {item.holdReason ? <> · {t(`admin.reasons.${item.holdReason}`)}</> : null}
                  </p>
                  {item.qualified ? <p className="font-semibold text-brand-800">{t("admin.qualified")}</p> : null}
                </div>
                <DecisionForm
                  className=""
                  item={{ name: "referralId", value: item.id }}
                  no={{ intent: "reject", label: t("admin.reject") }}
                  yes={{ intent: "approve", label: t("admin.approve") }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
