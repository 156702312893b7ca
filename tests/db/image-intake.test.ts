/**
 * The image intake (app/utils/images.server.ts) where pictures are uploaded, and the report PDF's
 * use of the stored logo:
 *
 * - a 10,500 × 10,500 PNG (a decompression bomb's header) is refused by its header, without being
 *   decoded, as a report logo and as a profile picture, with the translated message; nothing is
 *   stored (store logos: tests/db/admin-stores.test.ts);
 * - a large but allowed picture is kept downscaled (at most 600 px), a small one byte for byte;
 * - a PDF never decodes an oversized stored logo (one stored before the intake): a bomb is left
 *   out, a large one is downscaled first;
 * - at most two report PDFs render at once; with eight waiting the next request is 503 with
 *   Retry-After.
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "image-intake-test-secret-0123456789-0123456789-abcdef";

import { getLogo } from "~/ads/reports/brand.server";
import { action as logoAction } from "~/routes/($locale)._app.ads.reports_.logo";
import { loader as pdfLoader } from "~/routes/($locale)._app.ads.reports_.pdf";
import { action as avatarAction } from "~/routes/($locale)._app.profile_.avatar";
import { getAvatar } from "~/users/avatar.server";
import { takeFlash } from "~/utils/flash.server";
import { intakeImage } from "~/utils/images.server";
import { PDF_RENDER_MAX_WAITING, PDF_RENDER_SLOTS, pdfRenderStats, withPdfRenderSlot } from "~/utils/pdf-slots.server";
import { signedInAdvertiser } from "../support/ads";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { dimensionsOf, pictureOf, pngBombHeader } from "../support/images";
import { answer } from "../support/route-answer";
import { gate } from "../support/wait";

const APP = "http://localhost:3000";
const FROM = "2026-10-22";
const TO = "2026-11-20";

describeEachDatabase("image intake", (t) => {
  let owner = "";
  let cookie = "";
  let clientId = "";

  useAppDatabase(t, async () => {
    ({ id: owner, cookie, clientId } = await signedInAdvertiser(t.db, "images", "Image Owner", "Pixel Outdoor"));
  });

  const upload = (path: string, field: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.set(field, new File([new Uint8Array(bytes)], "picture.png", { type: "image/png" }));
    return new Request(`${APP}${path}`, { method: "POST", headers: { Origin: APP, Cookie: cookie }, body: form });
  };
  /** The flash message a redirect set. */
  const flashOf = async (setCookie: string | null) => {
    const request = new Request(APP, { headers: { Cookie: (setCookie ?? "").split(";")[0]! } });
    return (await takeFlash(request)).flash;
  };
  const logoUpload = (bytes: Uint8Array) =>
    answer(() => logoAction({ request: upload("/en/ads/reports/logo", "logo", bytes), params: { locale: "en" }, context: {} }));
  const avatarUpload = (bytes: Uint8Array) =>
    answer(() => avatarAction({ request: upload("/en/profile/avatar", "avatar", bytes), params: { locale: "en" }, context: {} }));
  const storeLogoBytes = async (bytes: Buffer | null) => {
    await t.db
      .insertInto("adReportBrands")
      .values({ ownerId: owner, logoData: null, logoType: null, updatedAt: new Date().toISOString() })
      .onConflict((oc) => oc.column("ownerId").doNothing())
      .execute();
    await t.db
      .updateTable("adReportBrands")
      .set({ logoData: bytes?.toString("base64") ?? null, logoType: bytes ? "image/png" : null })
      .where("ownerId", "=", owner)
      .execute();
  };
  const pdf = () =>
    answer(() =>
      pdfLoader({
        request: new Request(`${APP}/en/ads/reports/pdf?client=${clientId}&from=${FROM}&to=${TO}&language=en`, {
          headers: { Cookie: cookie },
        }),
        params: { locale: "en" },
        context: {},
      }),
    );

  it("refuses a 10,500 × 10,500 PNG by its header, before decoding it, as a report logo and as a profile picture", async () => {
    const bomb = pngBombHeader(10_500, 10_500);
    expect(bomb.length).toBeLessThan(20_000);
    const started = performance.now();
    expect(await intakeImage(bomb, { types: ["image/png"] })).toEqual({ ok: false, reason: "too-many-pixels" });
    // Reading a header, not inflating 330 MB of pixels.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await intakeImage(pngBombHeader(4_001, 10), { types: ["image/png"] })).toEqual({ ok: false, reason: "too-many-pixels" });

    const logo = await logoUpload(bomb);
    expect(logo.status).toBe(302);
    expect(await flashOf(logo.headers.get("Set-Cookie"))).toMatchObject({ key: "ads-reports:logo.tooManyPixels" });
    expect(await getLogo(t.db, owner)).toBeNull();
    const audits = await t.db.selectFrom("auditLog").select("action").where("actorId", "=", owner).execute();
    expect(audits.map((row) => row.action)).not.toContain("ads.reports.logo");

    const avatar = await avatarUpload(bomb);
    expect(avatar.status).toBe(302);
    expect(await flashOf(avatar.headers.get("Set-Cookie"))).toMatchObject({ key: "profile.avatar.tooManyPixels" });
    expect(await getAvatar(t.db, owner)).toBeNull();
  });

  it("keeps a large allowed picture downscaled to at most 600 px, and a small one byte for byte", async () => {
    const wide = await pictureOf(2_400, 800);
    const saved = await logoUpload(wide);
    expect(await flashOf(saved.headers.get("Set-Cookie"))).toMatchObject({ key: "ads-reports:logo.saved" });
    const logo = (await getLogo(t.db, owner))!;
    expect(logo.type).toBe("image/png");
    expect(await dimensionsOf(logo.bytes)).toEqual({ width: 600, height: 200, format: "png" });

    const photo = await pictureOf(1_500, 2_000, "jpeg");
    await avatarUpload(photo);
    const avatar = (await getAvatar(t.db, owner))!;
    expect(avatar.type).toBe("image/jpeg");
    expect(await dimensionsOf(avatar.bytes)).toEqual({ width: 450, height: 600, format: "jpeg" });

    const small = await pictureOf(300, 100);
    await logoUpload(small);
    expect((await getLogo(t.db, owner))!.bytes.equals(small)).toBe(true);
  });

  it("never decodes an oversized stored logo in a PDF: a bomb is left out, a large one is downscaled", async () => {
    await storeLogoBytes(pngBombHeader(10_500, 10_500));
    const started = performance.now();
    const withBomb = await pdf();
    expect(withBomb.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(5_000);
    const bombText = Buffer.from(await withBomb.response!.arrayBuffer()).toString("latin1");
    expect(bombText).not.toContain("/Subtype /Image");

    await storeLogoBytes(await pictureOf(3_000, 1_000));
    const withLarge = await pdf();
    expect(withLarge.status).toBe(200);
    const largeText = Buffer.from(await withLarge.response!.arrayBuffer()).toString("latin1");
    // One image object for all the pages, at the downscaled size.
    expect(largeText.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(largeText).toMatch(/\/Width 600\b/);
    await storeLogoBytes(null);
  });

  it("renders at most two report PDFs at once, and answers 503 with Retry-After when eight wait", async () => {
    await storeLogoBytes(await pictureOf(600, 200));
    const four = await Promise.all([pdf(), pdf(), pdf(), pdf()]);
    expect(four.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(pdfRenderStats().peak).toBe(PDF_RENDER_SLOTS);

    const held = gate();
    const holders = Array.from({ length: PDF_RENDER_SLOTS + PDF_RENDER_MAX_WAITING }, () =>
      withPdfRenderSlot(() => held.promise, { whenBusy: "wait" }),
    );
    await Promise.resolve();
    expect(pdfRenderStats()).toMatchObject({ running: PDF_RENDER_SLOTS, waiting: PDF_RENDER_MAX_WAITING });
    const busy = await pdf();
    expect(busy.status).toBe(503);
    expect(busy.headers.get("Retry-After")).toBe("5");
    expect(await busy.response!.text()).toBe("Many reports are being prepared right now. Please try again in a few seconds.");
    held.open();
    await Promise.all(holders);
    expect((await pdf()).status).toBe(200);
    expect(pdfRenderStats().peak).toBe(PDF_RENDER_SLOTS);
  });
});
