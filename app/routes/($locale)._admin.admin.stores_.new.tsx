/**
 * A new partner store (`/admin/stores/new`): the store form (see `~/stores/store-form`), created in
 * one unit of work with its audit row; a taken slug is said on its field, with everything typed
 * kept. On success, the store's edit page (where its logo is uploaded).
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { StoreForm } from "~/components/stores/store-form";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { getSettings } from "~/settings/settings.server";
import { createStore, isSlugTaken } from "~/stores/admin.server";
import { blankStoreForm, newStoreSchema } from "~/stores/store-form";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";
import { FormPage } from "~/components/admin/back-heading";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin", "webshops"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const settings = await getSettings(db());
  return {
    meta: await pageMeta(params, "admin", "stores.newMeta"),
    platform: { confirmationDays: settings.cashbackConfirmationDays },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale, formData } = await requireAdminForm(request, params);
  const submission = parseWithZod(formData, { schema: newStoreSchema(locale) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { status, ...input } = submission.value;
  try {
    await unitOfWork(db(), (tx) => createStore(tx, { adminId: actor.id, clientAddress: actor.clientAddress, input, status }));
  } catch (error) {
    if (!isSlugTaken(error)) throw error;
    return data({ result: submission.reply({ fieldErrors: { slug: ["admin:stores.errors.slugTaken"] } }) }, { status: 409 });
  }
  throw await redirectWithFlash(localePath(locale, `/admin/stores/${input.slug}`), {
    kind: "notice",
    key: "stores.created",
    values: { name: input.name },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function NewStore() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("admin");
  const { platform } = loaderData;
  return (
    <FormPage
      width="max-w-4xl"
      to={localePath(locale, "/admin/stores")}
      back={t("stores.back")}
      title={t("stores.newTitle")}
      intro={t("stores.newIntro")}
      form={<StoreForm mode="new" lastResult={actionData?.result} defaultValue={blankStoreForm()} platform={platform} />}
    />
  );
}
