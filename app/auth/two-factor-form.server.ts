/** A two-factor panel's form (`twoFactorIntent`) posted by the account signed in on `request`: its session, the request's client address. */
import { db } from "~/db/db.server";
import { clientAddress } from "~/security/client-address.server";
import { twoFactorIntent } from "./two-factor.server";

export function postTwoFactorForm(
  request: Request,
  signedIn: { user: { id: string }; session: { id: string } },
  intent: string,
  code: FormDataEntryValue | null,
) {
  return twoFactorIntent(db(), {
    userId: signedIn.user.id,
    sessionId: signedIn.session.id,
    intent,
    code,
    clientAddress: clientAddress(request),
  });
}
