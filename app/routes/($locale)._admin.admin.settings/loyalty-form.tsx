/**
 * The settings page's loyalty form (`intent=loyalty`): what earns points, the levels' thresholds and
 * success fees, redemption and expiry. Each error message names the field's bounds.
 */
import { getFormProps } from "@conform-to/react";
import { useZodForm } from "~/components/zod-form";
import { Form, useActionData } from "@remix-run/react";
import { FormErrors, SubmitButton } from "~/components/forms";
import { Section } from "~/components/section";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { LOYALTY_LEVELS } from "~/loyalty/rules";
import { numberFormat } from "~/utils/intl";
import { centsToDecimalString } from "~/utils/money";
import { FEE_FIELDS, LoyaltySettingsSchema, MAX_FEE_PERCENT, MAX_STEP_DOLLARS, WHOLE_BOUNDS, type WholeField } from "./loyalty-schema";
import type { action, SettingsData } from "./route";
import { SettingField } from "./setting-field";

const EARNING: WholeField[] = ["loyaltyCashbackPointsPerDollar", "loyaltyReferralPoints", "loyaltyPlanPointsPerDollar"];
const THRESHOLDS: WholeField[] = ["loyaltySilverPoints", "loyaltyGoldPoints", "loyaltyPlatinumPoints"];
const EXPIRY: WholeField[] = ["loyaltyExpiryMonths", "loyaltyExpiryWarningDays", "loyaltyLevelWindowMonths"];

export function LoyaltySettingsForm({ settings }: { settings: SettingsData["settings"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(LoyaltySettingsSchema, {
    id: "loyalty-settings",
    lastResult: actionData?.intent === "loyalty" ? actionData.result : undefined,
    defaultValue: {
      ...Object.fromEntries((Object.keys(WHOLE_BOUNDS) as WholeField[]).map((key) => [key, String(settings[key])])),
      loyaltyFeeBronzePercent: String(settings.loyaltyFeeBronzeBps / 100),
      loyaltyFeeSilverPercent: String(settings.loyaltyFeeSilverBps / 100),
      loyaltyFeeGoldPercent: String(settings.loyaltyFeeGoldBps / 100),
      loyaltyFeePlatinumPercent: String(settings.loyaltyFeePlatinumBps / 100),
      loyaltyRedeemStepDollars: centsToDecimalString(settings.loyaltyRedeemStepCents),
    },
    shouldValidate: "onBlur",
  });
  const whole = (key: WholeField) => (
    <SettingField
      key={key}
      field={fields[key]}
      label={t(`settings.loyalty.fields.${key}`)}
      hint={t(`settings.loyalty.hints.${key}`)}
      errorValues={{ min: number.format(WHOLE_BOUNDS[key][0]), max: number.format(WHOLE_BOUNDS[key][1]) }}
    />
  );
  return (
    <Section
      id="loyalty-settings-title"
      title={t("settings.loyalty.title")}
      className="min-w-0 rounded-2xl border border-slate-200 bg-surface p-6"
      titleClassName="text-lg font-bold"
    >
      <p className="mt-2 text-sm text-slate-600">{t("settings.loyalty.intro")}</p>
      <Form method="post" className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="loyalty" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <h3 className="text-base font-bold">{t("settings.loyalty.earning")}</h3>
        {EARNING.map(whole)}
        <h3 className="mt-6 text-base font-bold">{t("settings.loyalty.levels")}</h3>
        {THRESHOLDS.map(whole)}
        <fieldset className="mt-2">
          <legend className="text-sm font-semibold text-slate-800">{t("settings.loyalty.feesLegend")}</legend>
          <p className="mb-2 text-xs text-slate-600">{t("settings.loyalty.hints.fee")}</p>
          <div className="grid grid-cols-2 gap-x-4">
            {FEE_FIELDS.map((key, index) => (
              <SettingField
                key={key}
                field={fields[key]}
                label={t(`loyalty.levels.${LOYALTY_LEVELS[index]}`)}
                errorValues={{ max: number.format(MAX_FEE_PERCENT) }}
                decimal
              />
            ))}
          </div>
        </fieldset>
        <h3 className="mt-6 text-base font-bold">{t("settings.loyalty.redemption")}</h3>
        {whole("loyaltyRedeemStepPoints")}
        <SettingField
          field={fields.loyaltyRedeemStepDollars}
          label={t("settings.loyalty.fields.loyaltyRedeemStepDollars")}
          hint={t("settings.loyalty.hints.loyaltyRedeemStepDollars")}
          errorValues={{ max: number.format(MAX_STEP_DOLLARS) }}
          decimal
        />
        {EXPIRY.map(whole)}
        <SubmitButton className="btn-primary" pendingLabel={t("settings.saving")}>
          {t("settings.loyalty.save")}
        </SubmitButton>
      </Form>
    </Section>
  );
}
