/**
 * A local OAuth2 provider (oauth2-mock-server) standing in for Google, and a sign-in through the
 * app's own routes: the button's post (`/en/auth/google`), the provider's authorize step, the
 * callback. Call `useLocalGoogle()` at the top of a test file: it starts the server before the
 * file's tests, points the Google settings at it, and puts everything back after.
 */
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, expect } from "vitest";
import { action as providerAction } from "~/routes/($locale).auth.$provider";
import { loader as callbackLoader } from "~/routes/auth.$provider.callback";
import { answer, type RouteAnswer } from "./route-answer";

export type Identity = Record<string, unknown>;

const APP = "http://localhost:3000";
const ENV_KEYS = ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_AUTHORIZATION_URL", "GOOGLE_TOKEN_URL", "GOOGLE_USERINFO_URL"];

/** The cookies an answer set, as a Cookie header for the next request. */
export const cookiesOf = (reply: RouteAnswer) =>
  reply.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");

export function useLocalGoogle() {
  const oauth = new OAuth2Server();
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  let identity: Identity = {};

  beforeAll(async () => {
    await oauth.issuer.keys.generate("RS256");
    await oauth.start(0, "127.0.0.1");
    oauth.service.on("beforeUserinfo", (response: { body: unknown }) => {
      response.body = identity;
    });
    const url = oauth.issuer.url!;
    Object.assign(process.env, {
      GOOGLE_CLIENT_ID: "local-client",
      GOOGLE_CLIENT_SECRET: "local-secret",
      GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    });
  });

  afterAll(async () => {
    await oauth.stop();
    for (const key of ENV_KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  /** Signs in with Google as `who`: the button's post, the provider's authorize step, the callback's answer. */
  async function signInWithGoogle(who: Identity, options: { intent?: "signin" | "signup"; redirectTo?: string } = {}) {
    identity = who;
    const start = await answer(() =>
      providerAction({
        request: new Request(`${APP}/en/auth/google`, {
          method: "POST",
          headers: { Origin: APP },
          body: new URLSearchParams({
            intent: options.intent ?? "signin",
            ...(options.redirectTo ? { redirectTo: options.redirectTo } : {}),
          }),
        }),
        params: { locale: "en", provider: "google" },
        context: {},
      }),
    );
    expect(start.status).toBe(302);
    const atProvider = await fetch(start.location!, { redirect: "manual" });
    expect(atProvider.status).toBe(302);
    return answer(() =>
      callbackLoader({
        request: new Request(atProvider.headers.get("Location")!, { headers: { Cookie: cookiesOf(start) } }),
        params: { provider: "google" },
        context: {},
      }),
    );
  }

  return { signInWithGoogle };
}
