/**
 * Ad imports read by a job (issue #25, finding 1): the upload is checked and kept, then the job
 * reads it in a worker thread, the server's thread staying free; rows past the per-file cap or the
 * member's daily budget refuse the file (with a translated message, nothing kept); uploads are
 * rate-limited per member; what a pending import keeps is compact and dropped within the hour.
 */
import { threadId } from "node:worker_threads";
import { afterEach, expect, it, vi } from "vitest";

process.env.SESSION_SECRET ??= "ads-import-jobs-test-secret-0123456789-0123456789";

import { ensureWorkspace } from "~/ads/accounts.server";
import { importMessageParts } from "~/components/ads/import-messages";
import {
  PURGE_IMPORTS_JOB,
  acceptUpload,
  getImportPreview,
  processImport,
  stageImport,
  storeImport,
  type ImportLimits,
} from "~/ads/imports.server";
import { AdsImportError } from "~/ads/import/types";
import { fixedT } from "~/i18n/translator.server";
import { jobDefinitions } from "~/job-registry.server";
import type { Mailer } from "~/mail/mailer.server";
import { action as uploadAction } from "~/routes/($locale)._app.ads.import";
import { createUser } from "~/users/users.server";
import { searchTermsReport } from "../../scripts/bench-ads-import";
import { sessionCookie, useAppDatabase, useAppJobs } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";

describeEachDatabase("ad imports read by a job", (t) => {
  const sent: Array<{ name: string; data: Record<string, unknown> }> = [];

  useAppJobs(async (name, data = {}) => void sent.push({ name, data }));
  useAppDatabase(t);
  afterEach(() => {
    vi.useRealTimers();
  });

  async function member() {
    const user = await createUser(t.db, { email: `m-${crypto.randomUUID()}@example.com`, name: "Member", emailVerified: true });
    const [client] = await ensureWorkspace(t.db, user.id, "Ads");
    return { userId: user.id, clientId: client!.id };
  }
  const storedBytes = async (importId: string) =>
    (await t.db.selectFrom("adImportParts").select("data").where("importId", "=", importId).execute()).reduce(
      (sum, part) => sum + part.data.byteLength,
      0,
    );
  const english = (problem: { code: string }) => {
    const en = fixedT("en", "ads");
    const parts = importMessageParts(en, "en", null, problem as { code: string } & Record<string, unknown>);
    return en(parts.key, parts.values);
  };

  it("reads the file in a worker thread: the server's thread keeps ticking and the progress advances", async () => {
    const { userId, clientId } = await member();
    const bytes = searchTermsReport(20_000);
    const id = await acceptUpload(t.db, { ownerId: userId, clientAccountId: clientId, filename: "terms.csv", bytes });
    expect(await getImportPreview(t.db, userId, id)).toMatchObject({ status: "processing", summary: null, progress: { rows: 0 } });
    // What a processing import keeps: the file gzip'd, not parsed rows.
    expect(await storedBytes(id)).toBeLessThan(bytes.byteLength / 3);

    let ticks = 0;
    const seen = new Set<number>();
    const timer = setInterval(() => {
      if (ticks++ % 10) return;
      void t.db
        .selectFrom("adImports")
        .select("progressRows")
        .where("id", "=", id)
        .executeTakeFirst()
        .then((row) => row && seen.add(row.progressRows));
    }, 1);
    const outcome = await processImport(t.db, id);
    clearInterval(timer);

    expect(outcome.status).toBe("pending");
    expect(outcome.threadId).toBeDefined();
    expect(outcome.threadId).not.toBe(threadId);
    expect(ticks).toBeGreaterThan(20);
    // The page saw the rows read grow (several values between none and all of them).
    expect([...seen].filter((rows) => rows > 0 && rows < 20_000).length).toBeGreaterThanOrEqual(2);
    const preview = await getImportPreview(t.db, userId, id);
    expect(preview).toMatchObject({ status: "pending", progress: { rows: 20_000, bytes: bytes.byteLength } });
    expect(preview.summary!.rows).toBe(20_000);
    // A pending import keeps gzip'd batches of packed rows, well below the file's size.
    expect(await storedBytes(id)).toBeLessThan(bytes.byteLength / 3);
    const stored = await storeImport(t.db, userId, id);
    expect(stored).toMatchObject({ outcome: "stored", rows: 20_000 });
    expect(await storedBytes(id)).toBe(0);
  });

  it("refuses a file over the row cap with a translated message, keeping nothing", async () => {
    const { userId, clientId } = await member();
    const limits: ImportLimits = { rowsPerFile: 200, rowsPerDay: 1_000_000 };
    const id = await acceptUpload(
      t.db,
      { ownerId: userId, clientAccountId: clientId, filename: "big.csv", bytes: searchTermsReport(300) },
      limits,
    );
    const outcome = await processImport(t.db, id, { limits });
    expect(outcome.status).toBe("failed");
    const preview = await getImportPreview(t.db, userId, id);
    expect(preview.status).toBe("failed");
    expect(preview.problem).toEqual({ code: "ads.import.tooManyRows", line: 204, max: 200 });
    expect(english(preview.problem!)).toBe(
      "The file has more than 200 rows (line 204). Export a shorter date range or split the report into several files.",
    );
    expect(await storedBytes(id)).toBe(0);
    expect(await t.db.selectFrom("adRows").select("importId").where("importId", "=", id).execute()).toEqual([]);
    // The one-go path (scripts, seeds) throws the same and keeps no import.
    await expect(
      stageImport(t.db, { ownerId: userId, clientAccountId: clientId, filename: "big.csv", bytes: searchTermsReport(300) }, limits),
    ).rejects.toMatchObject({ code: "ads.import.tooManyRows" });
  });

  it("keeps to the member's daily row budget, and gives a new one the next day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-20T09:00:00.000Z"));
    const { userId, clientId } = await member();
    const limits: ImportLimits = { rowsPerFile: 200, rowsPerDay: 300 };
    const upload = (rows: number) =>
      acceptUpload(t.db, { ownerId: userId, clientAccountId: clientId, filename: "day.csv", bytes: searchTermsReport(rows) }, limits);
    expect((await processImport(t.db, await upload(180), { limits })).status).toBe("pending");
    const second = await upload(180);
    expect((await processImport(t.db, second, { limits })).status).toBe("failed");
    const problem = (await getImportPreview(t.db, userId, second)).problem!;
    expect(problem).toMatchObject({ code: "ads.import.dailyBudget", max: 120 });
    // The budget is spent: the next upload is refused at once.
    const refused = await upload(10).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AdsImportError);
    expect(english({ code: (refused as AdsImportError).code, ...(refused as AdsImportError).params })).toBe(
      "Your imports today have reached 300 rows, the daily limit. Please try again tomorrow.",
    );
    vi.setSystemTime(new Date("2026-11-21T00:00:01.000Z"));
    expect((await processImport(t.db, await upload(180), { limits })).status).toBe("pending");
  });

  it("rate-limits uploads per member (429), queues the job for an accepted one", async () => {
    const { userId, clientId } = await member();
    const cookie = await sessionCookie(t.db, { id: userId } as never);
    const post = (body: Uint8Array) => {
      const form = new FormData();
      form.set("clientAccountId", clientId);
      form.set("file", new File([new Uint8Array(body)], "r.csv", { type: "text/csv" }));
      return answer(() =>
        uploadAction({
          request: new Request(`${APP}/en/ads/import`, { method: "POST", headers: { Origin: APP, Cookie: cookie }, body: form }),
          params: { locale: "en" },
          context: {},
        }),
      );
    };
    // Over 16 KB: read by the job (a smaller file is read in the request).
    const accepted = await post(searchTermsReport(1_000));
    expect(accepted.status).toBe(302);
    const importId = accepted.location!.match(/import\/([0-9a-f-]{36})/)![1]!;
    expect(sent).toContainEqual({ name: "ads.import-process", data: { importId } });
    for (let i = 0; i < 19; i++) expect((await post(new TextEncoder().encode("not,an\nexport,file\n"))).status).toBe(422);
    const limited = await post(searchTermsReport(10));
    expect(limited.status).toBe(429);
    expect(limited.body.problem).toMatchObject({ code: "ads.import.tooManyUploads", minutes: 60 });
    expect(english(limited.body.problem)).toBe("You have uploaded too many files. Please try again in 60 minutes.");
  });

  it("answers a file over 20 MB with 413 while it streams in, keeping nothing", async () => {
    const { userId, clientId } = await member();
    const cookie = await sessionCookie(t.db, { id: userId } as never);
    const form = new FormData();
    form.set("clientAccountId", clientId);
    form.set("file", new File([new Uint8Array(20 * 1024 * 1024 + 2).fill(65)], "huge.csv", { type: "text/csv" }));
    const tooLarge = await answer(() =>
      uploadAction({
        request: new Request(`${APP}/en/ads/import`, { method: "POST", headers: { Origin: APP, Cookie: cookie }, body: form }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.result.error.file).toEqual(["ads:import.messages.tooLarge"]);
    expect(await t.db.selectFrom("adImports").select("id").where("userId", "=", userId).execute()).toEqual([]);
  });

  it("drops imports nobody stored within the hour (the purge job)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T10:00:00.000Z"));
    const { userId, clientId } = await member();
    const pending = await stageImport(t.db, {
      ownerId: userId,
      clientAccountId: clientId,
      filename: "p.csv",
      bytes: searchTermsReport(100),
    });
    const processing = await acceptUpload(t.db, {
      ownerId: userId,
      clientAccountId: clientId,
      filename: "q.csv",
      bytes: searchTermsReport(100),
    });
    const purge = jobDefinitions({ db: t.db, mailer: {} as Mailer, appUrl: new URL(APP) }).find((job) => job.name === PURGE_IMPORTS_JOB)!;
    // Scheduled at least every hour.
    expect(purge.cron).toMatch(/^(\*\/\d+|\d+) \* \* \* \*$/);
    vi.setSystemTime(new Date("2026-11-22T10:30:00.000Z"));
    await purge.handler({});
    expect((await getImportPreview(t.db, userId, pending)).status).toBe("pending");
    vi.setSystemTime(new Date("2026-11-22T11:00:00.000Z"));
    await purge.handler({});
    for (const id of [pending, processing]) {
      expect((await getImportPreview(t.db, userId, id)).status).toBe("discarded");
      expect(await storedBytes(id)).toBe(0);
    }
  });
});
