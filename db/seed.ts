/**
 * Seed data. `seedContent` adds the product's launch content (plans, partner stores, blog
 * articles in five locales) to any database that lacks it. `seedDemoData` adds that plus the
 * demo accounts with known passwords (listed in the README), for the embedded database only.
 * Both are idempotent: running them again changes nothing.
 */
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../app/db/db.server";
import { createUser, ensureAdmin, findUserByEmail } from "../app/users/users.server";
import { SEED_BLOG_POSTS } from "./seed-data/blog-posts";
import { SEED_PLANS } from "./seed-data/plans";
import { SEED_STORES } from "./seed-data/stores";

export const DEMO_USER = { email: "demo@cashwise.test", password: "Demo-pass-1!", name: "Alex Morgan" };
export const DEMO_ADMIN = { email: "admin@cashwise.test", password: "Admin-pass-1!", name: "Cashwise Admin" };

async function isEmpty(db: DbOrTx, table: "plans" | "stores" | "blogPosts"): Promise<boolean> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

export async function seedContent(db: Db): Promise<{ created: string[] }> {
  const created: string[] = [];
  const timestamp = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    if (await isEmpty(tx, "plans")) {
      await tx
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
      created.push(`${SEED_PLANS.length} plans`);
    }
    if (await isEmpty(tx, "stores")) {
      await tx
        .insertInto("stores")
        .values(
          SEED_STORES.map((store) => ({
            id: randomUUID(),
            slug: store.slug,
            name: store.name,
            logo: null,
            category: store.category,
            cashbackRateBps: store.cashbackRateBps,
            description: JSON.stringify(store.description),
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

export async function seedDemoData(db: Db): Promise<{ created: string[] }> {
  const { created } = await seedContent(db);
  if (!(await findUserByEmail(db, DEMO_USER.email))) {
    await createUser(db, { ...DEMO_USER, role: "user", emailVerified: true });
    created.push(DEMO_USER.email);
  }
  const admin = await ensureAdmin(db, DEMO_ADMIN);
  if (admin.outcome === "created") created.push(DEMO_ADMIN.email);
  return { created };
}
