/** The sign-up forms' action (regular and partner): validate, throttle, sign up, go verify. */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { db } from "~/db/db.server";
import type { Locale } from "~/i18n/config";
import { listActivePlans } from "~/plans/plans.server";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { localePath } from "~/utils/paths";
import { signUp } from "./accounts.server";
import { accountContext } from "./context.server";
import { throttleForm } from "./form-throttle.server";
import { PartnerSignUpSchema, SignUpSchema } from "./schemas";
import { setVerifyEmail } from "./verify-cookie.server";
import { readForm } from "~/utils/form-data.server";
import { forgetReferral, referralCodeFromRequest, referralFromRequest } from "~/referrals/cookie.server";

export async function signUpAction(request: Request, locale: Locale, partner: boolean) {
  requireSameOrigin(request);
  const formData = await readForm(request);
  const partnerPlans = partner ? await listActivePlans(db(), "partner") : [];
  const schema = partner
    ? PartnerSignUpSchema.superRefine((value, ctx) => {
        if (value.plan && !partnerPlans.some((plan) => plan.code === value.plan)) {
          ctx.addIssue({ code: "custom", path: ["plan"], message: "validation.planRequired" });
        }
      })
    : SignUpSchema;
  const submission = parseWithZod(formData, { schema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }), wait: null }, { status: 400 });

  const tooMany = await throttleForm(submission, [["signUpIp", clientAddress(request)]], { hideFields });
  if (tooMany) return tooMany;
  const value = submission.value as { name: string; email: string; password: string; phone?: string; plan?: string };
  try {
    await signUp(
      db(),
      {
        name: value.name,
        email: value.email,
        password: value.password,
        locale,
        partner: partner ? { phone: value.phone!, planCode: value.plan! } : undefined,
        referral: await referralFromRequest(db(), request),
      },
      accountContext(),
    );
  } catch (error) {
    console.error("sign-up failed", error);
    const message = partner ? "auth:signup.partnerFailed" : "auth:signup.failed";
    return data({ result: submission.reply({ formErrors: [message], hideFields }), wait: null }, { status: 500 });
  }
  const headers = new Headers({ "Set-Cookie": await setVerifyEmail(value.email) });
  if (await referralCodeFromRequest(request)) headers.append("Set-Cookie", await forgetReferral());
  throw redirect(localePath(locale, "/verify-email"), { headers });
}
