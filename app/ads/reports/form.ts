/**
 * The white-label reports' forms and limits shared by the server and the page: the branding form
 * (agency name, colours, footer), the report form (period and language, for the PDF and the share
 * link), the share link's lifetime, and the monthly e-mail schedule (recipients, language, on/off).
 * Messages are `ads-reports:` keys. Pure TypeScript.
 */
import { z } from "zod";
import { LOCALES } from "~/i18n/config";
import { MAX_RANGE_DAYS, rangeDays } from "../dashboard-query";

export const AGENCY_NAME_MAX = 80;
export const FOOTER_MAX = 200;
export const LOGO_MAX_BYTES = 512 * 1024;
export const SHARE_DAYS_MAX = 90;
export const SHARE_DAYS_DEFAULT = 30;
export const DEFAULT_PRIMARY = "#047857";
export const DEFAULT_ACCENT = "#0ea5e9";

const COLOUR = /^#[0-9a-fA-F]{6}$/;
const noControls = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);

export const BrandSchema = z.object({
  agencyName: z
    .string({ required_error: "ads-reports:errors.agencyName" })
    .trim()
    .min(1, "ads-reports:errors.agencyName")
    .max(AGENCY_NAME_MAX, "ads-reports:errors.agencyNameLength")
    .refine(noControls, "ads-reports:errors.agencyName"),
  primaryColor: z
    .string({ required_error: "ads-reports:errors.colour" })
    .trim()
    .regex(COLOUR, "ads-reports:errors.colour")
    .transform((value) => value.toLowerCase()),
  accentColor: z
    .string({ required_error: "ads-reports:errors.colour" })
    .trim()
    .regex(COLOUR, "ads-reports:errors.colour")
    .transform((value) => value.toLowerCase()),
  footer: z
    .string()
    .trim()
    .max(FOOTER_MAX, "ads-reports:errors.footerLength")
    .refine((value) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(value), "ads-reports:errors.footer")
    .optional()
    .transform((value) => value ?? ""),
});
export type BrandInput = z.output<typeof BrandSchema>;

const Day = z
  .string({ required_error: "ads-reports:errors.dates" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "ads-reports:errors.dates")
  .refine((value) => {
    const ms = Date.parse(`${value}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
  }, "ads-reports:errors.dates");

const ReportFields = {
  from: Day,
  to: Day,
  language: z.enum(LOCALES, {
    errorMap: () => ({ message: "ads-reports:errors.language" }),
  }),
};

const periodChecks = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((value) => value.from <= value.to, {
      message: "ads-reports:errors.order",
      path: ["to"],
    })
    .refine((value) => value.from > value.to || rangeDays(value) <= MAX_RANGE_DAYS, {
      message: "ads-reports:errors.tooLong",
      path: ["to"],
    });

/** The report's period and language (the PDF download, a GET form). */
export const ReportSchema = periodChecks(z.object(ReportFields));

/** A share link: the report's period and language, and how many days it stays valid. */
export const ShareSchema = periodChecks(
  z.object({
    ...ReportFields,
    days: z.coerce
      .number({
        invalid_type_error: "ads-reports:errors.days",
        required_error: "ads-reports:errors.days",
      })
      .int("ads-reports:errors.days")
      .min(1, "ads-reports:errors.days")
      .max(SHARE_DAYS_MAX, "ads-reports:errors.days"),
  }),
);
export type ShareInput = z.output<typeof ShareSchema>;

/** Addresses a monthly report schedule sends to, at most. */
export const REPORT_RECIPIENTS_MAX = 5;
const EMAIL_MAX = 254;

/**
 * The addresses typed in the recipients box: one per line, commas (and semicolons or spaces) also
 * separate; empty entries and repeats (ignoring case) are dropped, the first spelling kept.
 */
export function splitRecipients(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of text.split(/[\s,;]+/)) {
    const address = entry.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  return out;
}

const Email = z.string().max(EMAIL_MAX).email();

/** The entries of the list that are not e-mail addresses (the form names them in its message). */
export function invalidRecipients(addresses: string[]): string[] {
  return addresses.filter((address) => !Email.safeParse(address).success);
}

/** The monthly report schedule: recipients (text, one per line), the report's language, on/off. */
export const ScheduleSchema = z
  .object({
    recipients: z
      .string()
      .optional()
      .transform((value) => splitRecipients(value ?? ""))
      .superRefine((addresses, ctx) => {
        if (invalidRecipients(addresses).length)
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: "ads-reports:errors.recipientInvalid",
          });
        else if (addresses.length > REPORT_RECIPIENTS_MAX)
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: "ads-reports:errors.recipientsMax",
          });
      }),
    language: z.enum(LOCALES, {
      errorMap: () => ({ message: "ads-reports:errors.language" }),
    }),
    enabled: z
      .boolean()
      .optional()
      .transform((value) => value === true),
  })
  .superRefine((value, ctx) => {
    if (value.enabled && value.recipients.length === 0)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: "ads-reports:errors.recipientsNone",
        path: ["recipients"],
      });
  });
export type ScheduleInput = z.output<typeof ScheduleSchema>;
