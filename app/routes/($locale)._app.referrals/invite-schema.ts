/** The invitation form's fields (checked in the browser and on the server). */
import { z } from "zod";

export const InviteSchema = z.object({
  email: z
    .string({ required_error: "referrals:invite.emailInvalid" })
    .trim()
    .max(254, "referrals:invite.emailInvalid")
    .email("referrals:invite.emailInvalid"),
});
