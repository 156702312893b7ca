/**
 * The monthly white-label report e-mail: one client address, the report's PDF attached. Written in
 * the schedule's language (`emails:adReport.*`) and in the agency's name: the agency (its branding's
 * name, else the workspace owner's name) heads the message, the subject names it, the client
 * account and the month, replies go to the owner, and Cashwise is not named. Only builds the
 * message; the schedule module puts it in the outbox with the month's delivery row.
 */
import { monthName } from "~/utils/dates";
import type { Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import type { MailMessage } from "~/mail/mailer.server";
import { renderMail } from "~/mail/templates.server";

export interface AdReportMail {
  to: string;
  language: Locale;
  agency: string;
  /** The agency's primary colour (#rrggbb), for the name heading the message. */
  agencyColor: string;
  /** The agency's footer text (may be empty). */
  agencyFooter: string;
  /** The workspace owner's address: the client's replies go there. */
  replyTo: string;
  clientName: string;
  /** The report's month, YYYY-MM. */
  month: string;
  pdf: Buffer;
  filename: string;
}

export function adReportMail(input: AdReportMail): MailMessage {
  const t = fixedT(input.language, "emails");
  const values = { agency: input.agency, client: input.clientName, month: monthName(input.month, input.language) };
  const parts = renderMail({
    locale: input.language,
    brand: { name: input.agency, color: input.agencyColor },
    heading: t("adReport.heading", values),
    paragraphs: [
      t("adReport.greeting"),
      t("adReport.intro", values),
      t("adReport.attached", { ...values, file: input.filename }),
      ...(input.agencyFooter ? [input.agencyFooter] : []),
    ],
    footer: t("adReport.footer", values),
  });
  return {
    to: input.to,
    replyTo: input.replyTo,
    subject: t("adReport.subject", values),
    ...parts,
    attachments: [{ filename: input.filename, contentType: "application/pdf", contentBase64: input.pdf.toString("base64") }],
  };
}
