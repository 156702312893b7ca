/**
 * The stores back office (`/admin/stores`): creating, editing, pausing and resuming a store, each in
 * one unit of work with its audit row; a taken slug; the form's rules (https tracking links with
 * {clickId}, shares in percent, confirmation days, texts per locale); logos checked by content;
 * members and visitors refused by the routes themselves; and the rate the public pages show.
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "admin-stores-test-secret-0123456789-0123456789";

import { unitOfWork } from "~/db/unit-of-work.server";
import { fixedT } from "~/i18n/translator.server";
import { action as logoAction } from "~/routes/($locale)._admin.admin.stores_.$slug_.logo";
import { action as editAction, loader as editLoader } from "~/routes/($locale)._admin.admin.stores_.$slug";
import { action as newAction } from "~/routes/($locale)._admin.admin.stores_.new";
import { loader as listLoader } from "~/routes/($locale)._admin.admin.stores";
import { loader as logoFileLoader } from "~/routes/store-logos.$storeId";
import {
  createStore,
  getStoreForAdmin,
  getStoreLogo,
  isSlugTaken,
  listStoresForAdmin,
  removeStoreLogo,
  setStoreLogo,
  setStoreStatus,
  SlugTakenError,
  STORE_LOGO_MAX_BYTES,
  updateStore,
} from "~/stores/admin.server";
import { headlineRate, networkHeadlineRate, headlineText, type RatedStore, type Translate } from "~/stores/rates";
import { bpsToPercentText, centsToAmountText, newStoreSchema, type StoreInput } from "~/stores/store-form";
import { getStoreBySlug, listStores } from "~/stores/stores.server";
import { takeFlash } from "~/utils/flash.server";
import { backOfficeCookies, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { dimensionsOf, pictureOf, pngBombHeader } from "../support/images";
import { answer } from "../support/route-answer";

/** A real 1 × 1 PNG (the image intake reads its header: a bare signature is not a picture). */
const PNG = new Uint8Array(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
);
const APP = "http://localhost:3000";

/** A complete, valid new-store form. */
function storeForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: "Quillfeather",
    slug: "quillfeather",
    category: "books",
    websiteUrl: "https://quillfeather.example",
    network: "awin",
    advertiserId: "12345",
    trackingUrl: "https://www.awin1.com/cread.php?awinmid=12345&awinaffid=1&clickref={clickId}",
    rateKind: "percent",
    ratePercent: "5",
    "description.en": "Books and stationery.",
    "terms.en": "Cashback on full-price items only.",
    status: "active",
    ...overrides,
  };
}

function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

function parse(fields: Record<string, string>, locale = "en") {
  return parseWithZod(formData(fields), { schema: newStoreSchema(locale) });
}

/** The field errors of a form that should not pass. */
function errorsOf(fields: Record<string, string>): Record<string, string[]> {
  const submission = parse(fields);
  if (submission.status === "success") throw new Error("expected the form to be refused");
  return submission.reply().error as Record<string, string[]>;
}

function inputOf(fields: Record<string, string>): StoreInput & { status: string } {
  const submission = parse(fields);
  if (submission.status !== "success") throw new Error(`expected success, got ${JSON.stringify(submission.reply().error)}`);
  return submission.value;
}

const rated = (overrides: Partial<RatedStore> = {}): RatedStore => ({
  rateKind: "percent",
  cashbackRateBps: 500,
  rateFixedCents: null,
  newCustomerRateBps: null,
  categoryRates: null,
  ...overrides,
});

describe("the rate the public pages show (headlineRate): the member's, 90% of what the network pays", () => {
  const t = fixedT("en", "webshops") as unknown as Translate;

  it("is 90% of the base rate when nothing pays more", () => {
    expect(networkHeadlineRate(rated())).toEqual({ kind: "percent", rateBps: 500, upTo: false });
    expect(headlineRate(rated())).toEqual({ kind: "percent", rateBps: 450, upTo: false });
    expect(headlineRate(rated({ newCustomerRateBps: 300, categoryRates: JSON.stringify([{ name: "Books", rateBps: 200 }]) }))).toEqual({
      kind: "percent",
      rateBps: 450,
      upTo: false,
    });
    expect(headlineText(t, headlineRate(rated()), "en")).toBe("4.5% cashback");
  });

  it("is 'up to' 90% of the best rate when a new-customer or category rate pays more", () => {
    expect(headlineRate(rated({ newCustomerRateBps: 800 }))).toEqual({ kind: "percent", rateBps: 720, upTo: true });
    const categories = JSON.stringify([
      { name: { en: "E-books", nl: "E-books" }, rateBps: 1_050 },
      { name: "Gift cards", rateBps: 100 },
    ]);
    expect(headlineRate(rated({ newCustomerRateBps: 800, categoryRates: categories }))).toEqual({
      kind: "percent",
      rateBps: 945,
      upTo: true,
    });
    expect(headlineText(t, headlineRate(rated({ newCustomerRateBps: 1_000 })), "en")).toBe("Up to 9% cashback");
    expect(headlineText(fixedT("nl", "webshops") as unknown as Translate, headlineRate(rated({ newCustomerRateBps: 850 })), "nl")).toBe(
      "Tot 7,65% cashback",
    );
  });

  it("is 90% of the amount for a fixed-rate store", () => {
    const fixed = rated({ rateKind: "fixed", cashbackRateBps: 0, rateFixedCents: 500 });
    expect(headlineRate(fixed)).toEqual({ kind: "fixed", amountCents: 450 });
    expect(headlineText(t, headlineRate(fixed), "en")).toBe("$4.50 cashback");
  });

  it("ignores category rules that are not well formed", () => {
    expect(headlineRate(rated({ categoryRates: "not json" }))).toEqual({ kind: "percent", rateBps: 450, upTo: false });
    expect(headlineRate(rated({ categoryRates: JSON.stringify([{ name: "X", rateBps: 99_999 }, { rateBps: 900 }, null, "x"]) }))).toEqual({
      kind: "percent",
      rateBps: 450,
      upTo: false,
    });
  });
});

describe("the store form", () => {
  it("turns percentages into basis points, amounts into cents, and keeps texts per locale", () => {
    const input = inputOf(
      storeForm({
        ratePercent: "4.5",
        newCustomerPercent: "8.25",
        cap: "150",
        confirmationDays: "45",
        "description.nl": "Boeken en schrijfwaren.",
        "categoryRates[0].percent": "10",
        "categoryRates[0].name.en": "E-books",
        "categoryRates[0].name.de": "E-Books",
        "categoryRates[1].percent": "",
        "categoryRates[1].name.en": "",
      }),
    );
    expect(input).toMatchObject({
      cashbackRateBps: 450,
      newCustomerRateBps: 825,
      capCents: 15_000,
      confirmationDays: 45,
      rateFixedCents: null,
      categoryRates: [{ name: { en: "E-books", de: "E-Books" }, rateBps: 1_000 }],
      description: { en: "Books and stationery.", nl: "Boeken en schrijfwaren." },
      terms: { en: "Cashback on full-price items only." },
    });
    // No member share to set (90% everywhere); a blank cap is none, a blank window the platform's.
    expect(inputOf(storeForm({ userSharePercent: "80" }))).not.toHaveProperty("userShareBps");
    expect(inputOf(storeForm())).toMatchObject({ capCents: null, confirmationDays: null, status: "active" });
    expect(inputOf(storeForm({ rateKind: "fixed", ratePercent: "", rateFixed: "5" }))).toMatchObject({
      rateKind: "fixed",
      rateFixedCents: 500,
      cashbackRateBps: 0,
    });
  });

  it("reads rates and amounts in the page's locale with the one parser, and writes them back the same way", () => {
    const german = parse(storeForm({ ratePercent: "4,5", newCustomerPercent: "8,25", cap: "1.250,00" }), "de");
    if (german.status !== "success") throw new Error("the German form was refused");
    expect(german.value).toMatchObject({ cashbackRateBps: 450, newCustomerRateBps: 825, capCents: 125_000 });
    // A comma on an English page, a point on a German one: refused, never read as another number.
    expect(errorsOf(storeForm({ ratePercent: "4,5", cap: "1,250" }))).toMatchObject({
      ratePercent: ["admin:stores.errors.rateInvalid"],
      cap: ["admin:stores.errors.capInvalid"],
    });
    const refused = parse(storeForm({ ratePercent: "4.5" }), "de");
    expect(refused.status).not.toBe("success");
    // Written back as the locale types them, so an edit form saves what it showed.
    expect([bpsToPercentText(825, "de"), bpsToPercentText(825, "en"), centsToAmountText(125_000, "fr")]).toEqual([
      "8,25",
      "8.25",
      "1250,00",
    ]);
  });

  it("wants an https tracking link with {clickId}, except on the sandbox network; http only for localhost", () => {
    expect(errorsOf(storeForm({ trackingUrl: "http://track.example/?c={clickId}" })).trackingUrl).toEqual([
      "admin:stores.errors.linkInsecure",
    ]);
    expect(errorsOf(storeForm({ trackingUrl: "javascript:alert(1)//{clickId}" })).trackingUrl).toEqual(["admin:stores.errors.linkInvalid"]);
    expect(errorsOf(storeForm({ trackingUrl: "https://track.example/?c=1" })).trackingUrl).toEqual(["admin:stores.errors.trackingClickId"]);
    expect(errorsOf(storeForm({ trackingUrl: "" })).trackingUrl).toEqual(["admin:stores.errors.trackingRequired"]);
    expect(inputOf(storeForm({ trackingUrl: "http://localhost:4000/track?c={clickId}" })).trackingUrl).toBe(
      "http://localhost:4000/track?c={clickId}",
    );
    expect(inputOf(storeForm({ network: "sandbox", trackingUrl: "" })).trackingUrl).toBeNull();
    expect(errorsOf(storeForm({ websiteUrl: "http://quillfeather.example" })).websiteUrl).toEqual(["admin:stores.errors.linkInsecure"]);
  });

  it("reports every problem on its own field at once", () => {
    const errors = errorsOf({
      name: "",
      slug: "Not a slug!",
      category: "weapons",
      network: "myspace",
      rateKind: "percent",
      ratePercent: "101",
      cap: "12.345",
      confirmationDays: "0",
      "description.nl": "Alleen Nederlands.",
      "categoryRates[0].percent": "12",
    });
    expect(errors).toMatchObject({
      name: ["admin:stores.errors.nameRequired"],
      slug: ["admin:stores.errors.slugInvalid"],
      category: ["admin:stores.errors.categoryInvalid"],
      network: ["admin:stores.errors.networkInvalid"],
      ratePercent: ["admin:stores.errors.rateInvalid"],
      cap: ["admin:stores.errors.capInvalid"],
      confirmationDays: ["admin:stores.errors.daysInvalid"],
      "description.en": ["admin:stores.errors.descriptionRequired"],
      "terms.en": ["admin:stores.errors.termsRequired"],
      "categoryRates[0].name.en": ["admin:stores.errors.categoryNameRequired"],
      websiteUrl: ["admin:stores.errors.websiteRequired"],
    });
    expect(errorsOf(storeForm({ confirmationDays: "366" })).confirmationDays).toEqual(["admin:stores.errors.daysInvalid"]);
    expect(errorsOf(storeForm({ slug: "new" })).slug).toEqual(["admin:stores.errors.slugReserved"]);
    expect(inputOf(storeForm({ cap: "0.50" })).capCents).toBe(50);
    expect(errorsOf(storeForm({ cap: "0" })).cap).toEqual(["admin:stores.errors.capInvalid"]);
    expect(inputOf(storeForm({ confirmationDays: "365" })).confirmationDays).toBe(365);
  });

  it("keeps extra rates to percentage stores", () => {
    const errors = errorsOf(
      storeForm({
        rateKind: "fixed",
        rateFixed: "5",
        newCustomerPercent: "8",
        "categoryRates[0].percent": "9",
        "categoryRates[0].name.en": "Toys",
      }),
    );
    expect(errors).toMatchObject({
      newCustomerPercent: ["admin:stores.errors.percentOnly"],
      "categoryRates[0].percent": ["admin:stores.errors.percentOnly"],
    });
    expect(errorsOf(storeForm({ rateKind: "fixed", rateFixed: "0" })).rateFixed).toEqual(["admin:stores.errors.fixedInvalid"]);
  });
});

describeEachDatabase("the stores back office", (t) => {
  let adminId = "";
  const cookies = { admin: "", member: "" };

  useAppDatabase(t, async () => {
    const staff = await backOfficeCookies(t.db);
    adminId = staff.adminId;
    cookies.admin = staff.cookies.admin;
    cookies.member = staff.cookies.member;
  });

  const auditRows = (storeId: string) =>
    t.db.selectFrom("auditLog").selectAll().where("subject", "=", `store:${storeId}`).orderBy("createdAt").execute();
  const create = (fields: Record<string, string> = {}) => {
    const { status, ...input } = inputOf(storeForm(fields));
    return unitOfWork(t.db, (tx) => createStore(tx, { adminId, input, status: status as "active" | "paused" }));
  };
  const post = (path: string, who: "admin" | "member" | "anonymous", body: FormData | Record<string, string>) =>
    new Request(`${APP}${path}`, {
      method: "POST",
      headers: { Origin: APP, ...(who === "anonymous" ? {} : { Cookie: cookies[who] }) },
      body: body instanceof FormData ? body : new URLSearchParams(body),
    });
  const get = (path: string, who: "admin" | "member" | "anonymous") =>
    new Request(`${APP}${path}`, { headers: who === "anonymous" ? {} : { Cookie: cookies[who] } });
  /** The new-store form (`storeForm` with `fields`), posted by `who`. */
  const newStore = (who: "admin" | "member" | "anonymous", fields: Record<string, string>) =>
    answer(() => newAction({ request: post("/en/admin/stores/new", who, storeForm(fields)), params: { locale: "en" }, context: {} }));

  it("creates a store with its audit row; it is listed publicly with its rate", async () => {
    const store = await create({ slug: "inkwell-one", name: "Inkwell One", newCustomerPercent: "8" });
    expect(store).toMatchObject({
      slug: "inkwell-one",
      active: 1,
      rateKind: "percent",
      cashbackRateBps: 500,
      newCustomerRateBps: 800,
      network: "awin",
      advertiserId: "12345",
    });
    expect(JSON.parse(store.description)).toEqual({ en: "Books and stationery." });
    const rows = await auditRows(store.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: adminId, action: "store.created" });
    expect(JSON.parse(rows[0]!.after!)).toMatchObject({ slug: "inkwell-one", status: "active" });
    expect(rows[0]!.before).toBeNull();
    const page = await getStoreBySlug(t.db, "inkwell-one", "fr");
    // The page shows the member's rates: 90% of what the network pays.
    expect(page).toMatchObject({
      headline: { kind: "percent", rateBps: 720, upTo: true },
      cashbackRateBps: 450,
      networkRate: { kind: "percent", rateBps: 500 },
      description: "Books and stationery.",
      terms: "Cashback on full-price items only.",
      newCustomerRateBps: 720,
      capCents: null,
    });
    expect((await listStores(t.db, { locale: "en", query: "inkwell one" })).items.map((item) => item.slug)).toEqual(["inkwell-one"]);
  });

  it("refuses a slug another store has, on create and on edit", async () => {
    await create({ slug: "taken-slug", name: "Taken" });
    await expect(create({ slug: "taken-slug", name: "Again" })).rejects.toBeInstanceOf(SlugTakenError);
    const other = await create({ slug: "other-slug", name: "Other" });
    const { status: _status, ...input } = inputOf(storeForm({ slug: "taken-slug", name: "Other" }));
    await expect(unitOfWork(t.db, (tx) => updateStore(tx, { adminId, storeId: other.id, input }))).rejects.toBeInstanceOf(SlugTakenError);
    // Two admins at once: the unique index says it, and it reads as the same friendly error.
    const race = await t.db
      .insertInto("stores")
      .values({
        id: crypto.randomUUID(),
        slug: "taken-slug",
        name: "Race",
        category: "books",
        cashbackRateBps: 100,
        description: "{}",
        affiliateUrl: "https://x.example",
        createdAt: "x",
        updatedAt: "x",
      })
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isSlugTaken(race)).toBe(true);
    expect(await auditRows(other.id)).toHaveLength(1);
  });

  it("edits a store with an audit row naming each change; an unchanged form writes nothing", async () => {
    const store = await create({ slug: "edit-me", name: "Edit Me" });
    const { status: _status, ...input } = inputOf(
      storeForm({
        slug: "edit-me",
        name: "Edit Me",
        ratePercent: "6.5",
        cap: "20",
        "categoryRates[0].percent": "12",
        "categoryRates[0].name.en": "Rare books",
      }),
    );
    const result = await unitOfWork(t.db, (tx) => updateStore(tx, { adminId, storeId: store.id, input }));
    if (result.outcome !== "updated") throw new Error(result.outcome);
    expect(result.store).toMatchObject({ cashbackRateBps: 650, capCents: 2_000, userShareBps: null });
    expect(headlineRate(result.store)).toEqual({ kind: "percent", rateBps: 1_080, upTo: true });
    const [, updated] = await auditRows(store.id);
    expect(updated).toMatchObject({ action: "store.updated", actorId: adminId });
    // Before and after name each changed column, and only those.
    const before = JSON.parse(updated!.before!) as Record<string, unknown>;
    const after = JSON.parse(updated!.after!) as Record<string, unknown>;
    expect(Object.keys(after).sort()).toEqual(["capCents", "cashbackRateBps", "categoryRates"]);
    expect(Object.keys(before).sort()).toEqual(Object.keys(after).sort());
    expect([before.cashbackRateBps, after.cashbackRateBps]).toEqual([500, 650]);
    expect((await unitOfWork(t.db, (tx) => updateStore(tx, { adminId, storeId: store.id, input }))).outcome).toBe("unchanged");
    expect(await auditRows(store.id)).toHaveLength(2);
  });

  it("pauses and resumes a store, audited; a paused store leaves the directory", async () => {
    const store = await create({ slug: "pause-me", name: "Pause Me" });
    expect(await unitOfWork(t.db, (tx) => setStoreStatus(tx, { adminId, storeId: store.id, status: "paused" }))).toBe("paused");
    expect(await unitOfWork(t.db, (tx) => setStoreStatus(tx, { adminId, storeId: store.id, status: "paused" }))).toBe("unchanged");
    expect(await getStoreBySlug(t.db, "pause-me", "en")).toBeUndefined();
    expect((await listStores(t.db, { locale: "en", query: "pause me" })).total).toBe(0);
    expect((await listStoresForAdmin(t.db, { query: "pause me", status: "paused" })).items.map((item) => item.slug)).toEqual(["pause-me"]);
    expect(await unitOfWork(t.db, (tx) => setStoreStatus(tx, { adminId, storeId: store.id, status: "active" }))).toBe("resumed");
    expect(await getStoreBySlug(t.db, "pause-me", "en")).toBeDefined();
    expect((await auditRows(store.id)).map((row) => row.action)).toEqual(["store.created", "store.paused", "store.resumed"]);
    expect(await unitOfWork(t.db, (tx) => setStoreStatus(tx, { adminId, storeId: "no-such-store", status: "paused" }))).toBe("notFound");
  });

  it("lists for the desk with status and network filters, a name search and pages", async () => {
    await create({
      slug: "filter-a",
      name: "Filterable Alpha",
      network: "cj",
      trackingUrl: "https://www.anrdoezrs.net/click-1-2?sid={clickId}",
    });
    const paused = await create({
      slug: "filter-b",
      name: "Filterable Beta",
      network: "cj",
      trackingUrl: "https://www.anrdoezrs.net/click-1-3?sid={clickId}",
      status: "paused",
    });
    await create({ slug: "filter-c", name: "Filterable Gamma", network: "sandbox", trackingUrl: "" });
    const slugs = async (filter: Parameters<typeof listStoresForAdmin>[1]) =>
      (await listStoresForAdmin(t.db, filter)).items.map((item) => item.slug);
    expect(await slugs({ query: "filterable" })).toEqual(["filter-a", "filter-b", "filter-c"]);
    expect(await slugs({ query: "filterable", network: "cj" })).toEqual(["filter-a", "filter-b"]);
    expect(await slugs({ query: "filterable", status: "active" })).toEqual(["filter-a", "filter-c"]);
    expect(await slugs({ query: "filterable", status: "paused", network: "cj" })).toEqual(["filter-b"]);
    expect(await slugs({ query: "100%_" })).toEqual([]);
    const second = await listStoresForAdmin(t.db, { query: "filterable", page: 2, pageSize: 2 });
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 3 });
    expect(second.items.map((item) => item.slug)).toEqual(["filter-c"]);
    expect((await listStoresForAdmin(t.db, { query: "filterable beta" })).items[0]).toMatchObject({ id: paused.id, active: false });
  });

  it("keeps a logo only when its content is a PNG, JPEG or WebP, and serves it", async () => {
    const store = await create({ slug: "logo-me", name: "Logo Me" });
    const logo = (bytes: Uint8Array) => unitOfWork(t.db, (tx) => setStoreLogo(tx, { adminId, storeId: store.id, bytes }));
    expect(await logo(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBe("not-an-image");
    expect(await logo(new Uint8Array())).toBe("empty");
    expect(await logo(new Uint8Array(STORE_LOGO_MAX_BYTES + 1).fill(0xff))).toBe("too-large");
    expect((await getStoreForAdmin(t.db, "logo-me"))?.logo).toBeNull();
    expect(await logo(PNG)).toBe("saved");
    const saved = await getStoreForAdmin(t.db, "logo-me");
    expect(saved?.logo).toMatch(new RegExp(`^/store-logos/${store.id}\\?v=\\d+$`));
    const served = await answer(() =>
      logoFileLoader({ request: get(`/store-logos/${store.id}`, "anonymous"), params: { storeId: store.id }, context: {} }),
    );
    expect(served).toMatchObject({ status: 200, body: PNG });
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(
      (await answer(() => logoFileLoader({ request: get("/store-logos/nope", "anonymous"), params: { storeId: "nope" }, context: {} })))
        .status,
    ).toBe(404);
    expect(await unitOfWork(t.db, (tx) => removeStoreLogo(tx, { adminId, storeId: store.id }))).toBe("removed");
    expect((await getStoreForAdmin(t.db, "logo-me"))?.logo).toBeNull();
    expect((await auditRows(store.id)).map((row) => row.action)).toEqual(["store.created", "store.logoChanged", "store.logoRemoved"]);
  });

  describe("the routes", () => {
    it("refuse members (403) and send visitors to the admin sign-in, changing nothing", async () => {
      await create({ slug: "guarded", name: "Guarded" });
      const before = await t.db.selectFrom("auditLog").select("id").execute();
      const member = [
        await answer(() => listLoader({ request: get("/en/admin/stores", "member"), params: { locale: "en" }, context: {} })),
        await newStore("member", { slug: "by-member" }),
        await answer(() =>
          editAction({
            request: post("/en/admin/stores/guarded", "member", { intent: "pause" }),
            params: { locale: "en", slug: "guarded" },
            context: {},
          }),
        ),
        await answer(() =>
          editLoader({ request: get("/en/admin/stores/guarded", "member"), params: { locale: "en", slug: "guarded" }, context: {} }),
        ),
        await answer(() =>
          logoAction({
            request: post("/en/admin/stores/guarded/logo", "member", formData({ intent: "remove" })),
            params: { locale: "en", slug: "guarded" },
            context: {},
          }),
        ),
      ];
      expect(member.map((result) => result.status)).toEqual([403, 403, 403, 403, 403]);
      const visitor = await newStore("anonymous", { slug: "by-visitor" });
      expect(visitor.status).toBe(302);
      expect(visitor.location).toBe(`/en/admin?redirectTo=${encodeURIComponent("/en/admin/stores/new")}`);
      expect(await getStoreForAdmin(t.db, "by-member")).toBeUndefined();
      expect(await getStoreForAdmin(t.db, "by-visitor")).toBeUndefined();
      expect((await getStoreForAdmin(t.db, "guarded"))?.active).toBe(1);
      expect(await t.db.selectFrom("auditLog").select("id").execute()).toHaveLength(before.length);
    });

    it("create: field errors come back with what was typed; a taken slug on its field; success goes to the store's page", async () => {
      const invalid = await newStore("admin", { slug: "route-store", trackingUrl: "https://track.example/?c=1" });
      expect(invalid.status).toBe(400);
      const result = (invalid.body as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }).result;
      expect(result.error.trackingUrl).toEqual(["admin:stores.errors.trackingClickId"]);
      expect(result.initialValue).toMatchObject({ name: "Quillfeather", slug: "route-store", trackingUrl: "https://track.example/?c=1" });

      const created = await newStore("admin", { slug: "route-store", name: "Route Store" });
      expect(created).toMatchObject({ status: 302, location: "/en/admin/stores/route-store" });
      expect(created.headers.get("Set-Cookie")).toMatch(/^flash=/);
      const store = (await getStoreForAdmin(t.db, "route-store"))!;
      expect((await auditRows(store.id)).map((row) => row.action)).toEqual(["store.created"]);

      const taken = await newStore("admin", { slug: "route-store", name: "Copy" });
      expect(taken.status).toBe(409);
      const takenResult = (taken.body as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }).result;
      expect(takenResult.error.slug).toEqual(["admin:stores.errors.slugTaken"]);
      expect(takenResult.initialValue).toMatchObject({ name: "Copy" });
    });

    it("edit: saves (following a new slug), pauses and resumes; the list loader reads its filters", async () => {
      const store = await create({ slug: "route-edit", name: "Route Edit" });
      const loaded = await answer(() =>
        editLoader({ request: get("/en/admin/stores/route-edit", "admin"), params: { locale: "en", slug: "route-edit" }, context: {} }),
      );
      expect((loaded.body as { values: { ratePercent: string; slug: string } }).values).toMatchObject({
        ratePercent: "5",
        slug: "route-edit",
      });

      const { status: _status, ...fields } = storeForm({ slug: "route-edited", name: "Route Edit", ratePercent: "7" });
      const saved = await answer(() =>
        editAction({
          request: post("/en/admin/stores/route-edit", "admin", fields),
          params: { locale: "en", slug: "route-edit" },
          context: {},
        }),
      );
      expect(saved).toMatchObject({ status: 302, location: "/en/admin/stores/route-edited" });
      expect(await getStoreForAdmin(t.db, "route-edited")).toMatchObject({ id: store.id, cashbackRateBps: 700 });

      const paused = await answer(() =>
        editAction({
          request: post("/en/admin/stores/route-edited", "admin", { intent: "pause" }),
          params: { locale: "en", slug: "route-edited" },
          context: {},
        }),
      );
      expect(paused).toMatchObject({ status: 302, location: "/en/admin/stores/route-edited" });
      expect((await getStoreForAdmin(t.db, "route-edited"))?.active).toBe(0);
      const list = await answer(() =>
        listLoader({
          request: get("/en/admin/stores?status=paused&network=awin&q=route%20edit", "admin"),
          params: { locale: "en" },
          context: {},
        }),
      );
      const body = list.body as { status: string; network: string; stores: { items: Array<{ slug: string }> } };
      expect(body).toMatchObject({ status: "paused", network: "awin" });
      expect(body.stores.items.map((item) => item.slug)).toEqual(["route-edited"]);
      await answer(() =>
        editAction({
          request: post("/en/admin/stores/route-edited", "admin", { intent: "resume" }),
          params: { locale: "en", slug: "route-edited" },
          context: {},
        }),
      );
      expect((await getStoreForAdmin(t.db, "route-edited"))?.active).toBe(1);
      expect((await auditRows(store.id)).map((row) => row.action)).toEqual([
        "store.created",
        "store.updated",
        "store.paused",
        "store.resumed",
      ]);

      const bad = await answer(() =>
        editAction({
          request: post("/en/admin/stores/route-edited", "admin", { ...fields, slug: "route-edited", confirmationDays: "400" }),
          params: { locale: "en", slug: "route-edited" },
          context: {},
        }),
      );
      expect(bad.status).toBe(400);
      expect((bad.body as { result: { error: Record<string, string[]> } }).result.error.confirmationDays).toEqual([
        "admin:stores.errors.daysInvalid",
      ]);
      expect(
        (
          await answer(() =>
            editLoader({ request: get("/en/admin/stores/nope", "admin"), params: { locale: "en", slug: "nope" }, context: {} }),
          )
        ).status,
      ).toBe(404);
    });

    it("logo upload: checked by content, then back to the store's page", async () => {
      await create({ slug: "route-logo", name: "Route Logo" });
      const upload = (bytes: Uint8Array, name: string) => {
        const form = new FormData();
        form.append("logo", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
        return answer(() =>
          logoAction({
            request: post("/en/admin/stores/route-logo/logo", "admin", form),
            params: { locale: "en", slug: "route-logo" },
            context: {},
          }),
        );
      };
      // A file that claims to be a PNG but is not one.
      const fake = await upload(new TextEncoder().encode("GIF89a not really"), "logo.png");
      expect(fake).toMatchObject({ status: 302, location: "/en/admin/stores/route-logo" });
      expect((await getStoreForAdmin(t.db, "route-logo"))?.logo).toBeNull();
      expect(await upload(PNG, "logo.png")).toMatchObject({ status: 302, location: "/en/admin/stores/route-logo" });
      expect((await getStoreForAdmin(t.db, "route-logo"))?.logo).toMatch(/^\/store-logos\//);
    });

    it("logo upload: a 10,500 × 10,500 PNG is refused by its header (nothing stored), a large one is kept at 600 px", async () => {
      const store = await create({ slug: "pixel-logo", name: "Pixel Logo" });
      const upload = (bytes: Uint8Array) => {
        const form = new FormData();
        form.append("logo", new File([new Uint8Array(bytes)], "logo.png", { type: "image/png" }));
        return answer(() =>
          logoAction({
            request: post("/en/admin/stores/pixel-logo/logo", "admin", form),
            params: { locale: "en", slug: "pixel-logo" },
            context: {},
          }),
        );
      };
      const bomb = await upload(pngBombHeader(10_500, 10_500));
      expect(bomb).toMatchObject({ status: 302, location: "/en/admin/stores/pixel-logo" });
      const flash = await takeFlash(new Request(APP, { headers: { Cookie: bomb.headers.get("Set-Cookie")!.split(";")[0]! } }));
      expect(flash.flash).toMatchObject({ key: "stores.logo.tooManyPixels" });
      expect((await getStoreForAdmin(t.db, "pixel-logo"))?.logo).toBeNull();
      expect(await getStoreLogo(t.db, store.id)).toBeNull();
      expect((await auditRows(store.id)).map((row) => row.action)).toEqual(["store.created"]);

      await upload(await pictureOf(1_600, 1_600, "webp"));
      const kept = (await getStoreLogo(t.db, store.id))!;
      expect(kept.type).toBe("image/webp");
      expect(await dimensionsOf(kept.bytes)).toEqual({ width: 600, height: 600, format: "webp" });
    });
  });
});
