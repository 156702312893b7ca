/**
 * The client-account form's schema (name, industry, time zone), shared by the create and edit
 * pages so the server and the browser validate the same way. Messages are `ads:` keys.
 */
import { z } from "zod";
import { INDUSTRIES } from "./benchmarks";
import { dateTimeFormat } from "~/utils/intl";

export const CLIENT_NAME_MAX = 80;

/** A time zone name the runtime knows (`Europe/Amsterdam`), checked the same way on both sides. */
function knownTimeZone(value: string): boolean {
  try {
    dateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ClientAccountSchema = z.object({
  name: z
    .string({ required_error: "ads:accounts.errors.name" })
    .trim()
    .min(1, "ads:accounts.errors.name")
    .max(CLIENT_NAME_MAX, "ads:accounts.errors.nameLength")
    .refine((value) => !/[\u0000-\u001f]/.test(value), "ads:accounts.errors.name"),
  industry: z.enum(INDUSTRIES, { errorMap: () => ({ message: "ads:accounts.errors.industry" }) }),
  timeZone: z.string({ required_error: "ads:accounts.errors.timeZone" }).refine(knownTimeZone, "ads:accounts.errors.timeZone"),
});

/** The time zones offered (the runtime's list; UTC first). */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...zones.filter((zone) => zone !== "UTC")];
}
