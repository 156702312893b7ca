/**
 * Shared zod pieces for account fields. Messages are translation keys (namespace `common`,
 * `validation.*`), turned into text where the error is shown, so every message exists in all
 * five locales. Safe to import in the browser.
 */
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const EmailSchema = z
  .string({ required_error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .max(254, "validation.invalidEmail")
  .email("validation.invalidEmail");

export const PasswordSchema = z
  .string({ required_error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .min(PASSWORD_MIN_LENGTH, "validation.passwordTooShort")
  .max(PASSWORD_MAX_LENGTH, "validation.passwordTooLong")
  .refine((value) => /\d/.test(value), "validation.passwordNeedsNumber")
  .refine((value) => /[^\p{L}\p{N}\s]/u.test(value), "validation.passwordNeedsSymbol");

export const NameSchema = z
  .string({ required_error: "validation.nameRequired" })
  .trim()
  .min(1, "validation.nameRequired")
  .max(100, "validation.nameTooLong");
