/**
 * White-label reports (`/ads/reports`): the workspace's branding (`intent=brand`: `agencyName`,
 * `primaryColor`, `accentColor`, `footer`; the logo has its own multipart form posting to
 * `/ads/reports/logo`), the current client account's report as PDF (a GET form to
 * `/ads/reports/pdf`: `client`, `from`, `to`, `language`), and its share links (`intent=share`:
 * `from`, `to`, `language`, `days`; `intent=revoke`: `shareId`), and the monthly report e-mailed to
 * the client (`intent=schedule`: `recipients`, one address per line, `language`, `enabled`).
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { getBrand, saveBrand } from "~/ads/reports/brand.server";
import {
  BrandSchema,
  FOOTER_MAX,
  SHARE_DAYS_DEFAULT,
  SHARE_DAYS_MAX,
  ScheduleSchema,
  ShareSchema,
  invalidRecipients,
  splitRecipients,
} from "~/ads/reports/form";
import { formatMonth } from "~/ads/reports/format";
import { reportDefaultPeriod } from "~/ads/reports/report.server";
import { getSchedule, saveSchedule } from "~/ads/reports/schedule.server";
import { ShareNotFoundError, createShare, listShares, revokeShare } from "~/ads/reports/share.server";
import { Notice } from "~/components/auth/auth-card";
import { CheckboxField, Field, FormErrors, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { LOCALES, LOCALE_NAMES } from "~/i18n/config";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "ads", "ads-reports"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, accounts, client } = await requireAdTools(request, params);
  const { flash, headers } = await takeFlash(request);
  const [brand, shares, period, schedule] = await Promise.all([
    getBrand(db(), user.id),
    listShares(db(), user.id, client.id),
    reportDefaultPeriod(db(), client.id),
    getSchedule(db(), user.id, client.id),
  ]);
  const origin = env().appUrl.origin;
  const nowIso = new Date().toISOString();
  return data(
    {
      meta: await pageMeta(params, "ads-reports", "meta"),
      locale,
      client: {
        id: client.id,
        name: client.name,
        inQuery: accounts.length > 1,
      },
      brand,
      period,
      shares: shares.map((share) => ({
        id: share.id,
        period: share.period,
        language: share.language,
        expiresAt: share.expiresAt,
        state: share.revokedAt ? ("revoked" as const) : share.expiresAt <= nowIso ? ("expired" as const) : ("active" as const),
        url: `${origin}/${share.language}/report/${share.token}`,
      })),
      schedule: schedule
        ? {
            recipients: schedule.recipients,
            language: schedule.language,
            enabled: schedule.enabled,
            lastDelivery: schedule.lastDelivery,
          }
        : null,
      notice: flash?.kind === "notice" ? flash : null,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, locale, client, accounts } = await requireAdTools(request, params);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const back = async (key: string) => {
    const query = accounts.length > 1 ? `?client=${encodeURIComponent(client.id)}` : "";
    return redirect(`${localePath(locale, "/ads/reports")}${query}`, {
      headers: { "Set-Cookie": await setFlash({ kind: "notice", key }) },
    });
  };
  if (intent === "brand") {
    const submission = parseWithZod(formData, { schema: BrandSchema });
    if (submission.status !== "success") return data({ intent: "brand" as const, result: submission.reply() }, { status: 400 });
    await unitOfWork(db(), (tx) => saveBrand(tx, user.id, submission.value));
    throw await back("ads-reports:brand.saved");
  }
  if (intent === "share") {
    const submission = parseWithZod(formData, { schema: ShareSchema });
    if (submission.status !== "success") return data({ intent: "share" as const, result: submission.reply() }, { status: 400 });
    const { from, to, language, days } = submission.value;
    await unitOfWork(db(), (tx) =>
      createShare(tx, user.id, client.id, {
        period: { from, to },
        language,
        days,
      }),
    );
    throw await back("ads-reports:share.created");
  }
  if (intent === "schedule") {
    const submission = parseWithZod(formData, { schema: ScheduleSchema });
    if (submission.status !== "success") return data({ intent: "schedule" as const, result: submission.reply() }, { status: 400 });
    await unitOfWork(db(), (tx) => saveSchedule(tx, user.id, client.id, submission.value));
    throw await back("ads-reports:schedule.saved");
  }
  if (intent === "revoke") {
    try {
      await unitOfWork(db(), (tx) => revokeShare(tx, user.id, String(formData.get("shareId") ?? "")));
    } catch (error) {
      if (error instanceof ShareNotFoundError) throw await back("ads-reports:share.notFound");
      throw error;
    }
    throw await back("ads-reports:share.revoked");
  }
  throw data({ error: "unknown intent" }, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdsReports() {
  const { t } = useTranslation("ads-reports");
  const locale = usePageLocale();
  const { client, brand, period, shares, schedule, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = (intent: "brand" | "share" | "schedule") =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined;
  const [brandForm, brandFields] = useForm({
    id: "report-brand",
    lastResult: lastResult("brand"),
    constraint: getZodConstraint(BrandSchema),
    defaultValue: {
      agencyName: brand.agencyName,
      primaryColor: brand.primaryColor,
      accentColor: brand.accentColor,
      footer: brand.footer,
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BrandSchema }),
  });
  const [shareForm, shareFields] = useForm({
    id: "report-share",
    lastResult: lastResult("share"),
    defaultValue: {
      from: period.from,
      to: period.to,
      language: locale,
      days: String(SHARE_DAYS_DEFAULT),
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShareSchema }),
  });
  const [scheduleForm, scheduleFields] = useForm({
    id: "report-schedule",
    lastResult: lastResult("schedule"),
    defaultValue: {
      recipients: schedule?.recipients.join("\n") ?? "",
      language: schedule?.language ?? locale,
      // A new schedule is offered switched on.
      enabled: schedule ? (schedule.enabled ? "on" : undefined) : "on",
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ScheduleSchema }),
  });
  const typedRecipients = scheduleFields.recipients.value;
  const badRecipients = invalidRecipients(splitRecipients(typeof typedRecipients === "string" ? typedRecipients : "")).join(", ");
  const languages = LOCALES.map((value) => ({
    value,
    label: LOCALE_NAMES[value],
  }));
  const logoSrc = brand.logoUpdatedAt ? `${localePath(locale, "/ads/reports/logo")}?v=${encodeURIComponent(brand.logoUpdatedAt)}` : null;
  const clientField = client.inQuery ? <input type="hidden" name="client" value={client.id} /> : null;
  const clientQuery = client.inQuery ? `?client=${encodeURIComponent(client.id)}` : "";

  return (
    <div className="py-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("intro", { client: client.name })}</p>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="report-pdf" className="rounded-2xl border border-slate-200 bg-surface p-5">
          <h2 id="report-pdf" className="text-lg font-bold">
            {t("report.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("report.intro", { client: client.name })}</p>
          <Form
            method="get"
            action={localePath(locale, "/ads/reports/pdf")}
            reloadDocument
            className="mt-4 space-y-1"
            data-testid="report-pdf-form"
          >
            <input type="hidden" name="client" value={client.id} />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                labelProps={{ children: t("report.from") }}
                inputProps={{
                  id: "pdf-from",
                  name: "from",
                  type: "date",
                  defaultValue: period.from,
                  required: true,
                }}
              />
              <Field
                labelProps={{ children: t("report.to") }}
                inputProps={{
                  id: "pdf-to",
                  name: "to",
                  type: "date",
                  defaultValue: period.to,
                  required: true,
                }}
              />
            </div>
            <SelectField
              label={t("report.language")}
              selectProps={{
                id: "pdf-language",
                name: "language",
                defaultValue: locale,
              }}
              options={languages}
            />
            <div className="pt-3">
              <button type="submit" className="btn-primary">
                {t("report.download")}
              </button>
            </div>
          </Form>
        </section>

        <section aria-labelledby="report-share-title" className="rounded-2xl border border-slate-200 bg-surface p-5">
          <h2 id="report-share-title" className="text-lg font-bold">
            {t("share.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("share.intro")}</p>
          <Form
            method="post"
            action={`${localePath(locale, "/ads/reports")}${clientQuery}`}
            className="mt-4 space-y-1"
            {...getFormProps(shareForm)}
          >
            <FormErrors id={shareForm.errorId} errors={shareForm.errors} />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                labelProps={{ children: t("report.from") }}
                inputProps={{
                  ...getInputProps(shareFields.from, { type: "date" }),
                }}
                errors={shareFields.from.errors}
              />
              <Field
                labelProps={{ children: t("report.to") }}
                inputProps={{
                  ...getInputProps(shareFields.to, { type: "date" }),
                }}
                errors={shareFields.to.errors}
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label={t("report.language")}
                selectProps={{
                  ...getSelectProps(shareFields.language),
                  name: shareFields.language.name,
                }}
                options={languages}
                errors={shareFields.language.errors}
              />
              <Field
                labelProps={{ children: t("share.days") }}
                inputProps={{
                  ...getInputProps(shareFields.days, { type: "number" }),
                  min: 1,
                  max: SHARE_DAYS_MAX,
                  step: 1,
                }}
                errors={shareFields.days.errors}
              />
            </div>
            <div className="pt-3">
              <SubmitButton name="intent" value="share" pendingLabel={t("share.creating")}>
                {t("share.create")}
              </SubmitButton>
            </div>
          </Form>
          {shares.length ? (
            <ul className="mt-5 divide-y divide-slate-200 border-t border-slate-200" data-testid="report-shares">
              {shares.map((share) => (
                <li key={share.id} className="py-3 text-sm" data-testid="report-share">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">
                      {t("doc.range", {
                        from: formatDate(share.period.from, locale),
                        to: formatDate(share.period.to, locale),
                      })}
                    </span>
                    <span className="text-slate-600">· {LOCALE_NAMES[share.language]}</span>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                        share.state === "active" ? "bg-brand-50 text-brand-800" : "bg-slate-100 text-slate-700"
                      }`}
                    >
                      {t(`share.states.${share.state}`)}
                    </span>
                  </p>
                  <p className="mt-1 text-slate-600">
                    {t("share.expires")}: {formatDate(share.expiresAt, locale)}
                  </p>
                  {share.state === "active" ? (
                    <div className="mt-2 flex flex-wrap items-end gap-2">
                      <label className="min-w-0 flex-1">
                        <span className="sr-only">{t("share.link")}</span>
                        <input
                          type="text"
                          readOnly
                          value={share.url}
                          className="block w-full rounded-lg border border-slate-300 bg-surface px-2 py-1.5 font-mono text-xs"
                          data-testid="report-share-url"
                        />
                      </label>
                      <Form method="post" action={`${localePath(locale, "/ads/reports")}${clientQuery}`}>
                        <input type="hidden" name="shareId" value={share.id} />
                        <button type="submit" name="intent" value="revoke" className="btn-secondary px-3 py-1.5">
                          {t("share.revoke")}
                        </button>
                      </Form>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-5 text-sm text-slate-600">{t("share.none")}</p>
          )}
        </section>
      </div>

      <section
        aria-labelledby="report-schedule-title"
        className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5"
        data-testid="report-schedule"
      >
        <h2 id="report-schedule-title" className="text-lg font-bold">
          {t("schedule.title")}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("schedule.intro", { client: client.name })}</p>
        <p className="mt-2 text-sm font-medium text-slate-700" data-testid="report-schedule-last">
          {schedule?.lastDelivery
            ? t("schedule.lastSent", {
                date: formatDate(schedule.lastDelivery.sentAt, locale),
                month: formatMonth(schedule.lastDelivery.month, locale),
              })
            : t("schedule.neverSent")}
        </p>
        <Form
          method="post"
          action={`${localePath(locale, "/ads/reports")}${clientQuery}`}
          className="mt-4 max-w-2xl space-y-1"
          {...getFormProps(scheduleForm)}
        >
          <FormErrors id={scheduleForm.errorId} errors={scheduleForm.errors} />
          <TextareaField
            labelProps={{ children: t("schedule.recipients") }}
            textareaProps={{
              ...getTextareaProps(scheduleFields.recipients),
              rows: 5,
              autoComplete: "off",
              spellCheck: false,
            }}
            hint={t("schedule.recipientsHelp")}
            errors={scheduleFields.recipients.errors}
            errorValues={{ addresses: badRecipients }}
          />
          <SelectField
            label={t("schedule.language")}
            selectProps={{
              ...getSelectProps(scheduleFields.language),
              name: scheduleFields.language.name,
            }}
            options={languages}
            errors={scheduleFields.language.errors}
          />
          <CheckboxField
            label={t("schedule.enabled")}
            inputProps={{
              ...getInputProps(scheduleFields.enabled, { type: "checkbox" }),
              name: scheduleFields.enabled.name,
            }}
            errors={scheduleFields.enabled.errors}
          />
          <div className="pt-3">
            <SubmitButton name="intent" value="schedule" pendingLabel={t("schedule.saving")}>
              {t("schedule.save")}
            </SubmitButton>
          </div>
        </Form>
      </section>

      <section aria-labelledby="report-brand-title" className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5">
        <h2 id="report-brand-title" className="text-lg font-bold">
          {t("brand.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("brand.intro")}</p>
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <Form
            method="post"
            action={`${localePath(locale, "/ads/reports")}${clientQuery}`}
            className="space-y-1"
            {...getFormProps(brandForm)}
          >
            <FormErrors id={brandForm.errorId} errors={brandForm.errors} />
            <Field
              labelProps={{ children: t("brand.agencyName") }}
              inputProps={{
                ...getInputProps(brandFields.agencyName, { type: "text" }),
                autoComplete: "organization",
              }}
              errors={brandFields.agencyName.errors}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                labelProps={{ children: t("brand.primaryColor") }}
                inputProps={{
                  ...getInputProps(brandFields.primaryColor, { type: "text" }),
                  autoComplete: "off",
                  spellCheck: false,
                }}
                hint={t("brand.colorHelp")}
                errors={brandFields.primaryColor.errors}
              />
              <Field
                labelProps={{ children: t("brand.accentColor") }}
                inputProps={{
                  ...getInputProps(brandFields.accentColor, { type: "text" }),
                  autoComplete: "off",
                  spellCheck: false,
                }}
                hint={t("brand.colorHelp")}
                errors={brandFields.accentColor.errors}
              />
            </div>
            <Field
              labelProps={{ children: t("brand.footer") }}
              inputProps={{
                ...getInputProps(brandFields.footer, { type: "text" }),
                maxLength: FOOTER_MAX,
              }}
              hint={t("brand.footerHelp")}
              errors={brandFields.footer.errors}
            />
            <div className="pt-3">
              <SubmitButton name="intent" value="brand" pendingLabel={t("brand.saving")}>
                {t("brand.save")}
              </SubmitButton>
            </div>
          </Form>

          <div>
            <h3 className="font-semibold">{t("logo.title")}</h3>
            <p className="mt-1 text-sm text-slate-600">{t("logo.intro")}</p>
            {logoSrc ? (
              <img
                src={logoSrc}
                alt={t("logo.alt", { agency: brand.agencyName })}
                className="mt-3 max-h-16 max-w-[12rem] rounded border border-slate-200 bg-white p-1"
                data-testid="report-logo"
              />
            ) : (
              <p className="mt-3 text-sm text-slate-600">{t("logo.none")}</p>
            )}
            <Form
              method="post"
              action={`${localePath(locale, "/ads/reports/logo")}${clientQuery}`}
              encType="multipart/form-data"
              className="mt-3 space-y-2"
              data-testid="report-logo-form"
            >
              {clientField}
              <Field
                labelProps={{ children: t("logo.file") }}
                inputProps={{
                  id: "report-logo-file",
                  name: "logo",
                  type: "file",
                  accept: "image/png,image/jpeg",
                }}
              />
              <div className="flex flex-wrap gap-2">
                <button type="submit" name="intent" value="upload" className="btn-primary">
                  {t("logo.upload")}
                </button>
                {logoSrc ? (
                  <button type="submit" name="intent" value="remove" formNoValidate className="btn-secondary">
                    {t("logo.remove")}
                  </button>
                ) : null}
              </div>
            </Form>
          </div>
        </div>
      </section>
    </div>
  );
}
