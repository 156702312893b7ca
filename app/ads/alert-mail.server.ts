/**
 * The ad alert e-mail: one alert of a client account fired. Written in the user's language: the
 * notification's own title and message (`notifications:ads.alerts.*`, the same words as the bell),
 * framed by `emails:adAlert.*`, with a button to the alerts page and a link to the dashboard. Only
 * builds the message; the alerts module puts it in the outbox with the firing.
 */
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { notificationValues } from "~/notifications/values";
import type { MailMessage } from "~/mail/mailer.server";
import { renderMail } from "~/mail/templates.server";

export interface AdAlertMail {
  to: string;
  name: string;
  /** The user's language (a language the product does not speak falls back to English). */
  locale: string;
  clientName: string;
  /** The notification's keys and values (`notifications` namespace). */
  titleKey: string;
  messageKey: string;
  params: Record<string, string | number>;
  /** Absolute links to the alerts page and the dashboard of the client account. */
  alertsUrl: string;
  dashboardUrl: string;
}

export function adAlertMail(input: AdAlertMail): MailMessage {
  const locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE;
  const t = fixedT(locale, "emails");
  const n = fixedT(locale, "notifications");
  const values = notificationValues(input.params, locale);
  const title = n(input.titleKey, values);
  const parts = renderMail({
    locale,
    heading: title,
    paragraphs: [
      t("adAlert.greeting", { name: input.name }),
      t("adAlert.intro", { client: input.clientName }),
      n(input.messageKey, values),
      t("adAlert.dashboard", { url: input.dashboardUrl }),
    ],
    action: { label: t("adAlert.action"), url: input.alertsUrl },
    footer: t("adAlert.footer"),
  });
  return { to: input.to, subject: t("adAlert.subject", { title }), ...parts };
}
