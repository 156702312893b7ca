/**
 * The sign-in and sign-up pages offer only the social providers that are configured (client id and
 * secret), and a social sign-in that fails (a provider not configured, reached by an old page or a
 * link) comes back as an error: an alert in error colours, never a green confirmation. The pages
 * are rendered from their own loaders and components, on each database (the loaders read the session).
 */
import { afterEach, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "social-pages-test-secret-0123456789-0123456789";

import { fixedT } from "~/i18n/translator.server";
import { action as providerAction } from "~/routes/($locale).auth.$provider";
import SignInPage, { loader as signInLoader } from "~/routes/($locale)._public.signin";
import SignUpPage, { loader as signUpLoader } from "~/routes/($locale)._public.signup._index";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answeredBy, renderRoute } from "../support/render-page";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const t = fixedT("en", "auth");
const PROVIDER_KEYS = ["GOOGLE", "FACEBOOK", "INSTAGRAM"].flatMap((p) => [`${p}_CLIENT_ID`, `${p}_CLIENT_SECRET`]);

/** Only these providers configured for the test (the others' variables removed). */
function configure(...providers: string[]) {
  for (const key of PROVIDER_KEYS) delete process.env[key];
  for (const provider of providers) {
    process.env[`${provider}_CLIENT_ID`] = `${provider.toLowerCase()}-id`;
    process.env[`${provider}_CLIENT_SECRET`] = `${provider.toLowerCase()}-secret`;
  }
}

/** The page as the server renders it, with the cookies given. */
async function render(page: "signin" | "signup", cookie = "") {
  const loader = page === "signin" ? signInLoader : signUpLoader;
  const url = `${APP}/en/${page}`;
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  return renderRoute(
    {
      id: page,
      path: `/:locale/${page}`,
      loader: answeredBy(loader, new Request(url, { headers })),
      Component: page === "signin" ? SignInPage : SignUpPage,
    },
    new Request(url),
  );
}

/** The `<p>` that carries the text, with its attributes. */
function messageElement(html: string, text: string): string | null {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return html.match(new RegExp(`<p[^>]*>${escaped}</p>`))?.[0] ?? null;
}

describeEachDatabase("social sign-in on the pages", (context) => {
  const saved = Object.fromEntries(PROVIDER_KEYS.map((key) => [key, process.env[key]]));
  useAppDatabase(context);
  afterEach(() => {
    for (const key of PROVIDER_KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it("shows a button only for a configured provider", async () => {
    configure("GOOGLE");
    for (const page of ["signin", "signup"] as const) {
      const html = await render(page);
      expect(html).toContain(t("social.google"));
      expect(html).not.toContain(t("social.facebook"));
      expect(html).not.toContain(t("social.instagram"));
    }
  });

  it("shows no social block at all when no provider is configured", async () => {
    configure();
    for (const page of ["signin", "signup"] as const) {
      const html = await render(page);
      expect(html).not.toContain(t("social.or"));
      expect(html).not.toContain(t("social.google"));
      expect(html).not.toMatch(/action="\/en\/auth\//);
    }
  });

  it("answers a post for an unconfigured provider with an error on the page it came from", async () => {
    configure("GOOGLE");
    for (const [page, intent, key] of [
      ["signin", "signin", "social.errorMessageDefault"],
      ["signup", "signup", "social.signupFailed"],
    ] as const) {
      const reply = await answer(() =>
        providerAction({
          request: new Request(`${APP}/en/auth/facebook`, {
            method: "POST",
            headers: { Origin: APP },
            body: new URLSearchParams({ intent }),
          }),
          params: { locale: "en", provider: "facebook" },
          context: {},
        }),
      );
      expect(reply.status).toBe(302);
      expect(reply.location).toBe(`/en/${page}`);
      const flash = reply.headers.get("Set-Cookie")!.split(";")[0]!;

      const html = await render(page, flash);
      const message = messageElement(html, t(key, { provider: "facebook" }));
      expect(message).not.toBeNull();
      expect(message).toContain('role="alert"');
      expect(message).toContain("bg-red-50");
      expect(message).toContain("text-red-800");
      expect(message).not.toContain('role="status"');
      expect(message).not.toContain("bg-brand-50");
    }
  });
});
