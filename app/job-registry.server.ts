/**
 * The job registry, in the composition root: which background jobs exist (their handlers and
 * schedules). It imports every domain's handlers, so only the app server (entry.server.tsx), the
 * worker (scripts/worker.ts) and tests import it; domains queue jobs through `~/jobs/jobs.server`,
 * which knows no domain. Importing this module hands the registry to the runner.
 */
import { runReconciliation } from "~/admin/reconciliation.server";
import { ALERTS_DAILY_JOB, EVALUATE_ALERTS_JOB, evaluateAlerts, evaluateAllAlerts } from "~/ads/alerts.server";
import { PENDING_TTL_MS, PROCESS_IMPORT_JOB, PURGE_IMPORTS_JOB, processImport, purgeStalePending } from "~/ads/imports.server";
import { TIPS_DAILY_JOB, runDailyTips } from "~/ads/tips.server";
import { REPORTS_MONTHLY_JOB, sendDueReports } from "~/ads/reports/schedule.server";
import { confirmDueConversions } from "~/cashback/conversions.server";
import { payDueReferralBonuses } from "~/referrals/referrals.server";
import { LOYALTY_DAILY_JOB, runLoyaltyDaily } from "~/loyalty/points.server";
import { startPlanCheckout } from "~/plans/checkout.server";
import { renewDueSubscriptions } from "~/plans/subscriptions.server";
import { releaseDueCommissions } from "~/partner/commissions.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import {
  CONFIRM_CASHBACK_JOB,
  OUTBOX_JOB,
  RECONCILE_JOB,
  RELEASE_COMMISSIONS_JOB,
  RENEW_PLANS_JOB,
  registerJobDefinitions,
  type JobDeps,
} from "~/jobs/jobs.server";
import { deliverOutbox } from "~/jobs/outbox.server";
import type { JobDefinition } from "~/jobs/runner.server";
import { localePath } from "~/utils/paths";
import { paymentProvider } from "~/wallet/sandbox-provider.server";

export function jobDefinitions(deps: JobDeps): JobDefinition[] {
  return [
    {
      name: OUTBOX_JOB,
      policy: "stately",
      // Woken after every commit that wrote mail; the schedule picks up retries after backoff.
      cron: "* * * * *",
      handler: async () => {
        const report = await deliverOutbox(deps.db, deps.mailer, { messageIdDomain: deps.appUrl.hostname });
        if (report.retried || report.failed)
          console.warn(`outbox: ${report.sent} sent, ${report.retried} to retry, ${report.failed} failed`);
      },
    },
    {
      // Pending cashback whose store's confirmation window elapsed becomes available (once).
      name: CONFIRM_CASHBACK_JOB,
      policy: "stately",
      cron: "7 * * * *",
      handler: async () => {
        let batch;
        do batch = await confirmDueConversions(deps.db);
        while (batch.confirmed === 500);
        // Referral bonuses whose qualifying cashback is now past its return window.
        let bonuses;
        do bonuses = await payDueReferralBonuses(deps.db);
        while (bonuses.qualified === 500);
      },
    },
    {
      // Subscriptions whose period ended: renewed from the wallet (or a provider checkout link by
      // e-mail), ended when cancelled or unpaid; and the trial reminders. Once per period.
      name: RENEW_PLANS_JOB,
      policy: "stately",
      cron: "17 * * * *",
      handler: async () => {
        await renewDueSubscriptions(deps.db, {
          startRenewalCheckout: async (input) => {
            const locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE;
            const { redirectTo } = await startPlanCheckout(deps.db, paymentProvider(), {
              userId: input.userId,
              planId: input.planId,
              key: input.key,
              kind: "renewal",
              subscriptionId: input.subscriptionId,
              locale,
              returnUrl: (paymentId) => localePath(locale, `/plans?payment=${paymentId}`),
              cancelUrl: localePath(locale, "/plans"),
            });
            return new URL(redirectTo, deps.appUrl).href;
          },
        });
      },
    },
    {
      // Partner commissions whose 30-day refund window ended become available (once).
      name: RELEASE_COMMISSIONS_JOB,
      policy: "stately",
      cron: "27 * * * *",
      handler: async () => {
        let batch;
        do batch = await releaseDueCommissions(deps.db);
        while (batch.released === 500);
      },
    },
    {
      // The ledger check, kept for the back office: hourly, and when an admin asks (`requestedBy`).
      name: RECONCILE_JOB,
      policy: "stately",
      cron: "47 * * * *",
      handler: async (data) => {
        const requestedBy = typeof data?.requestedBy === "string" ? data.requestedBy : null;
        const run = await runReconciliation(deps.db, { trigger: requestedBy ? "admin" : "schedule", requestedBy });
        if (!run.ok) console.error(`ledger check: ${run.problems.length} problems`, run.problems.slice(0, 10));
      },
    },
    {
      // One client account's ad alerts, queued after each stored import (idempotent: an alert
      // fires at most once a day and once per data).
      name: EVALUATE_ALERTS_JOB,
      handler: async (data) => {
        if (typeof data?.clientAccountId === "string") await evaluateAlerts(deps.db, data.clientAccountId, { appUrl: deps.appUrl });
      },
    },
    {
      // An accepted ad upload read in a worker thread, its rows stored in batches (idempotent:
      // only a `processing` import is read, a restarted run starts over).
      name: PROCESS_IMPORT_JOB,
      handler: async (data) => {
        if (typeof data?.importId === "string") await processImport(deps.db, data.importId);
      },
    },
    {
      // Ad imports nobody stored (pending, refused, or stuck reading) dropped after an hour.
      name: PURGE_IMPORTS_JOB,
      policy: "stately",
      cron: "*/10 * * * *",
      handler: async () => {
        await purgeStalePending(deps.db, new Date(Date.now() - PENDING_TTL_MS).toISOString());
      },
    },
    {
      // Every client account's enabled ad alerts, once a day.
      name: ALERTS_DAILY_JOB,
      policy: "stately",
      cron: "15 6 * * *",
      handler: async () => {
        await evaluateAllAlerts(deps.db, { appUrl: deps.appUrl });
      },
    },
    {
      // The ad suite's daily tips for every client account with imports (audited again first when
      // an import is newer than its last audit), and previews nobody stored dropped after a day.
      name: TIPS_DAILY_JOB,
      policy: "stately",
      cron: "30 6 * * *",
      handler: async () => {
        await runDailyTips(deps.db);
      },
    },
    {
      // Loyalty points: what is due expires (oldest first), what expires soon is announced, and
      // every member's level is recomputed from the last 12 months (down as well as up).
      name: LOYALTY_DAILY_JOB,
      policy: "stately",
      cron: "40 3 * * *",
      handler: async () => {
        await runLoyaltyDaily(deps.db);
      },
    },
    {
      // Scheduled white-label reports: each enabled schedule's previous month (in its client
      // account's time zone), e-mailed once with the PDF attached. Daily, so a server that was
      // down on the 1st, or figures imported a few days late, still get the month sent.
      name: REPORTS_MONTHLY_JOB,
      policy: "stately",
      cron: "10 7 * * *",
      handler: async () => {
        const run = await sendDueReports(deps.db);
        if (run.failed) console.error(`ad reports: ${run.failed} schedules failed, ${run.sent} sent`);
      },
    },
  ];
}

registerJobDefinitions(jobDefinitions);

export { startJobs, startServerJobs } from "~/jobs/jobs.server";
