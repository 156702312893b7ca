/**
 * The auditor's thresholds for the current client account (`/ads/audit/settings`): every rule's
 * thresholds and the grade bounds, one field each (`<ruleId>.<name>`, e.g. `budget-limited.failLost`;
 * shares in percent, money in the client account's currency, a decimal comma accepted), filled
 * with the values in force. Saving (`intent=save`) checks them on the server (known rules and
 * names, numbers within each threshold's bounds, lower thresholds not above higher ones) and
 * keeps the typed values with the errors when one is wrong; "Reset to defaults" (`intent=reset`)
 * drops every override. A blank field means the default.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { z } from "zod";
import { requireAdTools } from "~/ads/access.server";
import { CATEGORIES, GRADING_ID, GRADING_THRESHOLDS, RULES, type ThresholdDefinition } from "~/ads/audit/rules";
import { useAuditFormat } from "~/components/ads/audit-format";
import { SubmitButton } from "~/components/submit-button";
import { withNamespaces } from "~/i18n/client-loader";
import { requireSameOrigin } from "~/security/csrf.server";
import { badRequest, readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageWithNotice } from "~/utils/http.server";
import { localePath } from "~/utils/paths";
import { resetIntent, saveIntent } from "./actions.server";
import { SettingsErrors } from "./settings-errors";
import { ThresholdField, type FieldError } from "./threshold-field";
import { Section } from "~/components/section";
import { FlashNotice } from "~/components/flash-notice";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads", "ads-audit"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireAdTools(request, params);
  return pageWithNotice(request, params, ["ads-audit", "settings.meta"], {
    client: { id: client.id, name: client.name, currency: client.currency ?? "USD" },
    overrides: client.thresholds,
  });
}

const IntentSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("save") }), z.object({ intent: z.literal("reset") })]);

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, client, locale } = await requireAdTools(request, params);
  const form = await readForm(request);
  const parsed = IntentSchema.safeParse({ intent: form.get("intent") });
  if (!parsed.success) badRequest();
  const caller = { userId: user.id, clientId: client.id, locale };
  switch (parsed.data.intent) {
    case "reset":
      return resetIntent(caller);
    case "save":
      return saveIntent(caller, form);
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AuditSettings() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("ads-audit");
  const { client, overrides, notice } = loaderData;
  const f = useAuditFormat(locale, client.currency);
  const query = `?client=${encodeURIComponent(client.id)}`;
  const typed = actionData?.values ?? {};
  const errors: Record<string, FieldError> = actionData?.errors ?? {};
  const current = (ruleId: string, name: string, definition: ThresholdDefinition) => overrides[ruleId]?.[name] ?? definition.default;
  const withThresholds = RULES.filter((rule) => Object.keys(rule.thresholds).length);
  const without = RULES.filter((rule) => !Object.keys(rule.thresholds).length);
  const target = `${localePath(locale, "/ads/audit/settings")}${query}`;

  return (
    <div className="py-6">
      <p className="text-sm">
        <Link to={`${localePath(locale, "/ads/audit")}${query}`} className="font-medium text-brand-700 underline">
          {t("settings.back")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("settings.title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("settings.intro", { client: client.name, currency: client.currency })}</p>
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>
      <SettingsErrors errors={errors} />

      <Form method="post" action={target} className="mt-6 space-y-8" noValidate>
        <input type="hidden" name="intent" value="save" />
        <fieldset className="rounded-2xl border border-slate-200 bg-surface p-5">
          <legend className="px-1 text-lg font-bold">{t("settings.grading.title")}</legend>
          <p className="text-sm text-slate-600">{t("settings.grading.text")}</p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {Object.entries(GRADING_THRESHOLDS).map(([name, definition]) => (
              <ThresholdField
                key={name}
                ruleId={GRADING_ID}
                name={name}
                definition={definition}
                label={t(`settings.grading.${name}`)}
                current={current(GRADING_ID, name, definition)}
                typed={typed[`${GRADING_ID}.${name}`]}
                error={errors[`${GRADING_ID}.${name}`]}
                currency={client.currency}
                f={f}
              />
            ))}
          </div>
        </fieldset>

        {CATEGORIES.map((category) => {
          const rules = withThresholds.filter((rule) => rule.category === category);
          if (!rules.length) return null;
          return (
            <section key={category} aria-labelledby={`settings-${category}`}>
              <h2 id={`settings-${category}`} className="text-xl font-bold">
                {t(`categories.${category}`)}
              </h2>
              <div className="mt-3 space-y-4">
                {rules.map((rule) => (
                  <fieldset key={rule.id} className="rounded-2xl border border-slate-200 bg-surface p-5">
                    <legend className="px-1 font-bold">{t(rule.titleKey)}</legend>
                    <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                      {Object.entries(rule.thresholds).map(([name, definition]) => (
                        <ThresholdField
                          key={name}
                          ruleId={rule.id}
                          name={name}
                          definition={definition}
                          label={t(`rules.${rule.id}.thresholds.${name}`)}
                          current={current(rule.id, name, definition)}
                          typed={typed[`${rule.id}.${name}`]}
                          error={errors[`${rule.id}.${name}`]}
                          currency={client.currency}
                          f={f}
                        />
                      ))}
                    </div>
                  </fieldset>
                ))}
              </div>
            </section>
          );
        })}

        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton className="btn-primary" name="intent" value="save" pendingLabel={t("settings.saving")}>
            {t("settings.save")}
          </SubmitButton>
        </div>
      </Form>

      <Form method="post" action={target} className="mt-4">
        <input type="hidden" name="intent" value="reset" />
        <SubmitButton className="btn-secondary" name="intent" value="reset" pendingLabel={t("settings.resetting")}>
          {t("settings.reset")}
        </SubmitButton>
        <p className="mt-1 text-xs text-slate-600">{t("settings.resetHint")}</p>
      </Form>

      {without.length ? (
        <Section id="settings-fixed" title={t("settings.fixed.title")} className="mt-10" titleClassName="text-lg font-bold">
          <p className="mt-1 text-sm text-slate-600">{t("settings.fixed.text")}</p>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-slate-700">
            {without.map((rule) => (
              <li key={rule.id}>{t(rule.titleKey)}</li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";
