/** The settings page's preference forms: dark mode, language and notifications (each its own form, without JavaScript too). */
import { Form } from "@remix-run/react";
import { SubmitButton, inputClass } from "~/components/forms";
import { LOCALES, LOCALE_NAMES } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { NOTIFICATION_FLAGS } from "~/users/notification-flags";
import type { SettingsData } from "./route";
import { LabelledSelect } from "~/components/app/panel";

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-6" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function Preferences({ settings }: Pick<SettingsData, "settings">) {
  const { t } = useTranslation("app");
  return (
    <>
      <Section title={t("settings.appearance.title")}>
        <Form method="post" className="flex flex-wrap items-center gap-4">
          <fieldset className="flex gap-4">
            <legend className="sr-only">{t("settings.appearance.darkMode")}</legend>
            {(["light", "dark", "system"] as const).map((theme) => (
              <label key={theme} className="flex items-center gap-2 text-sm">
                <input type="radio" name="theme" value={theme} defaultChecked={settings.theme === theme} />
                {t(`settings.appearance.${theme}`)}
              </label>
            ))}
          </fieldset>
          <SubmitButton intent="theme" className="btn-secondary">
            {t("settings.appearance.save")}
          </SubmitButton>
        </Form>
      </Section>

      <Section title={t("settings.language.title")}>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <LabelledSelect
            label={t("settings.language.label")}
            name="language"
            defaultValue={settings.locale}
            className={`${inputClass} !w-56 max-w-full`}
            options={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
          />
          <SubmitButton intent="language" className="btn-secondary">
            {t("settings.language.save")}
          </SubmitButton>
        </Form>
      </Section>

      <Section title={t("settings.notifications.title")}>
        <Form method="post">
          <div className="grid gap-2 sm:grid-cols-2">
            {NOTIFICATION_FLAGS.map((flag) => (
              <label key={flag} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name={flag} defaultChecked={settings.notifications[flag]} className="h-4 w-4" />
                {t(`settings.notifications.${flag}`)}
              </label>
            ))}
          </div>
          <SubmitButton intent="notifications" className="btn-secondary mt-4">
            {t("settings.notifications.save")}
          </SubmitButton>
        </Form>
      </Section>
    </>
  );
}
