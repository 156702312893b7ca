/** What the signed-in frame needs on every page: the user, the unread count, the latest notifications. */
import { db } from "~/db/db.server";
import { bell } from "~/notifications/notifications.server";
import type { SignedInUser } from "~/auth/session.server";

export async function shellData(user: SignedInUser) {
  const { unread, latest } = await bell(db(), user.id, 5);
  return { user: { name: user.name, email: user.email, role: user.role }, unread, latest };
}
