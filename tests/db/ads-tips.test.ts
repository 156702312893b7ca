/**
 * Daily tips (app/ads/tips.server.ts) on a real database: generated from the sample exports'
 * audit (a budget-limited campaign, wasted and job-seeker search terms, zero-conversion keywords),
 * each with its evidence, a monthly impact and, where the change is a file, Google Ads Editor
 * lines; the daily job run twice creates them once; applying records the decision and gives the
 * file; a dismissed tip stays away until its evidence changes, then a new tip appears; a rising
 * cost per conversion is found in the day rows; nobody but the owner reads or decides a tip.
 */
import { parse } from "csv-parse/sync";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-tips-test-secret-0123456789-0123456789-0123456789";

import { createClientAccount, ensureWorkspace } from "~/ads/accounts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { generateSampleExports } from "~/ads/sample/generate";
import {
  TipDecidedError,
  TipNotFoundError,
  applyTip,
  dismissTip,
  generateTips,
  listTips,
  runDailyTips,
  tipEditorFile,
} from "~/ads/tips.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { action as tipsAction, loader as tipsLoader } from "~/routes/($locale)._app.ads.tips/route";
import { loader as fileLoader } from "~/routes/($locale)._app.ads.tips_.$tipId.editor[.]csv";
import { createUser } from "~/users/users.server";
import { signedInMember, useAppDatabase } from "../support/app-database";
import { importSampleExports, signedInAdvertiser } from "../support/ads";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";

/** A Meta day-by-day export: one ad set, `days` days; cost and conversions per day from `perDay`. */
function metaDays(start: string, perDay: Array<{ cost: number; conversions: number }>): Uint8Array {
  const lines = ["Reporting starts,Reporting ends,Campaign name,Ad set name,Impressions,Amount spent (USD),Link clicks,Purchases"];
  perDay.forEach((day, index) => {
    const date = new Date(Date.parse(`${start}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${date},${date},Retargeting,Visitors 30d,2000,${day.cost.toFixed(2)},40,${day.conversions}`);
  });
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

describeEachDatabase("daily tips", (t) => {
  let owner: string;
  let clientId: string;
  const cookies = { owner: "", stranger: "" };

  useAppDatabase(t, async () => {
    ({ id: owner, cookie: cookies.owner, clientId } = await signedInAdvertiser(t.db, "tips", "Tip Owner", "Northwind Outdoor"));
    cookies.stranger = (await signedInMember(t.db, "stranger", "Stranger")).cookie;
    await importSampleExports(t.db, owner, clientId, { endDay: "2026-11-20" });
  });

  const openTips = async () => (await listTips(t.db, owner, clientId)).open;

  it("finds the sample data's problems as tips with evidence, impact and Editor lines, once however often the job runs", async () => {
    const first = await generateTips(t.db, clientId);
    expect(first.created).toBeGreaterThanOrEqual(3);
    const tips = await openTips();
    const kinds = new Set(tips.map((tip) => tip.kind));
    expect(kinds).toEqual(expect.objectContaining(new Set(["raise-budget", "add-negatives", "pause-keywords"])));
    for (const tip of tips) expect(tip.impactCents).toBeGreaterThan(0);

    const budget = tips.find((tip) => tip.kind === "raise-budget" && tip.subject.campaign?.startsWith("Generic"))!;
    expect(budget).toBeDefined();
    expect(budget.evidence.lostIsBudget).toBeGreaterThan(0.25);
    expect(budget.evidence.raisePerDayCents).toBeGreaterThan(0);
    expect(budget.evidence.moreImpressionsPerWeek).toBeGreaterThan(0);
    expect(budget.impactKind).toMatch(/^(value|spend)$/);

    const negatives = tips.find((tip) => tip.kind === "add-negatives" && tip.subject.campaign?.includes("Broad"))!;
    expect(negatives).toBeDefined();
    const terms = negatives.evidence.terms as Array<{ term: string; costCents: number }>;
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.some((term) => /jobs?|career|free|how to/i.test(term.term))).toBe(true);
    // The impact is the terms' cost scaled from their report's days to Google's 30.4-day month.
    const cost = terms.reduce((sum, term) => sum + term.costCents, 0);
    expect(negatives.evidence.costCents).toBe(cost);
    expect(negatives.impactCents).toBe(Math.round((cost / (negatives.evidence.days as number)) * 30.4));

    // Costs are scaled from each report's own days: 90 days of search terms, 30 of keywords.
    expect(negatives.evidence).toMatchObject({ days: 90, periodStart: "2026-08-23", periodEnd: "2026-11-20" });
    const pause = tips.find((tip) => tip.kind === "pause-keywords")!;
    expect(pause.evidence).toMatchObject({ days: 30, periodStart: "2026-10-22", periodEnd: "2026-11-20" });
    expect(pause.impactCents).toBe(Math.round((Number(pause.evidence.costCents) / 30) * 30.4));

    const second = await generateTips(t.db, clientId);
    expect(second.created).toBe(0);
    expect(second.expired).toBe(0);
    expect((await openTips()).map((tip) => tip.id).sort()).toEqual(tips.map((tip) => tip.id).sort());
  });

  it("the daily job, run twice, creates the tips of every client account once and skips owners without the ad tools", async () => {
    const other = await createUser(t.db, { email: `daily-${crypto.randomUUID()}@example.com`, name: "Daily", emailVerified: true });
    const expired = await createUser(t.db, { email: `expired-${crypto.randomUUID()}@example.com`, name: "Expired", emailVerified: true });
    await t.db.updateTable("trials").set({ endsAt: "2020-01-15T00:00:00.000Z" }).where("userId", "=", expired.id).execute();
    const files = generateSampleExports({ endDay: "2026-10-31", seed: "daily" });
    const accounts: Record<string, string> = {};
    for (const user of [other, expired]) {
      accounts[user.id] = (await ensureWorkspace(t.db, user.id, "Shop"))[0]!.id;
      for (const file of files)
        await storeImport(
          t.db,
          user.id,
          await stageImport(t.db, { ownerId: user.id, clientAccountId: accounts[user.id]!, filename: file.filename, bytes: file.bytes }),
        );
    }
    const first = await runDailyTips(t.db);
    expect(first.failed).toBe(0);
    const count = async (id: string) => (await t.db.selectFrom("adTips").select("id").where("clientAccountId", "=", id).execute()).length;
    const created = await count(accounts[other.id]!);
    expect(created).toBeGreaterThanOrEqual(3);
    expect(await count(accounts[expired.id]!)).toBe(0);
    const second = await runDailyTips(t.db);
    expect(second.created).toBe(0);
    expect(await count(accounts[other.id]!)).toBe(created);
  });

  it("applies a tip: the decision is recorded and its Editor file lists the changes", async () => {
    const tip = (await openTips()).find((candidate) => candidate.kind === "add-negatives")!;
    await expect(tipEditorFile(t.db, owner, tip.id)).rejects.toBeInstanceOf(TipNotFoundError);
    const applied = await unitOfWork(t.db, (tx) => applyTip(tx, owner, tip.id));
    expect(applied.status).toBe("applied");
    await expect(unitOfWork(t.db, (tx) => applyTip(tx, owner, tip.id))).rejects.toBeInstanceOf(TipDecidedError);
    const file = await tipEditorFile(t.db, owner, tip.id);
    const rows = parse(file.csv, { columns: true }) as Array<Record<string, string>>;
    const terms = tip.evidence.terms as Array<{ term: string; adGroup: string | null }>;
    expect(rows).toEqual(
      terms.map((term) => ({
        Campaign: tip.subject.campaign,
        "Ad Group": term.adGroup ?? "",
        Keyword: term.term,
        "Criterion Type": "Negative Exact",
      })),
    );
    const auditRow = await t.db.selectFrom("auditLog").select(["action", "actorId"]).where("subject", "=", `ad-tip:${tip.id}`).execute();
    expect(auditRow).toEqual([{ action: "ads.tip.apply", actorId: owner }]);
    // Applied tips are not brought back by the job.
    await generateTips(t.db, clientId);
    expect((await listTips(t.db, owner, clientId)).applied.map((item) => item.id)).toContain(tip.id);
    expect((await openTips()).some((item) => item.id === tip.id)).toBe(false);
  });

  it("pauses keywords through Editor lines with their match types", async () => {
    const tip = (await openTips()).find((candidate) => candidate.kind === "pause-keywords")!;
    await unitOfWork(t.db, (tx) => applyTip(tx, owner, tip.id));
    const rows = parse((await tipEditorFile(t.db, owner, tip.id)).csv, { columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBe((tip.evidence.keywords as unknown[]).length);
    for (const row of rows) {
      expect(row.Status).toBe("Paused");
      expect(["Exact", "Phrase", "Broad"]).toContain(row["Criterion Type"]);
      expect(row.Campaign).toBe(tip.subject.campaign);
    }
  });

  it("keeps a dismissed tip away until its evidence changes", async () => {
    const tip = (await openTips()).find((candidate) => candidate.kind === "raise-budget")!;
    await unitOfWork(t.db, (tx) => dismissTip(tx, owner, tip.id, "later", "  after the sale  "));
    const listed = (await listTips(t.db, owner, clientId)).dismissed.find((item) => item.id === tip.id)!;
    expect(listed).toMatchObject({ dismissReason: "later", dismissNote: "after the sale" });
    expect((await generateTips(t.db, clientId)).created).toBe(0);
    expect((await openTips()).some((item) => item.subject.campaign === tip.subject.campaign && item.kind === "raise-budget")).toBe(false);

    // New evidence: the same campaign with another budget is another tip.
    const rows = await t.db
      .selectFrom("adRows")
      .select(["importId", "line", "extras"])
      .where("clientAccountId", "=", clientId)
      .where("kind", "=", "campaign")
      .where("campaign", "=", tip.subject.campaign)
      .execute();
    for (const row of rows) {
      const extras = JSON.parse(row.extras) as { budgetCents?: number };
      if (typeof extras.budgetCents !== "number") continue;
      extras.budgetCents += 5000;
      await t.db
        .updateTable("adRows")
        .set({ extras: JSON.stringify(extras) })
        .where("importId", "=", row.importId)
        .where("line", "=", row.line)
        .execute();
    }
    expect((await generateTips(t.db, clientId)).created).toBe(1);
    const back = (await openTips()).find(
      (candidate) => candidate.kind === "raise-budget" && candidate.subject.campaign === tip.subject.campaign,
    )!;
    expect(back.id).not.toBe(tip.id);
  });

  it("finds a cost per conversion rising week over week in the day rows", async () => {
    const account = await unitOfWork(t.db, (tx) =>
      createClientAccount(tx, owner, { name: "Retargeting shop", industry: "all", timeZone: "UTC" }),
    );
    const week = (cost: number, conversions: number) => Array.from({ length: 7 }, () => ({ cost, conversions }));
    // 20 conversions a week both weeks; $100 a day, then $180 a day: cost per conversion +80%.
    const file = metaDays("2026-11-01", [...week(100, 3), ...week(180, 3)]);
    await storeImport(
      t.db,
      owner,
      await stageImport(t.db, { ownerId: owner, clientAccountId: account.id, filename: "meta.csv", bytes: file }),
    );
    await generateTips(t.db, account.id);
    const [tip] = (await listTips(t.db, owner, account.id)).open;
    expect(tip).toMatchObject({ kind: "cpa-rising", subject: { campaign: "Retargeting", platform: "meta" }, impactKind: "spend" });
    expect(tip!.evidence).toMatchObject({
      weekEnd: "2026-11-14",
      cpaBeforeCents: Math.round(70000 / 21),
      cpaNowCents: Math.round(126000 / 21),
      rise: 0.8,
    });
    expect(tip!.hasEditorFile).toBe(false);
  });

  it("keeps tips to their owner, on the page and in the file", async () => {
    const tip = (await listTips(t.db, owner, clientId)).applied[0]!;
    const editorFile = (who: keyof typeof cookies) =>
      answer(() =>
        fileLoader({
          request: new Request(`${APP}/en/ads/tips/${tip.id}/editor.csv`, { headers: { Cookie: cookies[who] } }),
          params: { locale: "en", tipId: tip.id },
          context: {},
        }),
      );
    expect((await editorFile("stranger")).status).toBe(404);
    const own = await editorFile("owner");
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(await own.response!.text()).toMatch(/^Campaign,Ad Group,Keyword,Criterion Type/);

    const open = (await openTips())[0]!;
    const post = (who: keyof typeof cookies, body: Record<string, string>) =>
      new Request(`${APP}/en/ads/tips?client=${clientId}`, {
        method: "POST",
        headers: { Origin: APP, Cookie: cookies[who] },
        body: new URLSearchParams(body),
      });
    const strangerApplies = await answer(() =>
      tipsAction({ request: post("stranger", { intent: "apply", tipId: open.id }), params: { locale: "en" }, context: {} }),
    );
    expect(strangerApplies.status).toBe(404);
    const noReason = await answer(() =>
      tipsAction({
        request: post("owner", { intent: "dismiss", tipId: open.id, reason: "", note: "typed note" }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.result.error.reason).toEqual(["ads-tips:errors.reason"]);
    expect(noReason.body.result.initialValue).toMatchObject({ note: "typed note" });
    expect((await openTips()).some((item) => item.id === open.id)).toBe(true);
    const page = await answer(() =>
      tipsLoader({
        request: new Request(`${APP}/en/ads/tips?client=${clientId}`, { headers: { Cookie: cookies.stranger } }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(page.body.tips.open).toEqual([]);
  });
});
