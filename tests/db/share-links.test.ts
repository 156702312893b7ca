/**
 * Share links made twice (#25, finding 10): two identical requests in the same second sign to the
 * same token, whose signature is unique. Both answer the same link; nothing fails, one row and one
 * audit row are kept. On PostgreSQL the two run on separate connections at the same time.
 */
import { expect, it } from "vitest";
import { ensureWorkspace } from "~/ads/accounts.server";
import { createShare, listShares, revokeShare } from "~/ads/reports/share.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createUser } from "~/users/users.server";
import { describeEachDatabase } from "../support/databases";

process.env.SESSION_SECRET ??= "share-links-test-secret-0123456789abcdef";

describeEachDatabase("share links made twice", (t) => {
  async function owner() {
    const user = await createUser(t.db, { email: `share-${crypto.randomUUID()}@example.com`, name: "Agency", emailVerified: true });
    const clientId = (await ensureWorkspace(t.db, user.id, "Northwind"))[0]!.id;
    return { userId: user.id, clientId };
  }
  const input = { period: { from: "2026-10-01", to: "2026-10-31" }, language: "en" as const, days: 7 };

  it("two identical creations in the same second, in parallel, answer the same link", async () => {
    const { userId, clientId } = await owner();
    const nowMs = Date.parse("2026-11-20T10:00:00.250Z");
    const later = nowMs + 500; // the same second
    const [a, b] = await Promise.all([
      unitOfWork(t.db, (tx) => createShare(tx, userId, clientId, input, nowMs)),
      unitOfWork(t.db, (tx) => createShare(tx, userId, clientId, input, later)),
    ]);
    expect(a.token).toBe(b.token);
    expect(a.id).toBe(b.id);
    expect(await listShares(t.db, userId, clientId)).toHaveLength(1);
    const audits = await t.db.selectFrom("auditLog").select("id").where("subject", "=", `ad-report-share:${a.id}`).execute();
    expect(audits).toHaveLength(1);
    // A third, sequential, answers it again; another second makes another link.
    expect((await unitOfWork(t.db, (tx) => createShare(tx, userId, clientId, input, nowMs))).id).toBe(a.id);
    const next = await unitOfWork(t.db, (tx) => createShare(tx, userId, clientId, input, nowMs + 1_000));
    expect(next.id).not.toBe(a.id);
    expect(await listShares(t.db, userId, clientId)).toHaveLength(2);
  });

  it("made again after being revoked in that second, the link is open again", async () => {
    const { userId, clientId } = await owner();
    const nowMs = Date.parse("2026-11-21T10:00:00.000Z");
    const first = await unitOfWork(t.db, (tx) => createShare(tx, userId, clientId, input, nowMs));
    await unitOfWork(t.db, (tx) => revokeShare(tx, userId, first.id));
    const again = await unitOfWork(t.db, (tx) => createShare(tx, userId, clientId, input, nowMs));
    expect(again).toMatchObject({ id: first.id, revokedAt: null });
  });
});
