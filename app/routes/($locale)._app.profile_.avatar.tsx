/**
 * The profile picture: GET serves it (to its owner), POST uploads one (multipart, at most 1 MB,
 * PNG/JPEG/WebP by content, at most 4,000 × 4,000 pixels by its header) or removes it, then back to the profile with a message.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { requireSameOrigin } from "~/security/csrf.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { AVATAR_MAX_BYTES, getAvatar, removeAvatar, setAvatar } from "~/users/avatar.server";
import { localePath } from "~/utils/paths";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { readUpload } from "~/utils/multipart.server";
import { pictureIntent, pictureNotice, type PictureOutcome } from "~/utils/picture-form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const avatar = await getAvatar(db(), user.id);
  if (!avatar) return notFound();
  return new Response(new Uint8Array(avatar.bytes), {
    headers: withSecurityHeaders({ "Content-Type": avatar.type, "Cache-Control": "private, max-age=300" }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const back = (outcome: PictureOutcome) =>
    redirectWithFlash(localePath(locale, "/profile"), { kind: "notice", key: pictureNotice("profile.avatar.", outcome) });
  const upload = await readUpload(request, { field: "avatar", maxBytes: AVATAR_MAX_BYTES });
  if (!upload.ok) throw await back("too-large");
  switch (pictureIntent(upload.form)) {
    case "remove":
      await removeAvatar(db(), user.id);
      throw await back("removed");
    case "upload":
      throw await back(await setAvatar(db(), user.id, await upload.bytes()));
  }
}
