/**
 * Every place that follows a `redirectTo` ignores a hostile one (#25 finding 4): `/.//evil.example`
 * resolves to `//evil.example`, another site. Sign-in, social sign-in (the value rides in a cookie
 * through the provider, here a local OAuth2 server), the two-factor step and re-authentication each
 * go to their own fallback instead, and still follow a path on this site.
 */
import * as OTPAuth from "otpauth";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "redirect-routes-test-secret-0123456789-0123456789";

import { createSession } from "~/auth/session.server";
import { startTwoFactor } from "~/auth/two-factor.server";
import { action as reauthAction, loader as reauthLoader } from "~/routes/($locale)._app.reauthenticate";
import { action as signInPageAction } from "~/routes/($locale)._public.signin";
import { action as codeStepAction } from "~/routes/($locale)._public.signin_.two-factor";
import { PEER_ADDRESS_HEADER } from "~/security/client-address.server";
import { createUser } from "~/users/users.server";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { cookiesOf, useLocalGoogle } from "../support/oauth-provider";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const PASSWORD = "Redirect-pass-42!";
const HOSTILE = "/.//evil.example";
const FRIENDLY = "/en/transactions?tab=1#x";
const { signInWithGoogle } = useLocalGoogle();
let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

describeEachDatabase("redirectTo on the sign-in paths", (t) => {
  useAppDatabase(t);

  const account = (name: string) =>
    createUser(t.db, { email: `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`, name, password: PASSWORD, emailVerified: true });
  const post = (path: string, form: Record<string, string>, cookie = "") =>
    new Request(`${APP}${path}`, {
      method: "POST",
      headers: { Origin: APP, Cookie: cookie, [PEER_ADDRESS_HEADER]: newAddress() },
      body: new URLSearchParams(form),
    });
  const signIn = (email: string, redirectTo: string) =>
    answer(() =>
      signInPageAction({ request: post("/en/signin", { email, password: PASSWORD, redirectTo }), params: { locale: "en" }, context: {} }),
    );

  it("sign-in", async () => {
    const user = await account("signin");
    expect((await signIn(user.email, HOSTILE)).location).toBe("/en/dashboard");
    expect((await signIn(user.email, FRIENDLY)).location).toBe(FRIENDLY);
  });

  it("social sign-in", async () => {
    const email = `social-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const who = { sub: `g-${email}`, email, email_verified: true, name: "Social" };
    expect((await signInWithGoogle(who, { redirectTo: HOSTILE })).location).toBe("/en/dashboard");
    expect((await signInWithGoogle(who, { redirectTo: FRIENDLY })).location).toBe(FRIENDLY);
  });

  it("the two-factor step", async () => {
    const user = await account("two-factor");
    const { secret } = await startTwoFactor(t.db, user.id);
    await t.db.updateTable("users").set({ totpEnabledAt: new Date().toISOString() }).where("id", "=", user.id).execute();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    for (const [redirectTo, expected, offset] of [
      [HOSTILE, "/en/dashboard", 0],
      [FRIENDLY, FRIENDLY, 30_000],
    ] as const) {
      const first = await signIn(user.email, redirectTo);
      expect(first.location).toBe("/en/signin/two-factor");
      const code = totp.generate({ timestamp: Date.now() + offset });
      const step = await answer(() =>
        codeStepAction({ request: post("/en/signin/two-factor", { code }, cookiesOf(first)), params: { locale: "en" }, context: {} }),
      );
      expect(step.location).toBe(expected);
    }
  });

  it("re-authentication", async () => {
    const user = await account("reauth");
    const { setCookie } = await createSession(t.db, user, { remember: false });
    const cookie = setCookie.split(";")[0]!;
    const page = await answer(() =>
      reauthLoader({
        request: new Request(`${APP}/en/reauthenticate?redirectTo=${encodeURIComponent(HOSTILE)}`, { headers: { Cookie: cookie } }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(page.body.redirectTo).toBe("");
    for (const [redirectTo, expected] of [
      [HOSTILE, "/en/settings"],
      [FRIENDLY, FRIENDLY],
    ] as const) {
      const reply = await answer(() =>
        reauthAction({
          request: post("/en/reauthenticate", { password: PASSWORD, redirectTo }, cookie),
          params: { locale: "en" },
          context: {},
        }),
      );
      expect(reply.location).toBe(expected);
    }
  });
});
