/**
 * The report branding's logo (`/ads/reports/logo`): GET serves it to its owner; POST (multipart,
 * field `logo`, PNG or JPEG of at most 512 KB recognised by its bytes, at most 4,000 × 4,000 pixels
 * by its header, kept downscaled to 600 px) uploads it, or removes it
 * (`intent=remove`), then back to `/ads/reports` with a message.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdTools } from "~/ads/access.server";
import { checkLogo, getLogo, removeLogo, setLogo } from "~/ads/reports/brand.server";
import { LOGO_MAX_BYTES } from "~/ads/reports/form";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { localePath } from "~/utils/paths";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { readUpload } from "~/utils/multipart.server";
import { pictureIntent, pictureNotice, type PictureOutcome } from "~/utils/picture-form.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdTools(request, params);
  const logo = await getLogo(db(), user.id);
  if (!logo) return notFound();
  return new Response(new Uint8Array(logo.bytes), {
    headers: withSecurityHeaders({
      "Content-Type": logo.type,
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, locale, client, accounts } = await requireAdTools(request, params);
  const query = accounts.length > 1 ? `?client=${encodeURIComponent(client.id)}` : "";
  const back = async (outcome: PictureOutcome) =>
    await redirectWithFlash(`${localePath(locale, "/ads/reports")}${query}`, {
      kind: "notice",
      key: pictureNotice("ads-reports:logo.", outcome),
    });
  const upload = await readUpload(request, { field: "logo", maxBytes: LOGO_MAX_BYTES });
  if (!upload.ok) throw await back("too-large");
  switch (pictureIntent(upload.form)) {
    case "remove":
      await unitOfWork(db(), (tx) => removeLogo(tx, user.id));
      throw await back("removed");
    case "upload": {
      // Checked (and downscaled) before the transaction: no picture is decoded while it holds the database.
      const checked = await checkLogo(await upload.bytes());
      throw await back(await unitOfWork(db(), (tx) => setLogo(tx, user.id, checked)));
    }
  }
}
