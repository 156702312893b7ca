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

function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: NewPasswordSchema, confirmPassword: z.string({ required_error: "validation.confirmRequired" }) })
    .superRefine((value, ctx) => {
      if (value.confirmPassword && value.password !== value.confirmPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.passwordMismatch" });
      }
    });
}

const signUpShape = {
  name: NameSchema,
  email: EmailSchema,
  terms: z.boolean({ required_error: "validation.termsRequired" }).refine((value) => value, "validation.termsRequired"),
};

export const SignUpSchema = withConfirmation(signUpShape);

export const PhoneSchema = z
  .string({ required_error: "validation.phoneRequired" })
  .trim()
  .min(1, "validation.phoneRequired")
  .refine((value) => isValidPhoneNumber(value, "NL"), "validation.invalidPhone");

export const PartnerSignUpSchema = withConfirmation({
  ...signUpShape,
  phone: PhoneSchema,
  plan: z.string({ required_error: "validation.planRequired" }).min(1, "validation.planRequired"),
});

export const CodeSchema = z.object({
  code: z
    .string({ required_error: "validation.otpRequired" })
    .trim()
    .min(1, "validation.otpRequired")
    .regex(/^\d{6}$/, "validation.invalidOtp"),
});

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string({ required_error: "validation.confirmRequired" }) })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.passwordMismatch" });
    }
  });
