/** The social sign-in providers the product offers (shared by the buttons and the server). */
export const SOCIAL_PROVIDERS = ["google", "facebook", "instagram"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === "string" && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** Brand names are the same in every language. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { google: "Google", facebook: "Facebook", instagram: "Instagram" };
