/**
 * Proof of an e-mail address: owns what an account's social links become when its address is
 * proven (a sign-in with a provider that vouches for the address, the e-mailed sign-up code, a
 * completed password reset, an e-mail change confirmed by code). A link made before the address
 * was proven may be a stranger's pre-claim (a provider that asserted the address without checking
 * it): in the caller's unit of work, every such link goes (all but the link that is itself the
 * proof), the account's other sessions end (sessions do not record which link opened them), an
 * audit row is written and the owner is told by e-mail, through the outbox, which links went.
 */
import { now, type Tx } from "~/db/db.server";
import { audit } from "~/audit/audit.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { enqueueMail } from "~/jobs/outbox.server";
import { renderMail } from "~/mail/templates.server";
import { isSocialProvider, SOCIAL_PROVIDER_NAMES, type SocialProvider } from "./providers";
import { revokeUserSessions } from "./session.server";

export type AddressProof = "provider" | "signupCode" | "passwordReset" | "emailChange";

export interface AddressProofInput {
  userId: string;
  via: AddressProof;
  /** The link that is itself the proof (a verified provider's sign-in): it stays. */
  keepLinkId?: string;
  /** The session the proof was made in (an e-mail change while signed in): it stays. */
  keepSessionId?: string;
  clientAddress?: string | null;
}

/**
 * Records that the account's address is proven now: marks it verified (when it was not), and drops
 * the social links made before the address was first proven. For an e-mail change the new address
 * is proven only now, so every link made before goes. Answers the providers whose links went.
 */
export async function recordAddressProof(tx: Tx, input: AddressProofInput): Promise<{ removed: SocialProvider[] }> {
  const user = await tx
    .selectFrom("users")
    .select(["id", "email", "name", "locale", "emailVerifiedAt"])
    .where("id", "=", input.userId)
    .executeTakeFirst();
  if (!user) return { removed: [] };
  const timestamp = now();
  // Links made before the address was first proven are suspect; after that, only vouched ones are made.
  const provenSince = input.via === "emailChange" || !user.emailVerifiedAt ? null : user.emailVerifiedAt;
  let query = tx.selectFrom("oauthAccounts").select(["id", "provider"]).where("userId", "=", user.id);
  if (provenSince) query = query.where("createdAt", "<", provenSince);
  if (input.keepLinkId) query = query.where("id", "!=", input.keepLinkId);
  const stale = await query.execute();

  if (!user.emailVerifiedAt && input.via !== "emailChange") {
    await tx.updateTable("users").set({ emailVerifiedAt: timestamp, updatedAt: timestamp }).where("id", "=", user.id).execute();
  }
  // The link that is the proof dates from it: it is not one made before the address was proven.
  if (input.keepLinkId) {
    await tx
      .updateTable("oauthAccounts")
      .set({ createdAt: timestamp })
      .where("id", "=", input.keepLinkId)
      .where("userId", "=", user.id)
      .execute();
  }
  if (stale.length === 0) return { removed: [] };

  await tx
    .deleteFrom("oauthAccounts")
    .where(
      "id",
      "in",
      stale.map((link) => link.id),
    )
    .execute();
  await revokeUserSessions(tx, user.id, input.keepSessionId ? { except: input.keepSessionId } : {});
  const removed = [...new Set(stale.map((link) => link.provider).filter(isSocialProvider))];
  await audit(tx, {
    actorId: user.id,
    action: "user.social_links_removed",
    subject: `user:${user.id}`,
    details: { via: input.via, providers: removed, links: stale.length },
    clientAddress: input.clientAddress ?? null,
  });
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  const t = fixedT(locale, "emails");
  const values = { name: user.name, providers: removed.map((p) => SOCIAL_PROVIDER_NAMES[p]).join(", ") };
  const parts = renderMail({
    locale,
    heading: t("socialLinksRemoved.heading", values),
    paragraphs: t("socialLinksRemoved.paragraphs", { ...values, returnObjects: true }) as unknown as string[],
    footer: t("footer"),
  });
  await enqueueMail(tx, { to: user.email, subject: t("socialLinksRemoved.subject", values), ...parts });
  return { removed };
}
