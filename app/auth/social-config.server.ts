/**
 * Social sign-in configuration: which providers are configured (client id and secret), and their
 * endpoints (overridable, so tests can run a local OAuth2 server). Kept apart from the flow so the
 * security headers can allow form posts to continue to the providers' sign-in pages.
 */
import { SOCIAL_PROVIDERS, type SocialProvider } from "./providers";

const DEFAULTS: Record<SocialProvider, { authorization: string; token: string; userinfo: string; scopes: string[] }> = {
  google: {
    authorization: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
    scopes: ["openid", "email", "profile"],
  },
  facebook: {
    authorization: "https://www.facebook.com/v19.0/dialog/oauth",
    token: "https://graph.facebook.com/v19.0/oauth/access_token",
    userinfo: "https://graph.facebook.com/me?fields=id,name,email",
    scopes: ["email", "public_profile"],
  },
  instagram: {
    authorization: "https://api.instagram.com/oauth/authorize",
    token: "https://api.instagram.com/oauth/access_token",
    userinfo: "https://graph.instagram.com/me?fields=id,username",
    scopes: ["user_profile"],
  },
};

export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
  authorization: string;
  token: string;
  userinfo: string;
  scopes: string[];
}

/** The provider's settings from the environment, or null when it is not configured. */
export function socialProviderConfig(
  provider: SocialProvider,
  source: Record<string, string | undefined> = process.env,
): SocialProviderConfig | null {
  const prefix = provider.toUpperCase();
  const clientId = source[`${prefix}_CLIENT_ID`]?.trim();
  const clientSecret = source[`${prefix}_CLIENT_SECRET`]?.trim();
  if (!clientId || !clientSecret) return null;
  const defaults = DEFAULTS[provider];
  return {
    clientId,
    clientSecret,
    authorization: source[`${prefix}_AUTHORIZATION_URL`]?.trim() || defaults.authorization,
    token: source[`${prefix}_TOKEN_URL`]?.trim() || defaults.token,
    userinfo: source[`${prefix}_USERINFO_URL`]?.trim() || defaults.userinfo,
    scopes: defaults.scopes,
  };
}

/** The providers whose client id and secret are set, in the product's order: the only ones the pages offer. */
export function configuredSocialProviders(source: Record<string, string | undefined> = process.env): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => socialProviderConfig(provider, source) !== null);
}

/** The origins of the configured providers' sign-in pages (for the CSP's form-action). */
export function socialFormActionOrigins(source: Record<string, string | undefined> = process.env): string[] {
  const origins = new Set<string>();
  for (const provider of SOCIAL_PROVIDERS) {
    const config = socialProviderConfig(provider, source);
    if (config) origins.add(new URL(config.authorization).origin);
  }
  return [...origins];
}
