/** The plans offered at launch (content, seeded into every database that has none). */
export const SEED_PLANS = [
  { code: "starter", name: "Starter", audience: "business", priceCents: 2900, durationDays: 30, features: ["keywordGenerator", "campaignAuditor", "dailyTips", "emailSupport"] },
  { code: "growth", name: "Growth", audience: "business", priceCents: 7900, durationDays: 30, features: ["keywordGenerator", "campaignAuditor", "dailyTips", "competitorTracking", "alerts", "emailSupport"] },
  { code: "agency", name: "Agency", audience: "business", priceCents: 19900, durationDays: 30, features: ["keywordGenerator", "campaignAuditor", "dailyTips", "competitorTracking", "alerts", "whiteLabelReports", "multipleClients", "prioritySupport"] },
  { code: "partner-basic", name: "Partner Basic", audience: "partner", priceCents: 0, durationDays: 30, features: ["referralLink", "affiliateShare", "partnerDashboard"] },
  { code: "partner-pro", name: "Partner Pro", audience: "partner", priceCents: 4900, durationDays: 30, features: ["referralLink", "affiliateShare", "partnerDashboard", "whiteLabelReports", "prioritySupport"] },
] as const;
