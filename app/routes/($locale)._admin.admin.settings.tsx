/**
 * Admin settings (`/admin/settings`): the wallet's settings an operator can change (the hold on
 * card top-ups before they can be withdrawn, field `cardDepositHoldDays`; the days stores usually take
 * to confirm cashback, field `cashbackConfirmationDays`; the referral programme's qualifying amount
 * and both bonuses in dollars, fields `referralQualifying`, `referralBonusReferrer`,
 * `referralBonusFriend`; the partner programme's commission share in percent, field
 * `partnerCommissionPercent`), each change audited in
 * the same unit of work; then what is still to come with its milestone.
 */
import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeading } from "~/components/admin/page-heading";
import { z } from "zod";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { MAX_REFERRAL_CENTS, getSettings, setSetting } from "~/settings/settings.server";
import { takeNotice } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { centsToDecimalString } from "~/utils/money";
import { redirectWithFlash } from "~/utils/http.server";
import { Section } from "~/components/section";
import { FlashNotice } from "~/components/flash-notice";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

/** An amount in dollars, whole cents, from `min` to $1,000 (the referral settings). */
function dollars(message: string, min: number) {
  return z
    .number({ required_error: message, invalid_type_error: message })
    .min(min, message)
    .max(MAX_REFERRAL_CENTS / 100, message)
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), message);
}

const SettingsSchema = z.object({
  cardDepositHoldDays: z
    .number({ required_error: "admin:settings.holdDaysInvalid", invalid_type_error: "admin:settings.holdDaysInvalid" })
    .int("admin:settings.holdDaysInvalid")
    .min(0, "admin:settings.holdDaysInvalid")
    .max(90, "admin:settings.holdDaysInvalid"),
  cashbackConfirmationDays: z
    .number({ required_error: "admin:settings.confirmDaysInvalid", invalid_type_error: "admin:settings.confirmDaysInvalid" })
    .int("admin:settings.confirmDaysInvalid")
    .min(1, "admin:settings.confirmDaysInvalid")
    .max(365, "admin:settings.confirmDaysInvalid"),
  minWithdrawal: dollars("admin:settings.minWithdrawalInvalid", 1),
  referralQualifying: dollars("admin:settings.referralQualifyingInvalid", 0.01),
  referralBonusReferrer: dollars("admin:settings.referralAmountInvalid", 0),
  referralBonusFriend: dollars("admin:settings.referralAmountInvalid", 0),
  partnerCommissionPercent: z
    .number({ required_error: "admin:settings.partnerShareInvalid", invalid_type_error: "admin:settings.partnerShareInvalid" })
    .min(0, "admin:settings.partnerShareInvalid")
    .max(100, "admin:settings.partnerShareInvalid")
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), "admin:settings.partnerShareInvalid"),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { notice, headers } = await takeNotice(request);
  return data(
    {
      meta: await pageMeta(params, "admin", "settings.meta"),
      settings: await getSettings(db()),
      notice,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale, formData } = await requireAdminForm(request, params);
  const submission = parseWithZod(formData, { schema: SettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const {
    cardDepositHoldDays,
    cashbackConfirmationDays,
    minWithdrawal,
    referralQualifying,
    referralBonusReferrer,
    referralBonusFriend,
    partnerCommissionPercent,
  } = submission.value;
  // One unit of work: every value and its audit row, or nothing.
  await unitOfWork(db(), async (tx) => {
    await setSetting(tx, "cardDepositHoldDays", cardDepositHoldDays, actor);
    await setSetting(tx, "cashbackConfirmationDays", cashbackConfirmationDays, actor);
    await setSetting(tx, "minWithdrawalCents", Math.round(minWithdrawal * 100), actor);
    await setSetting(tx, "referralQualifyingCents", Math.round(referralQualifying * 100), actor);
    await setSetting(tx, "referralBonusReferrerCents", Math.round(referralBonusReferrer * 100), actor);
    await setSetting(tx, "referralBonusFriendCents", Math.round(referralBonusFriend * 100), actor);
    await setSetting(tx, "partnerCommissionBps", Math.round(partnerCommissionPercent * 100), actor);
  });
  throw await redirectWithFlash(localePath(locale, "/admin/settings"), { kind: "notice", key: "settings.saved" });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminSettings() {
  const { t } = useTranslation("admin");
  const { settings, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "admin-settings",
    lastResult: actionData?.result,
    constraint: getZodConstraint(SettingsSchema),
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SettingsSchema }),
  });
  return (
    <div className="container-page py-10">
      <PageHeading title={t("settings.title")} />
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>
      <Section
        id="wallet-settings"
        title={t("settings.wallet")}
        className="mt-6 max-w-xl rounded-2xl border border-slate-200 bg-surface p-6"
        titleClassName="text-lg font-bold"
      >
        <Form method="post" className="mt-4" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <SettingField field={fields.cardDepositHoldDays} label={t("settings.holdDays")} hint={t("settings.holdDaysHint")} />
          <SettingField field={fields.cashbackConfirmationDays} label={t("settings.confirmDays")} hint={t("settings.confirmDaysHint")} />
          <p className="mb-4 text-sm text-slate-600" data-testid="success-fee">
            {t("settings.successFee")}
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
    </div>
  );
}

/** A setting's number: whole days, or (`decimal`) dollars and a percentage to the cent. */
function SettingField({
  field,
  label,
  hint,
  decimal = false,
}: {
  field: FieldMetadata<number>;
  label: string;
  hint: string;
  decimal?: boolean;
}) {
  const input = getInputProps(field, { type: "number" });
  return (
    <Field
      labelProps={{ children: label }}
      inputProps={decimal ? { ...input, inputMode: "decimal", step: "0.01" } : { ...input, inputMode: "numeric" }}
      errors={field.errors}
      hint={hint}
    />
  );
}
