/**
 * The white-label reports' forms and limits shared by the server and the page: the branding form
 * (agency name, colours, footer), the report form (period and language, for the PDF and the share
 * link) and the share link's lifetime. Messages are `ads-reports:` keys. Pure TypeScript.
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
    .refine(
      (value) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(value),
      "ads-reports:errors.footer"
    )
    .optional()
    .transform((value) => value ?? ""),
});
export type BrandInput = z.output<typeof BrandSchema>;

const Day = z
  .string({ required_error: "ads-reports:errors.dates" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "ads-reports:errors.dates")
  .refine((value) => {
    const ms = Date.parse(`${value}T00:00:00Z`);
    return (
      Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value
    );
  }, "ads-reports:errors.dates");

const ReportFields = {
  from: Day,
  to: Day,
  language: z.enum(LOCALES, {
    errorMap: () => ({ message: "ads-reports:errors.language" }),
  }),
};

const periodChecks = <T extends { from: string; to: string }>(
  schema: z.ZodType<T>
) =>
  schema
    .refine((value) => value.from <= value.to, {
      message: "ads-reports:errors.order",
      path: ["to"],
    })
    .refine(
      (value) => value.from > value.to || rangeDays(value) <= MAX_RANGE_DAYS,
      { message: "ads-reports:errors.tooLong", path: ["to"] }
    );

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
  })
);
export type ShareInput = z.output<typeof ShareSchema>;

