/**
 * One partner store in the back office (`/admin/stores/:slug`): the store form (saved in one unit
 * of work with an audit row naming each change), Pause/Resume (`intent` = `pause` | `resume`,
 * audited; a paused store leaves the directory and its "Shop now" is refused politely), and its
 * logo (uploaded to `/admin/stores/:slug/logo`, checked by content like profile pictures).
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { FileField } from "~/components/file-field";
import { SubmitButton } from "~/components/submit-button";
import { StoreForm } from "~/components/stores/store-form";
import { StoreLogo } from "~/components/stores/store-logo";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { requireSameOrigin } from "~/security/csrf.server";
import { getSettings } from "~/settings/settings.server";
import { getStoreForAdmin, isSlugTaken, setStoreStatus, STORE_LOGO_MAX_BYTES, updateStore } from "~/stores/admin.server";
import { headlineRate, headlineText, type Translate } from "~/stores/rates";
import { editStoreSchema, storeFormValues } from "~/stores/store-form";
import { readForm } from "~/utils/form-data.server";
import { takeNotice } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { numberFormat } from "~/utils/intl";
import { formIntent, invariantResponse, notFound, redirectWithFlash } from "~/utils/http.server";
import type { Actor } from "~/audit/audit.server";
import { Section } from "~/components/section";
import { FlashNotice } from "~/components/flash-notice";
import { LiveStatusSection } from "~/components/admin/live-status-section";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin", "webshops"] };
export const clientLoader = withNamespaces(handle.i18n);

async function findStore(slug: string | undefined) {
  const store = await getStoreForAdmin(db(), slug ?? "");
  invariantResponse(store);
  return store;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const store = await findStore(params.slug);
  const { notice, headers } = await takeNotice(request);
  const settings = await getSettings(db());
  const meta = await pageMeta(params, "admin", "stores.editMeta");
  return data(
    {
      meta: { ...meta, title: `${store.name} · ${meta.title}` },
      notice,
      store: {
        id: store.id,
        slug: store.slug,
        name: store.name,
        logo: store.logo,
        active: store.active === 1,
        headline: headlineRate(store),
        updatedAt: store.updatedAt,
      },
      values: storeFormValues(store, isLocale(params.locale) ? params.locale : DEFAULT_LOCALE),
      platform: { confirmationDays: settings.cashbackConfirmationDays },
      logoMaxMegabytes: STORE_LOGO_MAX_BYTES / 1_048_576,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { actor } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const store = await findStore(params.slug);
  const formData = await readForm(request);
  const back = async (slug: string, key: string, values?: Record<string, string>) =>
    await redirectWithFlash(localePath(locale, `/admin/stores/${slug}`), { kind: "notice", key, values });
  // Pause, Resume, or the store form's Save (also a form sent with no intent).
  const intent = formIntent(formData, ["save", "pause", "resume"], "save");
  switch (intent) {
    case "pause":
    case "resume":
      return setStatus(actor, store, intent, back);
    case "save":
      return save(actor, store, formData, locale, back);
  }
}

type Back = (slug: string, key: string, values?: Record<string, string>) => Promise<Response>;
type Store = Awaited<ReturnType<typeof findStore>>;

async function setStatus(actor: Actor, store: Store, intent: "pause" | "resume", back: Back): Promise<never> {
  const outcome = await unitOfWork(db(), (tx) =>
    setStoreStatus(tx, {
      adminId: actor.id,
      clientAddress: actor.clientAddress,
      storeId: store.id,
      status: intent === "pause" ? "paused" : "active",
    }),
  );
  if (outcome === "notFound") throw notFound();
  const key = outcome === "paused" ? "stores.pausedNotice" : outcome === "resumed" ? "stores.resumedNotice" : "stores.unchanged";
  throw await back(store.slug, key, { name: store.name });
}

async function save(actor: Actor, store: Store, formData: FormData, locale: Locale, back: Back) {
  const submission = parseWithZod(formData, { schema: editStoreSchema(locale) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let result: Awaited<ReturnType<typeof updateStore>>;
  try {
    result = await unitOfWork(db(), (tx) =>
      updateStore(tx, { adminId: actor.id, clientAddress: actor.clientAddress, storeId: store.id, input: submission.value }),
    );
  } catch (error) {
    if (!isSlugTaken(error)) throw error;
    return data({ result: submission.reply({ fieldErrors: { slug: ["admin:stores.errors.slugTaken"] } }) }, { status: 409 });
  }
  if (result.outcome === "notFound") throw notFound();
  throw await back(result.store.slug, result.outcome === "updated" ? "stores.saved" : "stores.unchanged", { name: result.store.name });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function EditStore() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("admin");
  const { store, values, platform, notice, logoMaxMegabytes } = loaderData;
  const megabytes = numberFormat(locale, { maximumFractionDigits: 1 }).format(logoMaxMegabytes);
  return (
    <div className="container-page max-w-4xl py-10">
      <Link to={localePath(locale, "/admin/stores")} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("stores.back")}
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <StoreLogo name={store.name} logo={store.logo} size="h-14 w-14" />
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">{store.name}</h1>
          <p className="text-sm text-slate-600">
            <span data-testid="store-status">{t(`stores.status.${store.active ? "active" : "paused"}`)}</span> ·{" "}
            {headlineText(t as Translate, store.headline, locale)}
          </p>
        </div>
      </div>
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>

      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <LiveStatusSection
          id="store-status-title"
          title={t("stores.statusTitle")}
          live={store.active}
          text={store.active ? t("stores.activeText") : t("stores.pausedText")}
          on={{ intent: "resume", label: t("stores.resume") }}
          off={{ intent: "pause", label: t("stores.pause") }}
          pendingLabel={t("stores.form.saving")}
          view={{ to: localePath(locale, `/webshops/${store.slug}`), label: t("stores.viewPublic") }}
        />

        <Section id="store-logo-title" title={t("stores.logo.title")} box="card">
          <Form
            method="post"
            action={localePath(locale, `/admin/stores/${store.slug}/logo`)}
            encType="multipart/form-data"
            reloadDocument
            className="mt-3 space-y-3"
          >
            <FileField
              id="store-logo-file"
              name="logo"
              label={t("stores.logo.choose")}
              hint={t("stores.logo.hint", { size: megabytes })}
              accept="image/png,image/jpeg,image/webp"
            />
            <div className="flex flex-wrap gap-2">
              <SubmitButton intent="upload" className="btn-secondary">
                {t("stores.logo.upload")}
              </SubmitButton>
              {store.logo ? (
                <SubmitButton intent="remove" className="btn-secondary">
                  {t("stores.logo.remove")}
                </SubmitButton>
              ) : null}
            </div>
          </Form>
        </Section>
      </div>

      <div className="mt-6">
        <StoreForm
          mode="edit"
          key={`${store.id}-${store.updatedAt}`}
          lastResult={actionData?.result}
          defaultValue={values}
          platform={platform}
        />
      </div>
    </div>
  );
}
