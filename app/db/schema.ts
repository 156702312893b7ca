/**
 * The `Database` type: one interface per table, in the app's camelCase (Kysely's CamelCasePlugin
 * maps them to the snake_case columns the migrations in `db/migrations` create).
 *
 * Portable column conventions, so the same migrations and queries run on SQLite and PostgreSQL:
 * ids are text (UUIDs); timestamps are ISO-8601 UTC strings (`2026-11-21T09:30:00.000Z`), which
 * sort and compare correctly as text; money is integer cents; flags are integers 0/1.
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export const ROLES = ["user", "partner", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  role: Generated<Role>;
  locale: Generated<string>;
  emailVerifiedAt: string | null;
  /** Partners only: their phone number and the partner plan they chose at sign-up. */
  phone: string | null;
  partnerPlanCode: string | null;
  theme: Generated<"light" | "dark" | "system">;
  notifyEmail: Generated<number>;
  notifyPush: Generated<number>;
  notifySms: Generated<number>;
  notifyCashback: Generated<number>;
  notifyPurchases: Generated<number>;
  notifyPromotions: Generated<number>;
  totpSecret: Generated<string | null>;
  totpEnabledAt: Generated<string | null>;
  /** The last TOTP time step accepted: a code is good once. */
  totpLastStep: Generated<number | null>;
  /** Suspended by an admin: sign-in and withdrawals are refused, and the user is told why. */
  suspendedAt: Generated<string | null>;
  suspendedReason: Generated<string | null>;
  location: Generated<string | null>;
  avatarData: Generated<string | null>;
  avatarType: Generated<string | null>;
  /** When the member hid the dashboard's first-steps checklist (app/users/first-steps.server.ts). */
  firstStepsDismissedAt: Generated<string | null>;
  createdAt: string;
  updatedAt: string;
}

export interface NotificationsTable {
  id: string;
  userId: string;
  type: "success" | "warning" | "info";
  titleKey: string;
  messageKey: string;
  params: Generated<string>;
  readAt: string | null;
  createdAt: string;
}

export interface SessionsTable {
  id: string;
  userId: string;
  tokenHash: string;
  remember: number;
  expiresAt: string;
  revokedAt: string | null;
  userAgent: string | null;
  clientAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** When this session last proved who is there (sign-in, or the re-authentication step). */
  reauthenticatedAt: string | null;
  /** The client account the ad pages were last opened on by name (`?client=`) in this session. */
  adClientId: Generated<string | null>;
}

export type VerificationPurpose = "verify-email" | "email-change" | "sign-in-unlock";

/** Every e-mailed code, whatever it confirms (migration 0012). */
export interface VerificationsTable {
  id: string;
  userId: string;
  purpose: VerificationPurpose;
  /** What the code confirms besides the account (the new address of an e-mail change). */
  payload: string | null;
  codeHash: string;
  attempts: Generated<number>;
  expiresAt: string;
  consumedAt: string | null;
  createdAt: string;
}

export interface PasswordResetsTable {
  id: string;
  userId: string;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface OauthAccountsTable {
  id: string;
  userId: string;
  provider: string;
  providerUserId: string;
  createdAt: string;
}

/** `adjustment`: a manual credit or debit by an admin, with a reason (migration 0024). */
/** `loyalty`: loyalty points redeemed into the available balance (migration 0052). */
export const TRANSACTION_TYPES = [
  "cashback",
  "withdrawal",
  "referral",
  "affiliate",
  "purchase",
  "deposit",
  "adjustment",
  "loyalty",
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ["completed", "pending", "failed"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export interface LedgerAccountsTable {
  id: string;
  userId: string | null;
  kind: string;
  currency: Generated<string>;
  balanceCents: Generated<number>;
  createdAt: string;
}

export interface TransactionsTable {
  id: string;
  userId: string;
  type: TransactionType;
  status: TransactionStatus;
  direction: "credit" | "debit";
  amountCents: number;
  currency: Generated<string>;
  description: string;
  merchant: string | null;
  orderId: string | null;
  idempotencyKey: string | null;
  /** What the request behind the idempotency key asked for (user, type, amount…), hashed. */
  requestFingerprint: string | null;
  metadata: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export interface LedgerEntriesTable {
  id: string;
  transactionId: string;
  memo: string;
  currency: Generated<string>;
  /** When the movement happened for the books (the demo seed backdates history); rows are immutable. */
  effectiveAt: string | null;
  createdAt: string;
}

export interface PostingsTable {
  id: string;
  entryId: string;
  accountId: string;
  amountCents: number;
  currency: Generated<string>;
  /** The entry's effective date (copied: the balance history reads an account's recent postings by it). */
  effectiveAt: string;
  createdAt: string;
}

export interface PaymentsTable {
  id: string;
  userId: string;
  provider: string;
  providerSessionId: string | null;
  amountCents: number;
  status: "pending" | "paid" | "failed";
  idempotencyKey: string;
  transactionId: string | null;
  currency: Generated<string>;
  /** How much of the paid amount was refunded or lost in a dispute (reversed in the ledger). */
  reversedCents: Generated<number>;
  providerChargeId: string | null;
  /** What the payment is for: a wallet top-up or a plan (subscription_payments). */
  purpose: Generated<"topup" | "plan">;
  /** The card's fingerprint at the provider (Stripe), when known: the money-back guarantee is once per card. */
  cardFingerprint: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A member's use of the 30-day money-back guarantee: at most one per member (UNIQUE user_id). */
export interface MoneyBackGuaranteesTable {
  id: string;
  userId: string;
  subscriptionId: string;
  usedAt: string;
}

export interface WebhookEventsTable {
  id: string;
  provider: string;
  eventId: string;
  type: string;
  receivedAt: string;
}

export interface PayoutMethodsTable {
  userId: string;
  method: "paypal" | "bank";
  destination: string;
  updatedAt: string;
}

export interface AuditLogTable {
  id: string;
  actorId: string | null;
  action: string;
  subject: string;
  details: Generated<string>;
  /** JSON of what changed, as it was and as it became (null when the action has no before or after). */
  before: string | null;
  after: string | null;
  /** The client address of the request that made the change (null for jobs and scripts). */
  clientAddress: string | null;
  createdAt: string;
}

export interface ReconciliationRunsTable {
  id: string;
  /** "schedule" (the hourly job) or "admin" (asked for from the dashboard). */
  trigger: "schedule" | "admin";
  requestedBy: string | null;
  accounts: number;
  entries: number;
  postings: number;
  /** JSON array of the problems found (empty when the books agree). */
  problems: string;
  ok: number;
  startedAt: string;
  finishedAt: string;
}

export interface AdminNotesTable {
  id: string;
  userId: string;
  authorId: string | null;
  body: string;
  createdAt: string;
}

/** Two-factor recovery codes, stored as SHA-256 hashes; `usedAt` set when one is spent. */
export interface RecoveryCodesTable {
  id: string;
  userId: string;
  codeHash: string;
  usedAt: string | null;
  createdAt: string;
}

export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  locale: string;
  clientAddress: string | null;
  emailedAt: string | null;
  createdAt: string;
  /** The messages desk: new → read (opened by an admin) → replied → done; a done one can be reopened. */
  status: Generated<ContactStatus>;
  readAt: Generated<string | null>;
  repliedAt: Generated<string | null>;
  doneAt: Generated<string | null>;
}

export const CONTACT_STATUSES = ["new", "read", "replied", "done"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** An admin's reply to a contact message, e-mailed to its sender in the sender's language. */
export interface ContactRepliesTable {
  id: string;
  messageId: string;
  authorId: string | null;
  body: string;
  locale: string;
  createdAt: string;
}

export const STORE_NETWORKS = ["awin", "impact", "cj", "rakuten", "sandbox", "other"] as const;
export type StoreNetwork = (typeof STORE_NETWORKS)[number];

export interface ClicksTable {
  id: string;
  userId: string;
  storeId: string;
  ipHash: string;
  userAgent: string | null;
  isBot: Generated<number>;
  createdAt: string;
}

export const CONVERSION_STATUSES = ["pending", "confirmed", "declined", "reversed", "unmatched", "needs-review"] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];
export type ReportedStatus = "pending" | "approved" | "declined";

export interface ConversionsTable {
  id: string;
  network: string;
  networkTransactionId: string;
  clickId: string | null;
  userId: string | null;
  storeId: string | null;
  saleAmountCents: number;
  commissionCents: number;
  cashbackCents: Generated<number>;
  currency: string;
  status: ConversionStatus;
  transactionId: string | null;
  occurredAt: string;
  createdAt: string;
  updatedAt: string;
  /** The network's latest word, kept even while unmatched (an admin's match applies it). */
  reportedStatus: ReportedStatus | null;
  /** When the confirmation job confirms it if the network has not: the report's date plus the store's window. */
  confirmsAt: string | null;
  /** What a return took back after confirmation. */
  reversedCents: Generated<number>;
  declineReason: string | null;
  claimId: string | null;
  /** The member's share (basis points) it was credited at. */
  userShareBps: number | null;
}

export const CLAIM_STATUSES = ["open", "approved", "rejected"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export interface CashbackClaimsTable {
  id: string;
  userId: string;
  storeId: string;
  clickId: string;
  orderId: string;
  orderDate: string;
  amountCents: number;
  status: ClaimStatus;
  reason: string | null;
  conversionId: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ReportImportsTable {
  id: string;
  adminId: string | null;
  network: string;
  filename: string;
  content: string;
  status: "previewed" | "applying" | "applied";
  /** JSON: see `ImportPreview` in app/cashback/imports.server.ts. */
  preview: string;
  /** JSON: outcome → count, once applied. */
  result: string | null;
  createdAt: string;
  appliedAt: string | null;
}

export interface ReferralCodesTable {
  userId: string;
  code: string;
  createdAt: string;
}

export type ReferralStatus = "pending" | "held" | "paid" | "rejected";

/** One per referred account: see app/referrals/referrals.server.ts. */
export interface ReferralsTable {
  id: string;
  referrerId: string;
  referredUserId: string;
  status: ReferralStatus;
  holdReason: "same_ip" | "same_device" | null;
  qualifiedAt: string | null;
  paidAt: string | null;
  referrerBonusCents: number | null;
  friendBonusCents: number | null;
  referrerTransactionId: string | null;
  friendTransactionId: string | null;
  /** When a paid bonus was taken back (its qualifying cashback was returned), and the two take-backs. */
  bonusReversedAt: string | null;
  referrerReversalTransactionId: string | null;
  friendReversalTransactionId: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  /** The referred account's sign-up: the 90-day window starts here. */
  createdAt: string;
}

export interface ReferralInvitationsTable {
  id: string;
  referrerId: string;
  /** Lower-cased. */
  email: string;
  createdAt: string;
}

export interface ConversionEventsTable {
  id: string;
  network: string;
  networkTransactionId: string;
  source: "postback" | "report" | "admin";
  body: string;
  outcome: string;
  receivedAt: string;
  /** CJ: this record's own id; a transaction's parts are summed. */
  partId: string | null;
  saleAmountCents: number | null;
  commissionCents: number | null;
}

export interface StoresTable {
  id: string;
  slug: string;
  name: string;
  logo: string | null;
  category: string;
  /** The network's commission, basis points of the sale (500 = 5%); the member's rate is 90% of it. */
  cashbackRateBps: number;
  /** JSON object: locale → description. */
  description: string;
  affiliateUrl: string;
  active: Generated<number>;
  network: Generated<StoreNetwork>;
  advertiserId: string | null;
  /** The network's tracking link with a {clickId} placeholder (null on the sandbox network). */
  trackingUrl: string | null;
  /** No longer read (#24: the member's share is 90% at every store, app/wallet/fee.ts); emptied by migration 0039. */
  userShareBps: number | null;
  confirmationDays: number | null;
  /** The most commission the store pays on one order (cents); null: no cap. Members see 90% of it. */
  capCents: number | null;
  newCustomerRateBps: number | null;
  /** JSON object: locale → terms. */
  terms: string | null;
  /** A percentage of the sale (`cashbackRateBps`, the base rate) or a fixed amount per sale (`rateFixedCents`). */
  rateKind: Generated<StoreRateKind>;
  rateFixedCents: number | null;
  /** JSON array of { name: { locale: text } | text, rateBps }: categories that earn a different rate (null: none). */
  categoryRates: string | null;
  createdAt: string;
  updatedAt: string;
}

export const STORE_RATE_KINDS = ["percent", "fixed"] as const;
export type StoreRateKind = (typeof STORE_RATE_KINDS)[number];

/** A store's uploaded logo (PNG, JPEG or WebP by content), base64. */
export interface StoreLogosTable {
  storeId: string;
  data: string;
  type: "image/png" | "image/jpeg" | "image/webp";
  updatedAt: string;
}

export const PLAN_AUDIENCES = ["business", "partner"] as const;
export type PlanAudience = (typeof PLAN_AUDIENCES)[number];

export interface PlansTable {
  id: string;
  code: string;
  name: string;
  audience: PlanAudience;
  priceCents: number;
  durationDays: number;
  /** JSON array of feature codes (translated by the pricing namespace). */
  features: string;
  sortOrder: Generated<number>;
  active: Generated<number>;
  createdAt: string;
}

export interface TrialsTable {
  userId: string;
  startedAt: string;
  endsAt: string;
  reminderSentAt: string | null;
}

export type SubscriptionStatus = "active" | "past_due" | "ended" | "refunded";

export interface SubscriptionsTable {
  id: string;
  userId: string;
  planId: string;
  status: SubscriptionStatus;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: Generated<number>;
  firstPaidAt: string;
  endedAt: string | null;
  endReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SubscriptionPaymentsTable {
  id: string;
  userId: string;
  planId: string;
  subscriptionId: string | null;
  kind: "initial" | "renewal";
  source: "wallet" | "provider";
  amountCents: number;
  currency: Generated<string>;
  status: "pending" | "paid" | "failed";
  paymentId: string | null;
  transactionId: string | null;
  refundState: Generated<"none" | "refunded">;
  refundTransactionId: string | null;
  refundedAt: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  idempotencyKey: string;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type PartnerCommissionStatus = "held" | "available" | "cancelled" | "reversed";

/** One per subscription payment of a referred business: see app/partner/commissions.server.ts. */
export interface PartnerCommissionsTable {
  id: string;
  partnerId: string;
  businessId: string;
  subscriptionPaymentId: string;
  paymentAmountCents: number;
  rateBps: number;
  amountCents: number;
  status: PartnerCommissionStatus;
  paidAt: string;
  releaseAt: string;
  transactionId: string | null;
  reversalTransactionId: string | null;
  releasedAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  locale: string;
  title: string;
  excerpt: string;
  body: string;
  cover: string | null;
  author: string;
  readingMinutes: Generated<number>;
  /** Only published articles are on the public pages (list, article, sitemap); drafts are the admin's. */
  status: Generated<BlogPostStatus>;
  /** When the article became public (last published); a draft keeps its creation or last publication time. */
  publishedAt: string;
  createdAt: string;
  updatedAt: Generated<string | null>;
}

export const BLOG_POST_STATUSES = ["draft", "published"] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

/** The FAQ, per locale: questions in categories, ordered by position; unpublished ones are hidden. */
export interface FaqEntriesTable {
  id: string;
  locale: string;
  category: string;
  question: string;
  answer: string;
  position: number;
  published: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export interface NewsletterSubscriptionsTable {
  id: string;
  email: string;
  locale: string;
  status: NewsletterStatus;
  confirmTokenHash: string | null;
  confirmExpiresAt: string | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OutboxTable {
  id: string;
  kind: "email";
  payload: string;
  status: "pending" | "sending" | "sent" | "failed";
  attempts: Generated<number>;
  nextAttemptAt: string;
  lockedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface JobsTable {
  id: string;
  name: string;
  data: Generated<string>;
  status: "queued" | "active" | "done" | "failed";
  singletonKey: string | null;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  runAt: string;
  lockedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export const LOYALTY_LEVELS = ["bronze", "silver", "gold", "platinum"] as const;
export type LoyaltyLevel = (typeof LOYALTY_LEVELS)[number];
export const LOYALTY_ENTRY_KINDS = ["earn", "reverse", "redeem", "expire", "adjust"] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];
export type LoyaltyCause = "cashback" | "referral" | "plan" | "redemption" | "expiry" | "admin";

/** A member's points: the cached balance and points owed (sums of their entries) and the level (migration 0052). */
export interface LoyaltyAccountsTable {
  userId: string;
  balancePoints: Generated<number>;
  owedPoints: Generated<number>;
  level: Generated<LoyaltyLevel>;
  levelChangedAt: string | null;
  warnedExpiryAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The append-only points ledger: the database refuses UPDATE and DELETE. */
export interface LoyaltyEntriesTable {
  id: string;
  userId: string;
  kind: LoyaltyEntryKind;
  cause: LoyaltyCause;
  causeId: string | null;
  points: number;
  owedPoints: Generated<number>;
  levelPoints: Generated<number>;
  levelAt: string;
  expiresAt: string | null;
  cents: number | null;
  transactionId: string | null;
  reason: string | null;
  actorId: string | null;
  idempotencyKey: string;
  createdAt: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedBy: string | null;
  updatedAt: string;
}

export const WITHDRAWAL_STATES = ["pending", "processing", "paid", "rejected", "cancelled"] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export interface WithdrawalsTable {
  transactionId: string;
  userId: string;
  state: WithdrawalState;
  amountCents: number;
  currency: Generated<string>;
  method: "paypal" | "bank";
  destination: string;
  payoutReference: string | null;
  reason: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The payout batch it is paid out in (null: not in an open or paid batch). */
  batchId: Generated<string | null>;
}

export const PAYOUT_BATCH_STATES = ["open", "paid", "cancelled"] as const;
export type PayoutBatchState = (typeof PAYOUT_BATCH_STATES)[number];

/** The processing withdrawals of one payout method, paid out with one file and one reference. */
export interface PayoutBatchesTable {
  id: string;
  method: "paypal" | "bank";
  state: PayoutBatchState;
  currency: string;
  itemCount: number;
  totalCents: number;
  payoutReference: string | null;
  createdBy: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdClientAccountsTable {
  id: string;
  ownerId: string;
  name: string;
  /** ISO 4217, set by the first import; null until then. */
  currency: string | null;
  industry: Generated<string>;
  timeZone: Generated<string>;
  /** JSON object: the auditor thresholds this client account overrides. */
  thresholds: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export const AD_IMPORT_STATUSES = ["processing", "failed", "pending", "imported", "replaced", "discarded"] as const;
export type AdImportStatus = (typeof AD_IMPORT_STATUSES)[number];

export interface AdImportsTable {
  id: string;
  clientAccountId: string;
  userId: string | null;
  status: AdImportStatus;
  filename: string;
  byteSize: number;
  contentHash: string;
  platform: string;
  kind: string;
  language: string;
  granularity: "day" | "period";
  currency: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  title: string | null;
  rowCount: number;
  /** JSON: the preview (totals, file totals, warnings, sample rows). */
  summary: string;
  createdAt: string;
  importedAt: string | null;
  replacedBy: string | null;
  /** While `processing`: the rows and bytes the job has read (the rows also count against the daily budget). */
  progressRows: Generated<number>;
  progressBytes: Generated<number>;
  /** JSON: the parser's problem of a `failed` import (code, line, column, expected, got). */
  error: string | null;
  /** A Meta breakdown export's dimensions, comma-separated (`age,gender`); null without one (migration 0042). */
  breakdown: Generated<string | null>;
}

/** An import's stored parts: the gzip'd upload while processing, then gzip'd batches of packed rows. */
export interface AdImportPartsTable {
  importId: string;
  kind: "upload" | "rows";
  part: number;
  data: Buffer;
}

export interface AdImportFilesTable {
  importId: string;
  /** The pending import's parsed rows, JSON (`columns` and one array per row). */
  data: string;
}

export interface AdRowsTable {
  importId: string;
  clientAccountId: string;
  platform: string;
  kind: string;
  line: number;
  day: string | null;
  campaign: string | null;
  adGroup: string | null;
  keyword: string | null;
  matchType: string | null;
  negative: Generated<number>;
  searchTerm: string | null;
  status: string | null;
  impressions: number | null;
  clicks: number | null;
  costCents: number | null;
  conversions: number | null;
  conversionValueCents: number | null;
  /** JSON: the non-empty extras and the ad's texts. */
  extras: Generated<string>;
}

export interface AdAuditsTable {
  id: string;
  clientAccountId: string;
  /** Who ran the audit. */
  userId: string | null;
  createdAt: string;
  /** JSON array of the ad_imports ids the audit ran on. */
  importIds: string;
  /** `YYYY-MM-DD..YYYY-MM-DD` the metrics cover, or null. */
  period: string | null;
  score: number;
  grade: "A" | "B" | "C";
  /** JSON array of CheckResult (app/ads/audit/types.ts). */
  checks: string;
}

export const AD_ALERT_KINDS = [
  "daily-spend",
  "cpa",
  "ctr-drop",
  "no-conversions",
  "lost-is-budget",
  "competitor-gaining",
  // #28: a campaign projected over or under its month's budget by more than the threshold (percent).
  "pacing",
] as const;
export type AdAlertKind = (typeof AD_ALERT_KINDS)[number];

export interface AdAlertsTable {
  id: string;
  clientAccountId: string;
  kind: AdAlertKind;
  /** Integer cents for daily-spend, cpa and no-conversions (least spend, 0 = any); percent points for ctr-drop, lost-is-budget, competitor-gaining (the share gain) and pacing (the projection's distance from the month's budget). */
  threshold: number;
  /** no-conversions: days in a row; else null. */
  days: number | null;
  /** Only this campaign's rows (compared without case); null = the whole client account. */
  campaign: string | null;
  enabled: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export interface AdAlertFiringsTable {
  id: string;
  alertId: string;
  /** The client account's local date of the evaluation (YYYY-MM-DD): one firing per alert and day. */
  day: string;
  value: number;
  threshold: number;
  /** The data's latest day or period and the alert's settings: one firing per alert and key. */
  dataKey: string;
  /** JSON: the data's day or period, the figures, the notification's keys and values. */
  details: Generated<string>;
  createdAt: string;
}

export const AD_TIP_STATUSES = ["open", "applied", "dismissed", "expired"] as const;
export type AdTipStatus = (typeof AD_TIP_STATUSES)[number];

export const ASSISTANT_ROLES = ["question", "answer"] as const;
export type AssistantRole = (typeof ASSISTANT_ROLES)[number];

/** The assistant's conversations: a user's questions and the answers, with their sources (JSON). */
export interface AssistantMessagesTable {
  id: string;
  userId: string;
  role: AssistantRole;
  content: string;
  /** JSON: `[{ title, link }]`, the pages the answer came from. */
  sources: Generated<string>;
  /** How the answer was made; null for questions. */
  via: "rules" | "llm" | null;
  createdAt: string;
}

export interface AdTipsTable {
  id: string;
  clientAccountId: string;
  auditId: string | null;
  kind: string;
  fingerprint: string;
  /** JSON: the campaign (and ad group) the tip is about. */
  subject: string;
  /** JSON: the figures behind the tip. */
  evidence: string;
  impactCents: number | null;
  impactKind: "value" | "spend" | "saving" | null;
  editorCsv: string | null;
  status: Generated<AdTipStatus>;
  dismissReason: string | null;
  dismissNote: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdKeywordListsTable {
  id: string;
  clientAccountId: string;
  createdBy: string | null;
  name: string;
  /** en | nl | fr | es | de: the generator's language (modifiers, stemmer). */
  language: string;
  /** The generator's inputs, as typed (the list can be generated again). */
  seeds: string;
  landingPage: string | null;
  negatives: string | null;
  keywordCount: number;
  createdAt: string;
}

export interface AdKeywordListItemsTable {
  listId: string;
  position: number;
  keyword: string;
  /** The ad-group theme's name. */
  theme: string;
  /** How the keyword was made (seed, permutation, transactional, …). */
  kind: string;
}

/** White-label report branding: one row per workspace (its owner). */
export interface AdReportBrandsTable {
  ownerId: string;
  agencyName: Generated<string>;
  /** The logo's bytes as base64 (PNG or JPEG, recognised by content). */
  logoData: string | null;
  logoType: string | null;
  /** #rrggbb */
  primaryColor: Generated<string>;
  accentColor: Generated<string>;
  footer: Generated<string>;
  updatedAt: string;
}

/** Share links of a client account's report (the token is signed; the row lists and revokes it). */
export interface AdReportSharesTable {
  id: string;
  clientAccountId: string;
  createdBy: string | null;
  periodFrom: string;
  periodTo: string;
  language: string;
  /** The token's signature (base64url): how a presented link finds its row. */
  signature: string;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
}

/** A client account's scheduled monthly report (at most one per client account). */
export interface AdReportSchedulesTable {
  id: string;
  ownerId: string;
  clientAccountId: string;
  /** JSON array of at most five e-mail addresses. */
  recipients: Generated<string>;
  /** en | nl | fr | es | de: the report's and the mail's language. */
  language: string;
  enabled: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** A month a schedule's report went out (UNIQUE schedule, month: at most once). */
export interface AdReportDeliveriesTable {
  scheduleId: string;
  /** YYYY-MM in the client account's time zone. */
  month: string;
  /** JSON array of the outbox rows' ids. */
  outboxIds: Generated<string>;
  mailCount: Generated<number>;
  createdAt: string;
}

export interface Database {
  outbox: OutboxTable;
  jobs: JobsTable;
  settings: SettingsTable;
  loyaltyAccounts: LoyaltyAccountsTable;
  loyaltyEntries: LoyaltyEntriesTable;
  withdrawals: WithdrawalsTable;
  payoutBatches: PayoutBatchesTable;
  users: UsersTable;
  sessions: SessionsTable;
  verifications: VerificationsTable;
  passwordResets: PasswordResetsTable;
  oauthAccounts: OauthAccountsTable;
  ledgerAccounts: LedgerAccountsTable;
  transactions: TransactionsTable;
  ledgerEntries: LedgerEntriesTable;
  postings: PostingsTable;
  payments: PaymentsTable;
  webhookEvents: WebhookEventsTable;
  moneyBackGuarantees: MoneyBackGuaranteesTable;
  payoutMethods: PayoutMethodsTable;
  auditLog: AuditLogTable;
  adminNotes: AdminNotesTable;
  recoveryCodes: RecoveryCodesTable;
  reconciliationRuns: ReconciliationRunsTable;
  notifications: NotificationsTable;
  rateLimits: RateLimitsTable;
  contactMessages: ContactMessagesTable;
  contactReplies: ContactRepliesTable;
  stores: StoresTable;
  storeLogos: StoreLogosTable;
  clicks: ClicksTable;
  conversions: ConversionsTable;
  conversionEvents: ConversionEventsTable;
  cashbackClaims: CashbackClaimsTable;
  reportImports: ReportImportsTable;
  referralCodes: ReferralCodesTable;
  referrals: ReferralsTable;
  referralInvitations: ReferralInvitationsTable;
  plans: PlansTable;
  trials: TrialsTable;
  subscriptions: SubscriptionsTable;
  subscriptionPayments: SubscriptionPaymentsTable;
  partnerCommissions: PartnerCommissionsTable;
  blogPosts: BlogPostsTable;
  faqEntries: FaqEntriesTable;
  newsletterSubscriptions: NewsletterSubscriptionsTable;
  adClientAccounts: AdClientAccountsTable;
  adImports: AdImportsTable;
  adImportFiles: AdImportFilesTable;
  adImportParts: AdImportPartsTable;
  adRows: AdRowsTable;
  adTips: AdTipsTable;
  adAudits: AdAuditsTable;
  adAlerts: AdAlertsTable;
  adAlertFirings: AdAlertFiringsTable;
  adKeywordLists: AdKeywordListsTable;
  adKeywordListItems: AdKeywordListItemsTable;
  assistantMessages: AssistantMessagesTable;
  adReportBrands: AdReportBrandsTable;
  adReportShares: AdReportSharesTable;
  adReportSchedules: AdReportSchedulesTable;
  adReportDeliveries: AdReportDeliveriesTable;
}

export type User = Selectable<UsersTable>;
export type Store = Selectable<StoresTable>;
export type Plan = Selectable<PlansTable>;
export type BlogPost = Selectable<BlogPostsTable>;
export type FaqEntry = Selectable<FaqEntriesTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
