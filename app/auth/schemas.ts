/**
 * The account forms' fields and rules, shared by the browser and the server (and the JSON API).
 * Messages are translation keys in `common` (validation.*).
 */
import { isValidPhoneNumber } from "libphonenumber-js";
import { z } from "zod";
import { EmailSchema, NameSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/users/validation";

const emailLooksValid = (value: string) => EmailSchema.safeParse(value).success;

/** Sign-in: checked in the spec's order, one message at a time. */
export const SignInSchema = z
  .object({
    email: z.string().trim().optional(),
    password: z.string().optional(),
    rememberMe: z.boolean().optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.email) return ctx.addIssue({ code: "custom", path: ["email"], message: "validation.emailRequired" });
    if (!emailLooksValid(value.email)) return ctx.addIssue({ code: "custom", path: ["email"], message: "validation.invalidEmail" });
    if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: "validation.passwordRequired" });
  })
  .transform((value) => ({ ...value, email: value.email!, password: value.password! }));

/** A new password: the product's rules (8–128 characters, a number, a symbol). */
export const NewPasswordSchema = z
  .string({ required_error: "validation.newPasswordRequired" })
  .min(1, "validation.newPasswordRequired")
  .min(PASSWORD_MIN_LENGTH, "validation.passwordTooShort")
  .max(PASSWORD_MAX_LENGTH, "validation.passwordTooLong")
  .refine((value) => /\d/.test(value), "validation.passwordNeedsNumber")
  .refine((value) => /[^\p{L}\p{N}\s]/u.test(value), "validation.passwordNeedsSymbol");

/** Adds the first problem `schema` finds with `value` as an issue at `path`. */
function check(ctx: z.RefinementCtx, path: string, schema: z.ZodTypeAny, value: unknown) {
  const result = schema.safeParse(value);
  if (!result.success) ctx.addIssue({ code: "custom", path: [path], message: result.error.issues[0]!.message });
  return result.success;
}

/** Password and confirmation: the rules, then the match (each field gets its own message). */
function checkPasswords(ctx: z.RefinementCtx, password: string | undefined, confirmPassword: string | undefined) {
  check(ctx, "password", NewPasswordSchema, password ?? "");
  if (!confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.confirmRequired" });
  else if (password !== confirmPassword)
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.passwordMismatch" });
}

export const PhoneSchema = z
  .string({ required_error: "validation.phoneRequired" })
  .trim()
  .min(1, "validation.phoneRequired")
  .refine((value) => isValidPhoneNumber(value, "NL"), "validation.invalidPhone");

/**
 * Sign-up, regular or partner. Every field is checked at once (all messages shown together), so
 * the fields are read loosely and checked one by one in a single refinement.
 */
function signUpSchema(partner: boolean) {
  return z
    .object({
      name: z.string().optional(),
      email: z.string().optional(),
      phone: z.string().optional(),
      plan: z.string().optional(),
      password: z.string().optional(),
      confirmPassword: z.string().optional(),
      terms: z.boolean().optional(),
    })
    .superRefine((value, ctx) => {
      check(ctx, "name", NameSchema, value.name ?? "");
      check(ctx, "email", EmailSchema, value.email ?? "");
      if (partner) {
        check(ctx, "phone", PhoneSchema, value.phone ?? "");
        if (!value.plan) ctx.addIssue({ code: "custom", path: ["plan"], message: "validation.planRequired" });
      }
      checkPasswords(ctx, value.password, value.confirmPassword);
      if (value.terms !== true) ctx.addIssue({ code: "custom", path: ["terms"], message: "validation.termsRequired" });
    })
    .transform((value) => ({
      name: value.name!.trim(),
      email: value.email!.trim(),
      password: value.password!,
      phone: value.phone?.trim(),
      plan: value.plan,
    }));
}

export const SignUpSchema = signUpSchema(false);
export const PartnerSignUpSchema = signUpSchema(true);

export const CodeSchema = z.object({
  code: z
    .string({ required_error: "validation.otpRequired" })
    .trim()
    .min(1, "validation.otpRequired")
    .regex(/^\d{6}$/, "validation.invalidOtp"),
});

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({ password: z.string().optional(), confirmPassword: z.string().optional() })
  .superRefine((value, ctx) => checkPasswords(ctx, value.password, value.confirmPassword))
  .transform((value) => ({ password: value.password! }));

/** The re-authentication step's code (an empty one is "invalid"), with the page to go back to. */
export const ReauthCodeSchema = z.object({
  code: z
    .string({ required_error: "validation.otpRequired" })
    .trim()
    .regex(/^\d{6}$/, "validation.invalidOtp"),
  redirectTo: z.string().max(2048).optional(),
});
