/**
 * The one pagination (app/db/paginate.server.ts): the count read the same on both databases
 * (SQLite answers a number, PostgreSQL a bigint as a string), the page clamped to the pages there
 * are, and the rows of that page only, in the query's order.
 */
import { expect, it } from "vitest";
import { countOf, paginate } from "~/db/paginate.server";
import { pageWindow } from "~/db/paginate.server";
import { describeEachDatabase } from "../support/databases";

const AT = "2026-11-01T00:00:00.000Z";

describeEachDatabase("paginate", (t) => {
  const emails = Array.from({ length: 7 }, (_, i) => `reader${i + 1}@example.com`);
  const list = (page: number | undefined, pageSize: number, status: "pending" | "confirmed" = "confirmed") =>
    paginate(t.db.selectFrom("newsletterSubscriptions").where("status", "=", status), (query) => query.select(["email"]).orderBy("email"), {
      page,
      pageSize,
    });

  it("counts, pages and clamps on every database", async () => {
    await t.db
      .insertInto("newsletterSubscriptions")
      .values(
        emails.map((email, i) => ({
          id: `sub-${i}`,
          email,
          locale: "en",
          status: "confirmed" as const,
          confirmTokenHash: null,
          confirmExpiresAt: null,
          confirmedAt: AT,
          unsubscribedAt: null,
          createdAt: AT,
          updatedAt: AT,
        })),
      )
      .execute();

    const first = await list(1, 3);
    expect(first).toEqual({ items: emails.slice(0, 3).map((email) => ({ email })), page: 1, pageCount: 3, total: 7 });
    expect(typeof first.total).toBe("number");

    const last = await list(3, 3);
    expect(last.items).toEqual([{ email: "reader7@example.com" }]);
    expect(last).toMatchObject({ page: 3, pageCount: 3, total: 7 });

    // A page past the end is the last page; nought, a negative or no page the first.
    expect(await list(99, 3)).toEqual(last);
    expect(await list(0, 3)).toEqual(first);
    expect(await list(-2, 3)).toEqual(first);
    expect(await list(undefined, 3)).toEqual(first);

    // Nothing to list: one empty page.
    expect(await list(4, 3, "pending")).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});

it("reads a count as either database answers it", () => {
  expect([countOf(7), countOf("7"), countOf(7n), countOf(null), countOf(undefined)]).toEqual([7, 7, 7, 0, 0]);
});

it("pageWindow: the page clamped, the page count and the rows it skips", () => {
  expect(pageWindow(0, 1, 20)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  expect(pageWindow(41, 3, 20)).toEqual({ page: 3, pageCount: 3, offset: 40 });
  expect(pageWindow(40, 3, 20)).toEqual({ page: 2, pageCount: 2, offset: 20 });
  expect(pageWindow(40, undefined, 20)).toEqual({ page: 1, pageCount: 2, offset: 0 });
});
