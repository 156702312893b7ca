/**
 * Every page of the product, by who can see it, as paths without the locale prefix. The
 * look-and-feel suite visits each one (axe in both themes, no overflow at 390 px in every locale,
 * no console errors); a page added to app/routes must be added here (checked in that suite).
 */
import { DEMO_ADMIN, DEMO_PARTNER, DEMO_USER } from "../../../db/seed";
import { SEED_BLOG_POSTS } from "../../../db/seed-data/blog-posts";
import { seedFaqId } from "../../../db/seed-data/faq";
import { SEED_STORES } from "../../../db/seed-data/stores";
import { DEMO_AD_CLIENT_ID, DEMO_AD_IMPORT_ID, DEMO_CLICK_ID, DEMO_IMPORT_ID, DEMO_MESSAGE_ID } from "./paths";

export const PUBLIC_PAGES = [
  "",
  "/about",
  "/contact",
  "/faq",
  "/blog",
  `/blog/${SEED_BLOG_POSTS[0]!.slug}`,
  "/webshops",
  `/webshops/${SEED_STORES[0]!.slug}`,
  "/pricing",
  "/privacy-policy",
  "/terms-and-conditions",
  "/cookie-policy",
  "/cookie-preferences",
  "/signin",
  "/signup",
  "/signup/partner",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/signin/unlock",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/offline",
  "/admin",
  // The sandbox network's merchant, reached without a click (it says a purchase would not count).
  `/sandbox/merchant/${SEED_STORES[0]!.slug}`,
  "/no-such-page",
];

export const MEMBER_PAGES = [
  "/cashback",
  // The demo member's click from 10 days ago (made by server.ts): the claim form is open.
  `/cashback/claim/${DEMO_CLICK_ID}`,
  "/dashboard",
  "/dashboard/add-money",
  "/dashboard/withdraw",
  "/notifications",
  "/plans",
  "/profile",
  "/referrals",
  "/loyalty",
  "/settings",
  "/transactions",
  "/wallet",
  "/reauthenticate",
  "/ads",
  "/ads/clients",
  "/ads/import",
  // The Dutch export server.ts uploaded for the demo member (previewed, not stored).
  `/ads/import/${DEMO_AD_IMPORT_ID}`,
  "/ads/audit",
  "/ads/audit/settings",
  "/ads/tips",
  "/ads/keywords",
  "/ads/competitors",
  "/ads/negatives",
  "/ads/ngrams",
  "/ads/pacing",
  "/ads/alerts",
  "/ads/reports",
  "/ads/accounts",
  `/ads/accounts/${DEMO_AD_CLIENT_ID}`,
  "/assistant",
  // The no-JavaScript logout confirmation (GET only shows it).
  "/logout",
  // A store's page, which a signed-in member sees in the member frame (#24).
  `/webshops/${SEED_STORES[0]!.slug}`,
];

export const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/users",
  // The demo member's page in the back office, by example (an address in place of the id leads to it).
  `/admin/users/${DEMO_USER.email}`,
  "/admin/reauthenticate",
  "/admin/recovery-codes",
  "/admin/audit",
  "/admin/withdrawals",
  "/admin/settings",
  "/admin/stores",
  "/admin/stores/new",
  // A seeded store's page in the back office, by example.
  `/admin/stores/${SEED_STORES[0]!.slug}`,
  "/admin/conversions",
  "/admin/conversions/import",
  // The sample report server.ts uploaded (previewed, not applied).
  `/admin/conversions/import/${DEMO_IMPORT_ID}`,
  "/admin/claims",
  "/admin/referrals",
  "/admin/content",
  "/admin/content/blog",
  "/admin/content/blog/new",
  // A seeded article's page in the back office, and the first seeded English FAQ question's.
  `/admin/content/blog/${SEED_BLOG_POSTS[0]!.locale}/${SEED_BLOG_POSTS[0]!.slug}`,
  "/admin/content/faq",
  "/admin/content/faq/new",
  `/admin/content/faq/${seedFaqId("en", 0)}`,
  "/admin/content/subscribers",
  "/admin/messages",
  // The contact message server.ts wrote.
  `/admin/messages/${DEMO_MESSAGE_ID}`,
];

/**
 * Pages reached only in the middle of a flow (a pending sign-in's second step; an admin without
 * two-factor authentication yet), checked by their flows' own tests (accounts.spec.ts,
 * admin-access.spec.ts): listed so the route check knows them, not visited on their own.
 */
export const MID_FLOW_PAGES = ["/signin/two-factor", "/admin/two-factor"];

/** Pages only partners see (signed in as the demo partner). */
export const PARTNER_PAGES = ["/partner", "/dashboard", "/plans"];

export const MEMBER = DEMO_USER;
export const PARTNER = DEMO_PARTNER;
export const ADMIN = DEMO_ADMIN;

/** Pages that cost the sweep several ordinary pages' time, and how many (the groups are balanced by it). */
export const HEAVY_PAGES: Record<string, number> = {
  // The ad audit: about 7,500 elements, three seconds of axe per theme.
  "/ads/audit": 6,
  // The n-gram tables: 3,500 elements, about as long for axe as the audit (10 s for both themes on
  // a quiet machine; its group of three took 22 s in CI, 2026-11-28).
  "/ads/ngrams": 6,
};
