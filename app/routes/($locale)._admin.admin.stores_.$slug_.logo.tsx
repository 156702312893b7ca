/**
 * A store's logo (`POST /admin/stores/:slug/logo`, multipart): `logo` is a PNG, JPEG or WebP of at
 * most 1 MB and 4,000 × 4,000 pixels, recognised by its content (the profile pictures' check), or `intent=remove` removes
 * it; audited; then back to the store's page with a message. GET goes to that page.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { requireSameOrigin } from "~/security/csrf.server";
import { withSecurityHeaders } from "~/security/headers.server";
import {
  checkStoreLogo,
  getStoreForAdmin,
  removeStoreLogo,
  setStoreLogo,
  STORE_LOGO_MAX_BYTES,
  type LogoOutcome,
} from "~/stores/admin.server";
import { localePath } from "~/utils/paths";
import { invariantResponse, notFound, redirectWithFlash } from "~/utils/http.server";
import { readUpload } from "~/utils/multipart.server";
import { pictureIntent, pictureNotice } from "~/utils/picture-form.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  throw redirect(localePath(locale, `/admin/stores/${encodeURIComponent(params.slug ?? "")}`), { headers: withSecurityHeaders() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { actor } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const store = await getStoreForAdmin(db(), params.slug ?? "");
  invariantResponse(store);
  const back = async (outcome: LogoOutcome) => {
    if (outcome === "notFound") return notFound();
    return await redirectWithFlash(localePath(locale, `/admin/stores/${store.slug}`), {
      kind: "notice",
      key: pictureNotice("stores.logo.", outcome),
    });
  };
  const upload = await readUpload(request, { field: "logo", maxBytes: STORE_LOGO_MAX_BYTES });
  if (!upload.ok) throw await back("too-large");
  const change = { adminId: actor.id, clientAddress: actor.clientAddress, storeId: store.id };
  switch (pictureIntent(upload.form)) {
    case "remove":
      throw await back(await unitOfWork(db(), (tx) => removeStoreLogo(tx, change)));
    case "upload": {
      // Checked (and downscaled) before the transaction: no picture is decoded while it holds the database.
      const checked = await checkStoreLogo(await upload.bytes());
      throw await back(await unitOfWork(db(), (tx) => setStoreLogo(tx, { ...change, bytes: checked })));
    }
  }
}
