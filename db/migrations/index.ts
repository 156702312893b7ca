/**
 * Every migration, in order. Listed here (rather than read from the folder at run time) so the
 * same list works under tsx, vitest and a bundled server; a test checks it matches the folder.
 */
import type { Migration } from "kysely";
import * as createUsers from "./20261121_0001_create_users";
import * as publicSite from "./20261121_0002_public_site";
import * as accounts from "./20261121_0003_accounts";
import * as ledger from "./20261121_0004_ledger";
import * as transactionsIndexes from "./20261121_0005_transactions_indexes";
import * as accountArea from "./20261121_0006_account_area";
import * as profile from "./20261121_0007_profile";
import * as avatars from "./20261121_0008_avatars";
import * as emailChanges from "./20261121_0009_email_changes";
import * as moneyCore from "./20261122_0010_money_core";
import * as reauthentication from "./20261122_0011_reauthentication";
import * as verifications from "./20261122_0012_verifications";
import * as clicks from "./20261122_0013_clicks";
import * as cashbackLifecycle from "./20261123_0014_cashback_lifecycle";
import * as storeRates from "./20261123_0015_store_rates";
import * as reportImports from "./20261123_0016_report_imports";
import * as referrals from "./20261123_0017_referrals";
import * as subscriptions from "./20261123_0018_subscriptions";
import * as partnerCommissions from "./20261123_0019_partner_commissions";
import * as backOffice from "./20261123_0020_back_office";
import * as payoutBatches from "./20261123_0021_payout_batches";
import * as contactReplies from "./20261123_0022_contact_replies";
import * as content from "./20261123_0023_content";
import * as adjustments from "./20261123_0024_adjustments";
import * as reconciliationRuns from "./20261123_0025_reconciliation_runs";
import * as adsCore from "./20261123_0026_ads_core";
import * as adAudits from "./20261123_0027_ad_audits";
import * as adAlerts from "./20261123_0028_ad_alerts";
import * as adsDashboardIndex from "./20261123_0029_ads_dashboard_index";
import * as adTips from "./20261123_0030_ad_tips";
import * as adKeywordLists from "./20261123_0031_ad_keyword_lists";
import * as assistant from "./20261123_0033_assistant";
import * as adReports from "./20261123_0034_ad_reports";
import * as adAlertCompetitors from "./20261123_0035_ad_alert_competitors";
import * as adReportSchedules from "./20261123_0036_ad_report_schedules";
import * as ledgerThroughput from "./20261123_0037_ledger_throughput";
import * as recoveryCodes from "./20261127_0038_recovery_codes";
import * as storeTerms from "./20261127_0039_store_terms";
import * as firstSteps from "./20261127_0040_first_steps";
import * as adImportJobs from "./20261127_0041_ad_import_jobs";
import * as adImportBreakdown from "./20261127_0042_ad_import_breakdown";
import * as moneyBackGuarantee from "./20261127_0045_money_back_guarantee";
import * as referralBonusReversal from "./20261127_0046_referral_bonus_reversal";
import * as adAlertPacing from "./20261128_0048_ad_alert_pacing";
import * as adClientOpened from "./20261128_0050_ad_client_opened";
import * as sessionAdClient from "./20261128_0051_session_ad_client";
import * as loyalty from "./20261128_0052_loyalty";
import * as loyaltyFaq from "./20261128_0053_loyalty_faq";
import * as postingsEffective from "./20261128_0054_postings_effective";

export const migrations: Record<string, Migration> = {
  "20261121_0001_create_users": createUsers,
  "20261121_0002_public_site": publicSite,
  "20261121_0003_accounts": accounts,
  "20261121_0004_ledger": ledger,
  "20261121_0005_transactions_indexes": transactionsIndexes,
  "20261121_0006_account_area": accountArea,
  "20261121_0007_profile": profile,
  "20261121_0008_avatars": avatars,
  "20261121_0009_email_changes": emailChanges,
  "20261122_0010_money_core": moneyCore,
  "20261122_0011_reauthentication": reauthentication,
  "20261122_0012_verifications": verifications,
  "20261122_0013_clicks": clicks,
  "20261123_0014_cashback_lifecycle": cashbackLifecycle,
  "20261123_0015_store_rates": storeRates,
  "20261123_0016_report_imports": reportImports,
  "20261123_0017_referrals": referrals,
  "20261123_0018_subscriptions": subscriptions,
  "20261123_0019_partner_commissions": partnerCommissions,
  "20261123_0020_back_office": backOffice,
  "20261123_0021_payout_batches": payoutBatches,
  "20261123_0022_contact_replies": contactReplies,
  "20261123_0023_content": content,
  "20261123_0024_adjustments": adjustments,
  "20261123_0025_reconciliation_runs": reconciliationRuns,
  "20261123_0026_ads_core": adsCore,
  "20261123_0027_ad_audits": adAudits,
  "20261123_0028_ad_alerts": adAlerts,
  "20261123_0029_ads_dashboard_index": adsDashboardIndex,
  "20261123_0030_ad_tips": adTips,
  "20261123_0031_ad_keyword_lists": adKeywordLists,
  "20261123_0033_assistant": assistant,
  "20261123_0034_ad_reports": adReports,
  "20261123_0035_ad_alert_competitors": adAlertCompetitors,
  "20261123_0036_ad_report_schedules": adReportSchedules,
  "20261123_0037_ledger_throughput": ledgerThroughput,
  "20261127_0038_recovery_codes": recoveryCodes,
  "20261127_0039_store_terms": storeTerms,
  "20261127_0040_first_steps": firstSteps,
  "20261127_0041_ad_import_jobs": adImportJobs,
  "20261127_0042_ad_import_breakdown": adImportBreakdown,
  "20261127_0045_money_back_guarantee": moneyBackGuarantee,
  "20261127_0046_referral_bonus_reversal": referralBonusReversal,
  "20261128_0048_ad_alert_pacing": adAlertPacing,
  "20261128_0050_ad_client_opened": adClientOpened,
  "20261128_0051_session_ad_client": sessionAdClient,
  "20261128_0052_loyalty": loyalty,
  "20261128_0053_loyalty_faq": loyaltyFaq,
  "20261128_0054_postings_effective": postingsEffective,
};
