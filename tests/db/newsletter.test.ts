import { expect, it } from "vitest";
import { confirmSubscription, getSubscriptionStatus, subscribe, unsubscribe, unsubscribeToken } from "~/newsletter/newsletter.server";
import { describeEachDatabase } from "../support/databases";
import { linkIn, recordingMailer } from "../support/recording-mailer";

const SECRET = "n".repeat(40);
const appUrl = new URL("https://cashwise.example");

describeEachDatabase("newsletter double opt-in", (t) => {
  it("subscribes only after the e-mailed link is confirmed, once", async () => {
    const mailer = recordingMailer();
    await subscribe(t.db, { email: "Reader@Example.com", locale: "de" }, { mailer, appUrl, secret: SECRET });
    expect(await getSubscriptionStatus(t.db, "reader@example.com")).toBe("pending");
    const mail = mailer.sent[0]!;
    expect(mail.to).toBe("Reader@Example.com");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<https:\/\/cashwise\.example\/de\/newsletter\/unsubscribe\?token=/);
    const confirm = linkIn(mail.text, "/de/newsletter/confirm");
    const token = confirm.searchParams.get("token")!;
    expect(await confirmSubscription(t.db, "forged-token")).toBe("invalid");
    expect(await confirmSubscription(t.db, token)).toBe("confirmed");
    expect(await getSubscriptionStatus(t.db, "reader@example.com")).toBe("confirmed");
    expect(await confirmSubscription(t.db, token)).toBe("invalid");
  });

  it("subscribing a confirmed address again changes nothing and tells only the owner", async () => {
    const mailer = recordingMailer();
    await subscribe(t.db, { email: "reader@example.com", locale: "en" }, { mailer, appUrl, secret: SECRET });
    expect(await getSubscriptionStatus(t.db, "reader@example.com")).toBe("confirmed");
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.text).not.toContain("/newsletter/confirm");
    expect(mailer.sent[0]!.text).toContain("/newsletter/unsubscribe");
  });

  it("a second request while pending replaces the link: only the newest one confirms", async () => {
    const mailer = recordingMailer();
    await subscribe(t.db, { email: "twice@example.com", locale: "en" }, { mailer, appUrl, secret: SECRET });
    await subscribe(t.db, { email: "TWICE@example.com", locale: "en" }, { mailer, appUrl, secret: SECRET });
    const [first, second] = mailer.sent.map((m) => linkIn(m.text, "/newsletter/confirm").searchParams.get("token")!);
    expect(await confirmSubscription(t.db, first!)).toBe("invalid");
    expect(await confirmSubscription(t.db, second!)).toBe("confirmed");
  });

  it("an expired link does not confirm", async () => {
    const mailer = recordingMailer();
    await subscribe(t.db, { email: "late@example.com", locale: "en" }, { mailer, appUrl, secret: SECRET });
    await t.db
      .updateTable("newsletterSubscriptions")
      .set({ confirmExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", "late@example.com")
      .execute();
    const token = linkIn(mailer.sent[0]!.text, "/newsletter/confirm").searchParams.get("token")!;
    expect(await confirmSubscription(t.db, token)).toBe("invalid");
  });

  it("unsubscribes with the link from any mail, and a forged link does nothing", async () => {
    const mailer = recordingMailer();
    await subscribe(t.db, { email: "reader@example.com", locale: "en" }, { mailer, appUrl, secret: SECRET });
    const token = linkIn(mailer.sent[0]!.text, "/newsletter/unsubscribe").searchParams.get("token")!;
    const id = token.split(".")[0]!;
    expect(await unsubscribe(t.db, unsubscribeToken(id, "x".repeat(40)), [SECRET])).toBe("invalid");
    expect(await unsubscribe(t.db, token, ["rotated-in".padEnd(40, "!"), SECRET])).toBe("unsubscribed");
    expect(await getSubscriptionStatus(t.db, "reader@example.com")).toBe("unsubscribed");

    await subscribe(t.db, { email: "reader@example.com", locale: "en" }, { mailer, appUrl, secret: SECRET });
    expect(await getSubscriptionStatus(t.db, "reader@example.com")).toBe("pending");
  });
});
