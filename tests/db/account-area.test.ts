import { expect, it } from "vitest";
import { unitOfWork } from "~/db/unit-of-work.server";
import { deliverOutbox } from "~/jobs/outbox.server";
import { createSession, listActiveSessions } from "~/auth/session.server";
import { bell, listNotifications, markAllRead, markRead, notify, unreadCount, wantsEmail } from "~/notifications/notifications.server";
import { verifyPassword } from "~/users/password.server";
import {
  applyPasswordChange,
  getSettings,
  preparePasswordChange,
  setLocale,
  setNotificationFlags,
  setTheme,
} from "~/users/settings.server";
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from "~/users/email-change.server";
import { createUser, findUserByEmail, getPasswordHash } from "~/users/users.server";
import { describeEachDatabase } from "../support/databases";
import { recordingMailer } from "../support/recording-mailer";

describeEachDatabase("account area", (t) => {
  const newUser = (name: string) =>
    createUser(t.db, { email: `${name}-${crypto.randomUUID()}@example.com`, name, password: "Secret-pass-1!" });

  it("notifications: listed newest first, counted, marked read one or all, only by their owner", async () => {
    const user = await newUser("bell");
    const other = await newUser("other");
    await notify(t.db, user.id, "depositCompleted", { amountCents: 2500 });
    // Timestamps have millisecond resolution: make "newest" unambiguous.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await notify(t.db, user.id, "withdrawalHeld", { amountCents: 1000 });
    await notify(t.db, other.id, "passwordChanged");
    const list = await listNotifications(t.db, user.id);
    expect(list.map((n) => n.titleKey)).toEqual(["events.withdrawalHeld.title", "events.depositCompleted.title"]);
    expect(list[1]).toMatchObject({ type: "success", params: { amountCents: 2500 }, read: false });
    expect(await unreadCount(t.db, user.id)).toBe(2);
    expect(await markRead(t.db, other.id, list[0]!.id)).toBe(false);
    expect(await markRead(t.db, user.id, list[0]!.id)).toBe(true);
    expect(await unreadCount(t.db, user.id)).toBe(1);
    expect(await markAllRead(t.db, user.id)).toBe(1);
    expect(await unreadCount(t.db, user.id)).toBe(0);
    expect(await unreadCount(t.db, other.id)).toBe(1);
  });

  it("the bell: the unread count of all notifications (not only the latest shown) and the latest, in one statement", async () => {
    const user = await newUser("bell-one");
    const other = await newUser("bell-other");
    expect(await bell(t.db, user.id, 2)).toEqual({ unread: 0, latest: [] });
    for (const amountCents of [100, 200, 300]) await notify(t.db, user.id, "depositCompleted", { amountCents });
    await notify(t.db, other.id, "passwordChanged");
    const [newest] = await listNotifications(t.db, user.id, 1);
    await markRead(t.db, user.id, newest!.id);
    const shown = await bell(t.db, user.id, 2);
    expect(shown.unread).toBe(2);
    expect(shown.latest).toEqual(await listNotifications(t.db, user.id, 2));
    await markAllRead(t.db, user.id);
    expect((await bell(t.db, user.id, 2)).unread).toBe(0);
    expect((await bell(t.db, other.id, 2)).unread).toBe(1);
  });

  it("e-mails an event (through the outbox) only when the preferences say so; security notices always", async () => {
    const user = await newUser("prefs");
    const mailer = recordingMailer();
    const deliver = () => deliverOutbox(t.db, mailer);
    const mine = () => mailer.sent.filter((m) => m.to === user.email);
    await notify(t.db, user.id, "cashbackConfirmed", { amountCents: 450, merchant: "Larkstitch" });
    expect(mine()).toHaveLength(0);
    await deliver();
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.html).toContain("Larkstitch");
    // Amounts are formatted in the mail, not left as a placeholder.
    expect(mine()[0]!.text).toContain("$4.50");
    expect(mine()[0]!.text).not.toContain("{{");
    await setNotificationFlags(t.db, user.id, { email: true, push: true, sms: false, cashback: false, purchases: true, promotions: false });
    await notify(t.db, user.id, "cashbackConfirmed", { amountCents: 450, merchant: "Larkstitch" });
    await deliver();
    expect(mine()).toHaveLength(1);
    await setNotificationFlags(t.db, user.id, { email: false, push: false, sms: false, cashback: true, purchases: true, promotions: true });
    await notify(t.db, user.id, "depositCompleted", { amountCents: 100 });
    await deliver();
    expect(mine()).toHaveLength(1);
    await notify(t.db, user.id, "passwordChanged", {});
    await deliver();
    expect(mine()).toHaveLength(2);
    expect(wantsEmail({ notifyEmail: 1, notifyCashback: 1, notifyPurchases: 0, notifyPromotions: 0 }, "purchases")).toBe(false);
  });

  it("settings are stored: theme, language, the six notification flags with their defaults", async () => {
    const user = await newUser("settings");
    expect(await getSettings(t.db, user.id)).toEqual({
      theme: "system",
      locale: "en",
      twoFactor: false,
      notifications: { email: true, push: true, sms: false, cashback: true, purchases: true, promotions: false },
    });
    await setTheme(t.db, user.id, "dark");
    await setLocale(t.db, user.id, "de");
    await expect(setLocale(t.db, user.id, "xx")).rejects.toThrow();
    await setNotificationFlags(t.db, user.id, {
      email: false,
      push: false,
      sms: true,
      cashback: false,
      purchases: false,
      promotions: true,
    });
    expect(await getSettings(t.db, user.id)).toMatchObject({
      theme: "dark",
      locale: "de",
      notifications: { email: false, push: false, sms: true, cashback: false, purchases: false, promotions: true },
    });
  });

  it("a password change needs the current password and ends the other sessions", async () => {
    const user = await newUser("pw");
    const mine = await createSession(t.db, user, { remember: false });
    await createSession(t.db, user, { remember: true });
    expect(await preparePasswordChange(t.db, { userId: user.id, current: "wrong", next: "New-pass-22!" })).toBeNull();
    expect(await listActiveSessions(t.db, user.id)).toHaveLength(2);
    const prepared = await preparePasswordChange(t.db, { userId: user.id, current: "Secret-pass-1!", next: "New-pass-22!" });
    await unitOfWork(t.db, (tx) =>
      applyPasswordChange(tx, { userId: user.id, sessionId: mine.session.id, passwordHash: prepared!.passwordHash }),
    );
    expect((await listNotifications(t.db, user.id)).map((n) => n.titleKey)).toContain("events.passwordChanged.title");
    expect((await listActiveSessions(t.db, user.id)).map((s) => s.id)).toEqual([mine.session.id]);
    expect(await verifyPassword((await getPasswordHash(t.db, user.id))!, "New-pass-22!")).toBe(true);
  });
});

describeEachDatabase("e-mail address change", (t) => {
  const secret = "e".repeat(40);
  it("moves the account to the new address only with the code sent there; a taken address gets nothing", async () => {
    const user = await createUser(t.db, { email: "old@example.com", name: "Old" });
    await createUser(t.db, { email: "taken@example.com", name: "Taken" });
    const mailer = recordingMailer();
    await requestEmailChange(t.db, { userId: user.id, newEmail: "TAKEN@example.com" }, { mailer, secret });
    expect(mailer.sent.map((m) => m.to)).toEqual(["taken@example.com"]);
    expect(mailer.sent[0]!.text).not.toMatch(/\b\d{6}\b/);
    expect(await pendingEmailChange(t.db, user.id)).toBeNull();

    await requestEmailChange(t.db, { userId: user.id, newEmail: "new@example.com" }, { mailer, secret });
    const code = /\b(\d{6})\b/.exec(mailer.sent[1]!.text)![1]!;
    expect(mailer.sent[1]!.to).toBe("new@example.com");
    expect(await pendingEmailChange(t.db, user.id)).toBe("new@example.com");
    expect(
      await confirmEmailChange(t.db, { userId: user.id, code: code === "000000" ? "111111" : "000000" }, { mailer, secrets: [secret] }),
    ).toBe("invalid");
    expect(await confirmEmailChange(t.db, { userId: user.id, code }, { mailer, secrets: [secret] })).toBe("changed");
    expect((await findUserByEmail(t.db, "new@example.com"))?.id).toBe(user.id);
    expect(await findUserByEmail(t.db, "old@example.com")).toBeUndefined();
    expect(mailer.sent.at(-1)!.to).toBe("old@example.com");
    expect(await confirmEmailChange(t.db, { userId: user.id, code }, { mailer, secrets: [secret] })).toBe("none");
  });

  it("a code is used once even when confirmed twice at the same moment; the change ends every other session", async () => {
    const user = await createUser(t.db, { email: "race-old@example.com", name: "Race" });
    const mine = await createSession(t.db, user, { remember: false });
    const other = await createSession(t.db, user, { remember: true });
    const mailer = recordingMailer();
    await requestEmailChange(t.db, { userId: user.id, newEmail: "race-new@example.com" }, { mailer, secret });
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)!.text)![1]!;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        confirmEmailChange(t.db, { userId: user.id, code, keepSessionId: mine.session.id }, { mailer, secrets: [secret] }),
      ),
    );
    expect(outcomes.filter((o) => o === "changed")).toHaveLength(1);
    // The old address is told once.
    expect(mailer.sent.filter((m) => m.to === "race-old@example.com")).toHaveLength(1);
    const active = (await listActiveSessions(t.db, user.id)).map((s) => s.id);
    expect(active).toEqual([mine.session.id]);
    expect(active).not.toContain(other.session.id);
  });
});
