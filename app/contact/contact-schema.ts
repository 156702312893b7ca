/** The contact form's fields and rules, shared by the browser (instant checks) and the server. */
import { z } from "zod";
import { EmailSchema, NameSchema } from "~/users/validation";

export const ContactSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  company: z
    .string()
    .trim()
    .max(100, "validation.companyTooLong")
    .optional()
    .transform((value) => value || undefined),
  message: z
    .string({ required_error: "validation.messageRequired" })
    .trim()
    .min(1, "validation.messageRequired")
    .min(10, "validation.messageTooShort")
    .max(5000, "validation.messageTooLong"),
});

export type ContactInput = z.infer<typeof ContactSchema>;
