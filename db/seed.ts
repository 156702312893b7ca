/**
 * Seed data. `seedContent` adds the product's launch content (plans, partner stores, blog
 * articles in five locales) to any database that lacks it. `seedDemoData` adds that plus the
 * demo accounts with known passwords (listed in the README), for the embedded database only.
 * Both are idempotent: running them again changes nothing.
 */
import { randomUUID } from "node:crypto";
import { ensureWorkspace, updateClientAccount } from "../app/ads/accounts.server";
import { stageImport, storeImport } from "../app/ads/imports.server";
import { generateSampleExports, SAMPLE_ACCOUNT_NAME } from "../app/ads/sample/generate";
import { generateTips } from "../app/ads/tips.server";
import type { Db, DbOrTx } from "../app/db/db.server";
import { createUser, ensureAdmin, findUserByEmail } from "../app/users/users.server";
import { unitOfWork } from "../app/db/unit-of-work.server";
import { ingestConversion } from "../app/cashback/conversions.server";
import { successFeeBpsFor } from "../app/loyalty/points.server";
import { commissionForCashback, memberRateOf } from "../app/wallet/fee";
import { releaseDueCommissions } from "../app/partner/commissions.server";
import { getSetting } from "../app/settings/settings.server";
import { cancelAndRefund, subscribeWithWallet } from "../app/plans/subscriptions.server";
import { recordReferral } from "../app/referrals/referrals.server";
import {
  approveWithdrawal,
  completeWithdrawal,
  creditDeposit,
  creditReferralBonus,
  namespacedKey,
  requestWithdrawal,
  type MoneyResult,
} from "../app/wallet/ledger.server";
import { SEED_BLOG_POSTS } from "./seed-data/blog-posts";
import { SEED_PLANS } from "./seed-data/plans";
import { SEED_STORES, seedStoreLogo } from "./seed-data/stores";
import { seedNetworkRateBps, seedStoreTerms } from "./seed-data/store-terms";

export const DEMO_USER = { email: "demo@cashwise.test", password: "Demo-pass-1!", name: "Alex Morgan" };
export const DEMO_ADMIN = { email: "admin@cashwise.test", password: "Admin-pass-1!", name: "Cashwise Admin" };
export const DEMO_PARTNER = { email: "partner@cashwise.test", password: "Partner-pass-1!", name: "Morgan Reyes" };
/**
 * The demo accounts were opened this many days before the seed ran, before anything in their
 * history: the member before the first friend they referred (130 days ago) and their first top-up
 * (120 days ago), so "Member since" starts the story; the partner before the first business they
 * referred (102 days ago); the admin before the first payout they approved.
 */
export const DEMO_MEMBER_SINCE_DAYS = 140;
export const DEMO_PARTNER_SINCE_DAYS = 120;
export const DEMO_ADMIN_SINCE_DAYS = 365;

/** A demo account just created, dated (opened and verified) `daysAgo` before `nowMs`. */
async function openedDaysAgo(db: Db, userId: string, daysAgo: number, nowMs: number): Promise<void> {
  const at = new Date(nowMs - daysAgo * 86_400_000).toISOString();
  await db.updateTable("users").set({ createdAt: at, updatedAt: at, emailVerifiedAt: at }).where("id", "=", userId).execute();
}

async function isEmpty(db: DbOrTx, table: "plans" | "stores" | "blogPosts"): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/** Adds the launch plans (`SEED_PLANS`) to a database that has none; says whether it did. */
export async function seedPlans(db: DbOrTx, timestamp = new Date().toISOString()): Promise<boolean> {
  if (!(await isEmpty(db, "plans"))) return false;
  await db
    .insertInto("plans")
    .values(
      SEED_PLANS.map((plan, i) => ({
        id: randomUUID(),
        code: plan.code,
        name: plan.name,
        audience: plan.audience,
        priceCents: plan.priceCents,
        durationDays: plan.durationDays,
        features: JSON.stringify(plan.features),
        sortOrder: i,
        createdAt: timestamp,
      })),
    )
    .execute();
  return true;
}

export async function seedContent(db: Db): Promise<{ created: string[] }> {
  const created: string[] = [];
  const timestamp = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    if (await seedPlans(tx, timestamp)) created.push(`${SEED_PLANS.length} plans`);
    if (await isEmpty(tx, "stores")) {
      await tx
        .insertInto("stores")
        .values(
          SEED_STORES.map((store) => ({
            id: randomUUID(),
            slug: store.slug,
            name: store.name,
            logo: seedStoreLogo(store.slug),
            category: store.category,
            // What the network pays: the member's 90% of it is the seeded rate.
            cashbackRateBps: seedNetworkRateBps(store),
            description: JSON.stringify(store.description),
            terms: JSON.stringify(seedStoreTerms(store).terms),
            confirmationDays: seedStoreTerms(store).confirmationDays,
            capCents: seedStoreTerms(store).capCents,
            affiliateUrl: store.affiliateUrl,
            createdAt: timestamp,
            updatedAt: timestamp,
          })),
        )
        .execute();
      created.push(`${SEED_STORES.length} stores`);
    }
    if (await isEmpty(tx, "blogPosts")) {
      await tx
        .insertInto("blogPosts")
        .values(
          SEED_BLOG_POSTS.map((post) => ({
            id: randomUUID(),
            slug: post.slug,
            locale: post.locale,
            title: post.title,
            excerpt: post.excerpt,
            body: post.body,
            cover: post.cover,
            author: post.author,
            readingMinutes: post.readingMinutes,
            publishedAt: post.publishedAt,
            createdAt: timestamp,
          })),
        )
        .execute();
      created.push(`${SEED_BLOG_POSTS.length} blog articles`);
    }
  });
  return { created };
}

export async function seedDemoData(db: Db, nowMs = Date.now()): Promise<{ created: string[] }> {
  const { created } = await seedContent(db);
  let demo = await findUserByEmail(db, DEMO_USER.email);
  if (!demo) {
    demo = await createUser(db, { ...DEMO_USER, role: "user", emailVerified: true });
    await openedDaysAgo(db, demo.id, DEMO_MEMBER_SINCE_DAYS, nowMs);
    created.push(DEMO_USER.email);
  }
  const admin = await ensureAdmin(db, DEMO_ADMIN);
  if (admin.outcome === "created") {
    await openedDaysAgo(db, admin.user.id, DEMO_ADMIN_SINCE_DAYS, nowMs);
    created.push(DEMO_ADMIN.email);
  }
  if (await seedDemoLedger(db, demo.id, admin.user.id, nowMs)) created.push("demo ledger ($2,456.78)");
  if (await seedDemoReferrals(db, demo.id, nowMs)) created.push("demo referrals");
  if (await seedDemoPartner(db, nowMs)) created.push(`${DEMO_PARTNER.email} (partner with referred businesses)`);
  const ads = await seedDemoAds(db, demo.id, nowMs);
  if (ads) created.push(ads);
  return { created };
}

/**
 * The demo user's ad suite: the sample exports of the fictional shop "Northwind Outdoor"
 * (app/ads/sample/generate.ts: 90 days up to the day before `nowMs`, UTC) imported into the
 * workspace's first client account through the real import (staged, then stored), so the dashboard,
 * the auditor and the tips have data. Once: only while that client account has no imports at all.
 */
async function seedDemoAds(db: Db, demoId: string, nowMs: number): Promise<string | null> {
  const [account] = await ensureWorkspace(db, demoId, SAMPLE_ACCOUNT_NAME);
  const clientAccountId = account!.id;
  if (await db.selectFrom("adImports").select("id").where("clientAccountId", "=", clientAccountId).limit(1).executeTakeFirst()) return null;
  const files = generateSampleExports({ endDay: new Date(nowMs - 86_400_000).toISOString().slice(0, 10) });
  let rows = 0;
  for (const file of files) {
    const importId = await stageImport(db, { ownerId: demoId, clientAccountId, filename: file.filename, bytes: file.bytes });
    rows += (await storeImport(db, demoId, importId)).rows;
  }
  // An outdoor shop: the audit compares it with its industry's benchmarks.
  await unitOfWork(db, (tx) =>
    updateClientAccount(tx, demoId, clientAccountId, { name: account!.name, industry: "sports-recreation", timeZone: "America/New_York" }),
  );
  // What the daily job would find by tomorrow: the audit and its tips, there on the first visit.
  const tips = await generateTips(db, clientAccountId);
  return `demo ad imports (${files.length} files, ${rows} rows, ${tips.created} tips)`;
}

/**
 * The demo member's referred friends, one in each status: signed up (12 days ago), bonus paid
 * (the friend's cashback at a store, confirmed 88 days ago, qualified them; the demo member's
 * existing referral bonus that day is that referral's; the friend's own bonus is paid to the
 * friend, so the demo balance stays $2,456.78; both are the programme's amounts, the settings the
 * referral page shows), expired (signed up 130 days ago, never qualified) and held for review (the
 * demo member's IP address). The friends cannot sign in.
 */
async function seedDemoReferrals(db: Db, demoId: string, nowMs: number): Promise<boolean> {
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(nowMs - daysAgo * day).toISOString();
  const friends = [
    { email: "sam.rivera@friends.example", name: "Sam Rivera", daysAgo: 12, status: "pending" as const },
    { email: "jordan.lee@friends.example", name: "Jordan Lee", daysAgo: 110, status: "paid" as const },
    { email: "casey.kim@friends.example", name: "Casey Kim", daysAgo: 130, status: "pending" as const },
    { email: "robin.patel@friends.example", name: "Robin Patel", daysAgo: 5, status: "held" as const },
  ];
  let changed = false;
  for (const friend of friends) {
    let user = await findUserByEmail(db, friend.email);
    if (!user) {
      user = await createUser(db, { email: friend.email, name: friend.name, emailVerified: true });
      changed = true;
    }
    const friendId = user.id;
    await unitOfWork(db, async (tx) => {
      let referral = await tx
        .selectFrom("referrals")
        .select(["id", "referrerId"])
        .where("referredUserId", "=", friendId)
        .executeTakeFirst();
      if (!referral) {
        await tx
          .updateTable("users")
          .set({ createdAt: at(friend.daysAgo), updatedAt: at(friend.daysAgo) })
          .where("id", "=", friendId)
          .execute();
        referral = { id: randomUUID(), referrerId: demoId };
        await tx
          .insertInto("referrals")
          .values({
            id: referral.id,
            referrerId: demoId,
            referredUserId: friendId,
            status: friend.status,
            holdReason: friend.status === "held" ? "same_ip" : null,
            qualifiedAt: friend.status === "paid" ? at(88) : null,
            paidAt: null,
            referrerBonusCents: null,
            friendBonusCents: null,
            referrerTransactionId: null,
            friendTransactionId: null,
            decidedBy: null,
            decidedAt: null,
            createdAt: at(friend.daysAgo),
          })
          .execute();
        changed = true;
      }
      if (friend.status !== "paid" || referral.referrerId !== demoId) return;
      // What qualified the friend: a purchase at a partner store (a click, then the sandbox
      // network's report), its cashback confirmed 88 days ago, within their window, and above the
      // qualifying amount.
      const store = await tx
        .selectFrom("stores")
        .select(["id", "cashbackRateBps"])
        .where("name", "=", "Hearthwren")
        .executeTakeFirstOrThrow();
      const friendCashbackCents = (await getSetting(tx, "referralQualifyingCents")) + 420;
      const clickId = "seed-friend-click-HRW-20417";
      await tx
        .insertInto("clicks")
        .values({
          id: clickId,
          userId: friendId,
          storeId: store.id,
          ipHash: "seed",
          userAgent: "Cashwise demo seed",
          isBot: 0,
          createdAt: at(88.05),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      await ingestConversion(tx, {
        network: "sandbox",
        transactionId: "HRW-20417",
        clickId,
        saleAmountCents: Math.round((friendCashbackCents * 10_000) / Math.max(1, memberRateOf(store.cashbackRateBps))),
        commissionCents: commissionForCashback(friendCashbackCents),
        currency: "USD",
        status: "approved",
        occurredAt: at(88),
        effectiveAt: at(88),
        source: "postback",
        raw: JSON.stringify({ seed: "demo-friend", orderId: "HRW-20417" }),
        quiet: true,
      });
      const demoBonus = await tx
        .selectFrom("transactions")
        .select(["id", "amountCents"])
        .where("userId", "=", demoId)
        .where("type", "=", "referral")
        .orderBy("createdAt")
        .executeTakeFirst();
      const friendBonusCents = await getSetting(tx, "referralBonusFriendCents");
      const friendBonus = await creditReferralBonus(tx, {
        userId: friendId,
        amountCents: friendBonusCents,
        description: "Referral bonus",
        idempotencyKey: `referral:${referral.id}:friend`,
        metadata: { referralId: referral.id, side: "friend" },
        at: at(88),
      });
      await tx
        .updateTable("referrals")
        .set({
          paidAt: at(88),
          referrerBonusCents: demoBonus ? Number(demoBonus.amountCents) : null,
          friendBonusCents,
          referrerTransactionId: demoBonus?.id ?? null,
          friendTransactionId: friendBonus.transaction.id,
        })
        .where("id", "=", referral.id)
        .execute();
    });
  }
  return changed;
}

/**
 * The demo partner and the businesses they referred, through the real functions: each business
 * signs up through the partner's referral, tops up its wallet and pays for a plan on a day in the
 * past (the partner's commission on it is recorded by the payment itself); one paid 6 days ago and
 * took the money-back refund (its commission is cancelled); the release job then makes available
 * what is past the 30-day hold. Keys and addresses are fixed, so a second run changes nothing.
 */
async function seedDemoPartner(db: Db, nowMs: number): Promise<boolean> {
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(nowMs - daysAgo * day).toISOString();
  let changed = false;
  let partner = await findUserByEmail(db, DEMO_PARTNER.email);
  if (!partner) {
    partner = await createUser(db, {
      ...DEMO_PARTNER,
      role: "partner",
      emailVerified: true,
      phone: "+31 20 555 0142",
      partnerPlanCode: "partner-basic",
    });
    await openedDaysAgo(db, partner.id, DEMO_PARTNER_SINCE_DAYS, nowMs);
    changed = true;
  }
  const partnerId = partner.id;
  const partnerEmail = partner.email;
  const businesses = [
    { email: "hello@brightleaf-studio.example", name: "Brightleaf Studio", plan: "agency", daysAgo: 100, refund: false },
    { email: "team@copperkettle.example", name: "Copper Kettle Bakery", plan: "growth", daysAgo: 70, refund: false },
    { email: "ops@northpier-media.example", name: "Northpier Media", plan: "growth", daysAgo: 41, refund: false },
    { email: "info@fernway-outdoors.example", name: "Fernway Outdoors", plan: "starter", daysAgo: 14, refund: false },
    { email: "owner@lumen-yoga.example", name: "Lumen Yoga", plan: "starter", daysAgo: 6, refund: true },
  ];
  for (const [index, business] of businesses.entries()) {
    let user = await findUserByEmail(db, business.email);
    if (!user) {
      user = await createUser(db, { email: business.email, name: business.name, emailVerified: true });
      changed = true;
    }
    const businessId = user.id;
    const businessEmail = user.email;
    const plan = await db.selectFrom("plans").select(["id", "priceCents"]).where("code", "=", business.plan).executeTakeFirstOrThrow();
    const key = `seed-partner-${index + 1}`;
    await unitOfWork(db, async (tx) => {
      if (!(await tx.selectFrom("referrals").select("id").where("referredUserId", "=", businessId).executeTakeFirst())) {
        await tx
          .updateTable("users")
          .set({ createdAt: at(business.daysAgo + 2), updatedAt: at(business.daysAgo + 2) })
          .where("id", "=", businessId)
          .execute();
        await recordReferral(tx, {
          referrerId: partnerId,
          referrerEmail: partnerEmail,
          clientAddress: "unknown",
          referrerDevice: false,
          referredUserId: businessId,
          referredEmail: businessEmail,
          at: at(business.daysAgo + 2),
        });
        changed = true;
      }
      await creditDeposit(tx, {
        userId: businessId,
        amountCents: Number(plan.priceCents),
        paymentId: `${key}-topup`,
        description: "Wallet top-up",
        provider: "sandbox",
        at: at(business.daysAgo + 1),
      });
      const paid = await subscribeWithWallet(tx, {
        userId: businessId,
        planId: plan.id,
        idempotencyKey: key,
        audience: "business",
        at: at(business.daysAgo),
      });
      if (!paid.replayed) changed = true;
      if (business.refund) {
        const open = await tx
          .selectFrom("subscriptionPayments")
          .select("id")
          .where("userId", "=", businessId)
          .where("refundState", "=", "none")
          .where("status", "=", "paid")
          .executeTakeFirst();
        if (open) await cancelAndRefund(tx, { userId: businessId, nowMs });
      }
    });
  }
  const { released } = await releaseDueCommissions(db, nowMs);
  return changed || released > 0;
}

/**
 * The demo user's history over the last months, through the real ledger functions in one unit of
 * work, each movement with its effective date in the past (ledger rows are never rewritten): two
 * top-ups, confirmed cashback at seeded stores, a referral bonus (the programme's referrer bonus, as
 * the referral page states it; $10 by default), a paid-out withdrawal and one cashback still pending.
 * The available balance is their sum: $2,456.78 (the first top-up is what makes it so).
 */
async function seedDemoLedger(db: Db, userId: string, adminId: string, nowMs: number): Promise<boolean> {
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(nowMs - daysAgo * day).toISOString();
  return unitOfWork(db, async (tx) => {
    // The history is written in one unit of work: once its first top-up is there, all of it is. A
    // database seeded by an earlier version keeps the amounts it was given (a replay with other
    // amounts would be refused as a different request under the same key).
    const firstTopUp = namespacedKey("deposit", userId, "seed-demo-topup-1");
    if (await tx.selectFrom("transactions").select("id").where("idempotencyKey", "=", firstTopUp).executeTakeFirst()) return false;
    const referralBonusCents = await getSetting(tx, "referralBonusReferrerCents");
    const results: MoneyResult[] = [];
    const record = async (run: () => Promise<MoneyResult>) => {
      const result = await run();
      results.push(result);
      return result;
    };
    let cashbackCreated = false;
    // Each purchase the way a real one arrives: a click at the store ("Shop now"), then the sandbox
    // network's report of the sale through the one ingestion (confirmed on the day it happened,
    // except the last), told to nobody: it is history.
    const cashback = async (daysAgo: number, merchant: string, cents: number, orderId: string, confirm = true) => {
      const store = await tx.selectFrom("stores").select(["id", "cashbackRateBps"]).where("name", "=", merchant).executeTakeFirstOrThrow();
      const clickId = `seed-demo-click-${orderId}`;
      await tx
        .insertInto("clicks")
        .values({
          id: clickId,
          userId,
          storeId: store.id,
          ipHash: "seed",
          userAgent: "Cashwise demo seed",
          isBot: 0,
          createdAt: at(daysAgo + 0.05),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      const { outcome } = await ingestConversion(tx, {
        network: "sandbox",
        transactionId: orderId,
        clickId,
        saleAmountCents: Math.round((cents * 10_000) / Math.max(1, memberRateOf(store.cashbackRateBps))),
        // The commission whose member's share is exactly `cents`: 90% at Bronze (Cashwise keeps the
        // 10% success fee), more once the demo's loyalty points make it Silver.
        commissionCents: commissionForCashback(cents, await successFeeBpsFor(tx, userId)),
        currency: "USD",
        status: confirm ? "approved" : "pending",
        occurredAt: at(daysAgo),
        effectiveAt: at(daysAgo),
        source: "postback",
        raw: JSON.stringify({ seed: "demo", orderId }),
        quiet: true,
      });
      if (outcome !== "unchanged") cashbackCreated = true;
    };

    await record(() =>
      creditDeposit(tx, {
        userId,
        // What makes the balance $2,456.78 with the movements below: the referral bonus, $356.78 of
        // confirmed cashback and the second top-up ($800) in, the $225 withdrawal out ($1,515 with
        // the default $10 bonus).
        amountCents: 245_678 - referralBonusCents - 35_678 - 80_000 + 22_500,
        paymentId: "seed-demo-topup-1",
        description: "Wallet top-up",
        provider: "sandbox",
        at: at(120),
      }),
    );
    await cashback(104, "Larkstitch", 4_560, "LKS-10442");
    await cashback(96, "Hearthwren", 3_210, "HRW-77120");
    await record(() =>
      creditReferralBonus(tx, {
        userId,
        amountCents: referralBonusCents,
        description: "Referral bonus",
        idempotencyKey: "seed-demo-referral-1",
        at: at(88),
      }),
    );
    await cashback(75, "Driftcompass", 12_000, "DFC-55019");
    await record(() =>
      creditDeposit(tx, {
        userId,
        amountCents: 80_000,
        paymentId: "seed-demo-topup-2",
        description: "Wallet top-up",
        provider: "sandbox",
        at: at(62),
      }),
    );
    const withdrawal = await record(() =>
      requestWithdrawal(tx, {
        userId,
        amountCents: 22_500,
        method: "paypal",
        destination: DEMO_USER.email,
        description: "Withdrawal",
        idempotencyKey: "3f1d2c4b-0000-4000-8000-000000000001",
        at: at(50),
      }),
    );
    if (!withdrawal.replayed) {
      await approveWithdrawal(tx, { transactionId: withdrawal.transaction.id, adminId });
      await completeWithdrawal(tx, { transactionId: withdrawal.transaction.id, adminId, payoutReference: "PAYPAL-DEMO-0001", at: at(49) });
      // The payout desk's steps on the days they happened (the desk stamps them with the clock).
      await tx
        .updateTable("withdrawals")
        .set({ approvedAt: at(49.5), decidedAt: at(49), updatedAt: at(49) })
        .where("transactionId", "=", withdrawal.transaction.id)
        .execute();
    }
    await cashback(38, "Pixelquarry", 8_999, "PXQ-30091");
    await cashback(24, "Stridefern", 2_750, "SFN-88213");
    await cashback(9, "Tradewinkle", 1_525, "TWK-40218");
    await cashback(3, "Tidewander", 2_634, "TDW-61950");
    await cashback(1, "Dewmellow", 1_240, "DWM-11873", false);
    return cashbackCreated || !results.every((result) => result.replayed);
  });
}
