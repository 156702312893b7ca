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

/** One preference's card: its own form with the fields, and the save button that posts `intent`. */
function PreferenceForm({
  name,
  intent,
  className,
  buttonClassName = "btn-secondary",
  children,
}: {
  name: "appearance" | "language" | "notifications";
  intent: "theme" | "language" | "notifications";
  className?: string;
  buttonClassName?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("app");
  return (
    <Section title={t(`settings.${name}.title`)}>
      <Form method="post" className={className}>
        {children}
        <SubmitButton intent={intent} className={buttonClassName}>
          {t(`settings.${name}.save`)}
        </SubmitButton>
      </Form>
    </Section>
  );
}

export function Preferences({ settings }: Pick<SettingsData, "settings">) {
  const { t } = useTranslation("app");
  return (
    <>
      <PreferenceForm name="appearance" intent="theme" className="flex flex-wrap items-center gap-4">
        <fieldset className="flex gap-4">
          <legend className="sr-only">{t("settings.appearance.darkMode")}</legend>
          {(["light", "dark", "system"] as const).map((theme) => (
            <label key={theme} className="flex items-center gap-2 text-sm">
              <input type="radio" name="theme" value={theme} defaultChecked={settings.theme === theme} />
              {t(`settings.appearance.${theme}`)}
            </label>
          ))}
        </fieldset>
      </PreferenceForm>

      <PreferenceForm name="language" intent="language" className="flex flex-wrap items-end gap-3">
        <LabelledSelect
          label={t("settings.language.label")}
          name="language"
          defaultValue={settings.locale}
          className={`${inputClass} !w-56 max-w-full`}
          options={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
        />
      </PreferenceForm>

      <PreferenceForm name="notifications" intent="notifications" buttonClassName="btn-secondary mt-4">
        <div className="grid gap-2 sm:grid-cols-2">
          {NOTIFICATION_FLAGS.map((flag) => (
            <label key={flag} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={flag} defaultChecked={settings.notifications[flag]} className="h-4 w-4" />
              {t(`settings.notifications.${flag}`)}
            </label>
          ))}
        </div>
      </PreferenceForm>
    </>
  );
}
