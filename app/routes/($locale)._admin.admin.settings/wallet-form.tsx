/** The settings page's wallet form (`intent=wallet`): card top-up hold, confirmation window, minimum withdrawal, referrals, partners. */
import { getFormProps } from "@conform-to/react";
import { useZodForm } from "~/components/zod-form";
import { Form, useActionData } from "@remix-run/react";
import { FormErrors, SubmitButton } from "~/components/forms";
import { Section } from "~/components/section";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { numberFormat } from "~/utils/intl";
import { centsToDecimalString } from "~/utils/money";
import type { action, SettingsData } from "./route";
import { SettingField } from "./setting-field";
import { WalletSettingsSchema } from "./wallet-schema";

export function WalletSettingsForm({ settings }: { settings: SettingsData["settings"] }) {
  const { t } = useTranslation("admin");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(WalletSettingsSchema, {
    id: "admin-settings",
    lastResult: actionData?.intent === "wallet" ? actionData.result : undefined,
    defaultValue: {
      cardDepositHoldDays: String(settings.cardDepositHoldDays),
      cashbackConfirmationDays: String(settings.cashbackConfirmationDays),
      minWithdrawal: centsToDecimalString(settings.minWithdrawalCents),
      referralQualifying: centsToDecimalString(settings.referralQualifyingCents),
      referralBonusReferrer: centsToDecimalString(settings.referralBonusReferrerCents),
      referralBonusFriend: centsToDecimalString(settings.referralBonusFriendCents),
      partnerCommissionPercent: String(settings.partnerCommissionBps / 100),
    },
    shouldValidate: "onBlur",
  });
  const number = numberFormat(usePageLocale(), { maximumFractionDigits: 2 });
  const bronzeFee = settings.loyaltyFeeBronzeBps / 100;
  return (
    <Section
      id="wallet-settings"
      title={t("settings.wallet")}
      className="min-w-0 rounded-2xl border border-slate-200 bg-surface p-6"
      titleClassName="text-lg font-bold"
    >
      <Form method="post" className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="wallet" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SettingField field={fields.cardDepositHoldDays} label={t("settings.holdDays")} hint={t("settings.holdDaysHint")} />
        <SettingField field={fields.cashbackConfirmationDays} label={t("settings.confirmDays")} hint={t("settings.confirmDaysHint")} />
        <p className="mb-4 text-sm text-slate-600" data-testid="success-fee">
          {t("settings.successFee", { share: number.format(100 - bronzeFee), fee: number.format(bronzeFee) })}
        </p>
        <SettingField field={fields.minWithdrawal} label={t("settings.minWithdrawal")} hint={t("settings.minWithdrawalHint")} decimal />
        <h3 className="mt-6 text-base font-bold">{t("settings.referrals")}</h3>
        <SettingField
          field={fields.referralQualifying}
          label={t("settings.referralQualifying")}
          hint={t("settings.referralQualifyingHint")}
          decimal
        />
        <SettingField
          field={fields.referralBonusReferrer}
          label={t("settings.referralReferrer")}
          hint={t("settings.referralBonusHint")}
          decimal
        />
        <SettingField
          field={fields.referralBonusFriend}
          label={t("settings.referralFriend")}
          hint={t("settings.referralBonusHint")}
          decimal
        />
        <h3 className="mt-6 text-base font-bold">{t("settings.partners")}</h3>
        <SettingField
          field={fields.partnerCommissionPercent}
          label={t("settings.partnerShare")}
          hint={t("settings.partnerShareHint")}
          decimal
        />
        <SubmitButton className="btn-primary" pendingLabel={t("settings.saving")}>
          {t("settings.save")}
        </SubmitButton>
      </Form>
    </Section>
  );
}
