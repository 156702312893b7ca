/**
 * Ad imports (app/ads/imports.server.ts) against a real database: an upload is previewed and
 * nothing is stored until the owner confirms; storing is idempotent by content (the same file
 * again changes nothing) and by period (a day-by-day export replaces the days it covers, a period
 * export replaces the same period); a client account's currency is set by its first import and a
 * file in another currency is refused; nobody but the owner sees or stores an import.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { createClientAccount, ensureWorkspace, getClientAccount } from "~/ads/accounts.server";
import { AdsImportError } from "~/ads/import/types";
import {
  CurrencyMismatchError,
  ImportNotFoundError,
  ImportNotPendingError,
  getImportPreview,
  listImports,
  removeImport,
  rowCount,
  stageImport,
  storeImport,
} from "~/ads/imports.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createUser } from "~/users/users.server";
import { describeEachDatabase } from "../support/databases";

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/ads", name)));

/** A Meta day-by-day export of `days` (each day two ad sets), spend in cents per row. */
function metaDaily(days: string[], spend: string): Uint8Array {
  const lines = ["Reporting starts,Reporting ends,Campaign name,Ad set name,Impressions,Amount spent (USD),Link clicks"];
  for (const day of days) {
    lines.push(`${day},${day},Spring Sale,Lookalike,1000,${spend},10`);
    lines.push(`${day},${day},Spring Sale,Interests,500,${spend},5`);
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

describeEachDatabase("ad imports", (t) => {
  let owner: string;
  let stranger: string;
  let clientId: string;

  beforeAll(async () => {
    owner = (await createUser(t.db, { email: "agency@example.com", name: "Agency", password: "correct horse battery" })).id;
    stranger = (await createUser(t.db, { email: "stranger@example.com", name: "Stranger", password: "correct horse battery" })).id;
    const accounts = await ensureWorkspace(t.db, owner, "My business");
    clientId = accounts[0]!.id;
  });
  /** `bytes`, uploaded as `filename` by the owner into their client account (not stored yet). */
  const stage = (filename: string, bytes: Uint8Array) => stageImport(t.db, { ownerId: owner, clientAccountId: clientId, filename, bytes });

  it("starts a workspace with exactly one client account, even when asked twice at once", async () => {
    const [a, b] = await Promise.all([ensureWorkspace(t.db, owner, "My business"), ensureWorkspace(t.db, owner, "Other name")]);
    expect(a.map((x) => x.id)).toEqual([clientId]);
    expect(b.map((x) => x.id)).toEqual([clientId]);
    expect(a[0]!.currency).toBeNull();
  });

  it("previews an upload without storing rows, and stores it on confirmation", async () => {
    const id = await stage("campaigns.csv", fixture("google-campaign.csv"));
    const preview = await getImportPreview(t.db, owner, id);
    expect(preview.status).toBe("pending");
    expect(preview.summary).toMatchObject({
      platform: "google",
      kind: "campaign",
      granularity: "period",
      currency: "USD",
      period: { start: "2026-05-01", end: "2026-05-31" },
    });
    expect(preview.summary!.rows).toBeGreaterThan(0);
    expect(preview.summary!.sample[0]).toMatchObject({ campaign: "Brand", impressions: 12400, costCents: 62000 });
    expect(await rowCount(t.db, clientId)).toBe(0);

    const stored = await storeImport(t.db, owner, id);
    expect(stored).toMatchObject({ outcome: "stored", importId: id, rows: preview.summary!.rows, replaced: [] });
    expect(await rowCount(t.db, clientId)).toBe(preview.summary!.rows);
    expect((await getClientAccount(t.db, owner, clientId)).currency).toBe("USD");
    await expect(storeImport(t.db, owner, id)).rejects.toBeInstanceOf(ImportNotPendingError);
    const audit = await t.db.selectFrom("auditLog").select(["action", "actorId"]).where("subject", "=", `ad-import:${id}`).execute();
    expect(audit).toEqual([{ action: "ads.import.store", actorId: owner }]);
  });

  it("stores every row's texts and figures as read, whatever characters they hold (PostgreSQL sends columns as arrays)", async () => {
    const client = await unitOfWork(t.db, (tx) =>
      createClientAccount(tx, owner, { name: "Awkward texts", industry: "all", timeZone: "UTC" }),
    );
    const lines = ["Reporting starts,Reporting ends,Campaign name,Ad set name,Impressions,Amount spent (USD),Link clicks"];
    const names = ['say "hi"', "back\\slash", "{a,b}", "NULL", "Ünïcødé — 東京", ""];
    names.forEach((name, i) =>
      lines.push(`2026-06-0${i + 1},2026-06-0${i + 1},"${name.replaceAll('"', '""')}",Set ${i},${i * 100},${i}.50,${i}`),
    );
    const id = await stageImport(t.db, {
      ownerId: owner,
      clientAccountId: client.id,
      filename: "awkward.csv",
      bytes: new TextEncoder().encode(`${lines.join("\n")}\n`),
    });
    expect((await storeImport(t.db, owner, id)).rows).toBe(names.length);
    const stored = await t.db
      .selectFrom("adRows")
      .select(["campaign", "adGroup", "impressions", "costCents", "clicks", "day", "negative", "extras"])
      .where("importId", "=", id)
      .orderBy("line")
      .execute();
    expect(stored.map((row) => row.campaign)).toEqual(names.map((name) => (name === "" ? null : name)));
    expect(stored.map((row) => [row.impressions, row.costCents, row.clicks])).toEqual(names.map((_, i) => [i * 100, i * 100 + 50, i]));
    expect(stored[0]).toMatchObject({ adGroup: "Set 0", day: "2026-06-01", negative: 0 });
    expect(() => JSON.parse(stored[0]!.extras)).not.toThrow();
  });

  it("changes nothing when the same file is imported again", async () => {
    const before = await rowCount(t.db, clientId);
    const id = await stage("again.csv", fixture("google-campaign.csv"));
    const preview = await getImportPreview(t.db, owner, id);
    expect(preview.duplicateOf).not.toBeNull();
    const stored = await storeImport(t.db, owner, id);
    expect(stored.outcome).toBe("unchanged");
    expect(stored.importId).toBe(preview.duplicateOf);
    expect(await rowCount(t.db, clientId)).toBe(before);
  });

  it("replaces the days a day-by-day export covers, and marks an import left empty as replaced", async () => {
    const first = await stage("m1.csv", metaDaily(["2026-06-01", "2026-06-02", "2026-06-03"], "10.00"));
    await storeImport(t.db, owner, first);
    const second = await stage("m2.csv", metaDaily(["2026-06-03", "2026-06-04"], "20.00"));
    const preview = await getImportPreview(t.db, owner, second);
    expect(preview.replaces.map((item) => item.id)).toEqual([first]);
    const outcome = await storeImport(t.db, owner, second);
    expect(outcome.replaced).toEqual([]);

    const spendByDay = await t.db
      .selectFrom("adRows")
      .select(["day", "costCents"])
      .where("clientAccountId", "=", clientId)
      .where("platform", "=", "meta")
      .orderBy("day")
      .execute();
    expect(spendByDay.map((row) => [row.day, row.costCents])).toEqual([
      ["2026-06-01", 1000],
      ["2026-06-01", 1000],
      ["2026-06-02", 1000],
      ["2026-06-02", 1000],
      ["2026-06-03", 2000],
      ["2026-06-03", 2000],
      ["2026-06-04", 2000],
      ["2026-06-04", 2000],
    ]);

    const third = await stage("m3.csv", metaDaily(["2026-06-01", "2026-06-02"], "5.00"));
    expect((await storeImport(t.db, owner, third)).replaced).toEqual([first]);
    const statuses = await t.db
      .selectFrom("adImports")
      .select(["id", "status", "replacedBy"])
      .where("id", "in", [first, second, third])
      .execute();
    expect(statuses.find((row) => row.id === first)).toMatchObject({ status: "replaced", replacedBy: third });
    expect(statuses.find((row) => row.id === second)?.status).toBe("imported");
  });

  it("replaces a period export of the same period", async () => {
    const text = new TextDecoder().decode(fixture("google-campaign.csv")).replace("Brand,50.00", "Brand,55.00");
    const id = await stage("campaigns-v2.csv", new TextEncoder().encode(text));
    const preview = await getImportPreview(t.db, owner, id);
    expect(preview.duplicateOf).toBeNull();
    expect(preview.replaces).toHaveLength(1);
    const outcome = await storeImport(t.db, owner, id);
    expect(outcome.replaced).toEqual([preview.replaces[0]!.id]);
    const campaignRows = await t.db
      .selectFrom("adRows")
      .select("importId")
      .where("clientAccountId", "=", clientId)
      .where("kind", "=", "campaign")
      .execute();
    expect(new Set(campaignRows.map((row) => row.importId))).toEqual(new Set([id]));
  });

  it("never mixes currencies: a EUR file is refused for a USD client account and stored into a new one", async () => {
    const id = await stage("nl.csv", fixture("google-campaign-nl.csv"));
    const preview = await getImportPreview(t.db, owner, id);
    expect(preview.currencyMismatch).toEqual({ account: "USD", file: "EUR" });
    const before = await rowCount(t.db, clientId);
    await expect(storeImport(t.db, owner, id)).rejects.toBeInstanceOf(CurrencyMismatchError);
    expect(await rowCount(t.db, clientId)).toBe(before);

    const euro = await unitOfWork(t.db, (tx) =>
      createClientAccount(tx, owner, { name: "Dutch shop", industry: "apparel", timeZone: "Europe/Amsterdam" }),
    );
    const stored = await storeImport(t.db, owner, id, { clientAccountId: euro.id });
    expect(stored.outcome).toBe("stored");
    expect((await getClientAccount(t.db, owner, euro.id)).currency).toBe("EUR");
    expect(await rowCount(t.db, euro.id)).toBe(stored.rows);
    expect(await rowCount(t.db, clientId)).toBe(before);
  });

  it("keeps imports to their owner", async () => {
    const id = await stage("ads.csv", fixture("google-ads.csv"));
    await expect(getImportPreview(t.db, stranger, id)).rejects.toBeInstanceOf(ImportNotFoundError);
    await expect(storeImport(t.db, stranger, id)).rejects.toBeInstanceOf(ImportNotFoundError);
    await expect(
      stageImport(t.db, { ownerId: stranger, clientAccountId: clientId, filename: "x.csv", bytes: fixture("google-ads.csv") }),
    ).rejects.toThrow("client account not found");
    const strangersAccounts = await ensureWorkspace(t.db, stranger, "Stranger's");
    await expect(storeImport(t.db, owner, id, { clientAccountId: strangersAccounts[0]!.id })).rejects.toThrow("client account not found");
    expect(await listImports(t.db, stranger)).toEqual([]);
    expect((await listImports(t.db, owner)).map((item) => item.id)).toContain(id);
  });

  it("stores nothing for a file that is not an ad export", async () => {
    const count = await t.db.selectFrom("adImports").select("id").execute();
    await expect(stage("notes.csv", new TextEncoder().encode("name,email\nAnn,ann@example.com\n"))).rejects.toBeInstanceOf(AdsImportError);
    expect(await t.db.selectFrom("adImports").select("id").execute()).toHaveLength(count.length);
  });

  it("removes a stored import's rows on request", async () => {
    const id = await stage("kw.csv", fixture("google-keywords.csv"));
    const stored = await storeImport(t.db, owner, id);
    expect(stored.rows).toBeGreaterThan(0);
    const before = await rowCount(t.db, clientId);
    await unitOfWork(t.db, (tx) => removeImport(tx, owner, id));
    expect(await rowCount(t.db, clientId)).toBe(before - stored.rows);
  });
});
