import { expect, it } from "vitest";
import { verifyPassword } from "~/users/password.server";
import { EmailTakenError, countUsers, createUser, ensureAdmin, findUserByEmail, getUserById } from "~/users/users.server";
import { describeEachDatabase } from "../support/databases";

describeEachDatabase("users", (t) => {
  it("creates a user and finds it by any letter case of its e-mail address", async () => {
    const user = await createUser(t.db, { email: "Mixed.Case@Example.com", name: "  Mia  ", password: "Secret-1!" });
    expect(user).toMatchObject({ email: "Mixed.Case@Example.com", name: "Mia", role: "user", emailVerifiedAt: null });
    expect(user).not.toHaveProperty("passwordHash");

    const found = await findUserByEmail(t.db, "mixed.case@EXAMPLE.COM");
    expect(found?.id).toBe(user.id);
    expect(found).not.toHaveProperty("passwordHash");
    expect(await getUserById(t.db, user.id)).toEqual(found);
  });

  it("stores an argon2id hash, never the password", async () => {
    const user = await createUser(t.db, { email: "hash@example.com", name: "Hash", password: "Secret-1!" });
    const row = await t.db.selectFrom("users").select("passwordHash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain("Secret-1!");
    expect(await verifyPassword(row.passwordHash!, "Secret-1!")).toBe(true);
    expect(await verifyPassword(row.passwordHash!, "secret-1!")).toBe(false);
    expect(await verifyPassword("not a hash", "Secret-1!")).toBe(false);
  });

  it("refuses a second account for the same address in another letter case", async () => {
    await createUser(t.db, { email: "taken@example.com", name: "First" });
    await expect(createUser(t.db, { email: "TAKEN@example.com", name: "Second" })).rejects.toBeInstanceOf(EmailTakenError);
  });

  it("the unique index holds even when the application check is bypassed", async () => {
    const row = {
      id: crypto.randomUUID(),
      email: "direct@example.com",
      name: "Direct",
      passwordHash: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      emailVerifiedAt: null,
    };
    await t.db.insertInto("users").values(row).execute();
    await expect(
      t.db
        .insertInto("users")
        .values({ ...row, id: crypto.randomUUID(), email: "DIRECT@example.com" })
        .execute(),
    ).rejects.toThrow();
  });

  it("lets exactly one of many concurrent sign-ups with the same address win", async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => createUser(t.db, { email: `race@example.com`, name: `Racer ${i}` })),
    );
    const winners = attempts.filter((a) => a.status === "fulfilled");
    const losers = attempts.filter((a) => a.status === "rejected") as PromiseRejectedResult[];
    expect(winners).toHaveLength(1);
    for (const loser of losers) expect(loser.reason).toBeInstanceOf(EmailTakenError);
  });

  it("rejects a role outside user, partner and admin at the database level", async () => {
    await expect(
      t.db
        .insertInto("users")
        .values({
          id: crypto.randomUUID(),
          email: "bad-role@example.com",
          name: "Bad",
          passwordHash: null,
          role: "superuser" as never,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          emailVerifiedAt: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("ensureAdmin creates a verified admin, promotes an existing user, and is idempotent", async () => {
    const created = await ensureAdmin(t.db, { email: "boss@example.com", password: "Admin-pass-1!" });
    expect(created.outcome).toBe("created");
    expect(created.user.role).toBe("admin");
    expect(created.user.emailVerifiedAt).not.toBeNull();

    expect((await ensureAdmin(t.db, { email: "BOSS@example.com", password: "Other-pass-1!" })).outcome).toBe("unchanged");

    const member = await createUser(t.db, { email: "member@example.com", name: "Member", password: "Member-pass-1!" });
    const promoted = await ensureAdmin(t.db, { email: "member@example.com", password: "Ignored-pass-1!" });
    expect(promoted.outcome).toBe("promoted");
    expect((await getUserById(t.db, member.id))?.role).toBe("admin");
    const row = await t.db.selectFrom("users").select("passwordHash").where("id", "=", member.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.passwordHash!, "Member-pass-1!")).toBe(true);
  });

  it("counts users", async () => {
    const before = await countUsers(t.db);
    await createUser(t.db, { email: "count@example.com", name: "Count" });
    expect(await countUsers(t.db)).toBe(before + 1);
  });
});
