/**
 * Admin settings (`/admin/settings`): two forms, each change audited in the same unit of work
 * (`actions.server.ts`).
 *
 * - The wallet (`intent=wallet`, the default): the hold on card top-ups before they can be
 *   withdrawn, field `cardDepositHoldDays`; the days stores usually take to confirm cashback,
 *   `cashbackConfirmationDays`; the minimum withdrawal in dollars, `minWithdrawal`; the referral
 *   programme's qualifying amount and both bonuses in dollars, `referralQualifying`,
 *   `referralBonusReferrer`, `referralBonusFriend`; the partner programme's commission share in
 *   percent, `partnerCommissionPercent`.
 * - Loyalty points (`intent=loyalty`, button "Save loyalty settings"): points per $1.00 of cashback
 *   `loyaltyCashbackPointsPerDollar`, per referral `loyaltyReferralPoints`, per $1.00 of plan
 *   payments `loyaltyPlanPointsPerDollar`; the levels' thresholds `loyaltySilverPoints`,
 *   `loyaltyGoldPoints`, `loyaltyPlatinumPoints` (rising); each level's success fee in percent
 *   `loyaltyFeeBronzePercent`, `loyaltyFeeSilverPercent`, `loyaltyFeeGoldPercent`,
 *   `loyaltyFeePlatinumPercent` (stored in basis points; never rising with the level); a redemption
 *   step `loyaltyRedeemStepPoints` and its value in dollars `loyaltyRedeemStepDollars`; expiry
 *   `loyaltyExpiryMonths`, its warning `loyaltyExpiryWarningDays`, and the level window
 *   `loyaltyLevelWindowMonths` (loyalty-schema.ts).
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { AdminPage } from "~/components/admin/page-heading";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { useTranslation } from "~/i18n/react";
import { getSettings } from "~/settings/settings.server";
import { formIntent, redirectWithFlash, pageWithNotice } from "~/utils/http.server";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import * as handlers from "./actions.server";
import { LoyaltySettingsForm } from "./loyalty-form";
import { LoyaltySettingsSchema } from "./loyalty-schema";
import { WalletSettingsForm } from "./wallet-form";
import { WalletSettingsSchema } from "./wallet-schema";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return pageWithNotice(request, params, ["admin", "settings.meta"], {
    settings: await getSettings(db()),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale, formData } = await requireAdminForm(request, params);
  const intent = formIntent(formData, ["wallet", "loyalty"], "wallet");
  switch (intent) {
    case "loyalty": {
      const submission = parseWithZod(formData, { schema: LoyaltySettingsSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      await handlers.saveLoyalty(actor, submission.value);
      throw await redirectWithFlash(localePath(locale, "/admin/settings"), { kind: "notice", key: "settings.loyalty.saved" });
    }
    default: {
      const submission = parseWithZod(formData, { schema: WalletSettingsSchema });
      if (submission.status !== "success") return data({ intent: "wallet" as const, result: submission.reply() }, { status: 400 });
      await handlers.saveWallet(actor, submission.value);
      throw await redirectWithFlash(localePath(locale, "/admin/settings"), { kind: "notice", key: "settings.saved" });
    }
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export type SettingsData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminSettings() {
  const { t } = useTranslation("admin");
  const { settings, notice } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("settings.title")} notice={notice ? t(notice.key, notice.values) : null}>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <WalletSettingsForm settings={settings} />
        <LoyaltySettingsForm settings={settings} />
      </div>
    </AdminPage>
  );
}
