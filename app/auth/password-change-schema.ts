/** The password change form (settings): current password, then a new one twice, by the product's rules. */
import { z } from "zod";
import { NewPasswordSchema } from "./schemas";

export const PasswordChangeSchema = z
  .object({ currentPassword: z.string().optional(), password: z.string().optional(), confirmPassword: z.string().optional() })
  .superRefine((value, ctx) => {
    if (!value.currentPassword) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "validation.passwordRequired" });
    const next = NewPasswordSchema.safeParse(value.password ?? "");
    if (!next.success) ctx.addIssue({ code: "custom", path: ["password"], message: next.error.issues[0]!.message });
    if (!value.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.confirmRequired" });
    else if (value.password !== value.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.passwordMismatch" });
  })
  .transform((value) => ({ current: value.currentPassword!, next: value.password! }));
