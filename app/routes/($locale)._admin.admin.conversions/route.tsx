/**
 * The conversions desk (`/admin/conversions`): every network transaction with its member, store,
 * amounts, status and the network's latest word; filters `status`, `network`, `store` in the query
 * string; each row's raw events; unmatched ones can be matched to the click they came from
 * (field `clickId`, "Match to click"). Report imports start from here.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { type useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/page-heading";
import { z } from "zod";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { conversionFiltersFrom, eventsFor, listConversions } from "~/cashback/admin.server";
import { matchConversion } from "~/cashback/conversions.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { storeChoices } from "~/stores/admin.server";
import { metaFromLoader } from "~/utils/meta";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { ConversionCard } from "./conversion-card";
import { ConversionFilters } from "./conversion-filters";
import { redirectWithFlash, pageWithNotice } from "~/utils/http.server";
import { FlashNotice } from "~/components/flash-notice";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const filters = conversionFiltersFrom(search);
  const list = await listConversions(db(), filters, pageFromSearch(search.get("page")));
  const [events, stores] = await Promise.all([eventsFor(db(), list.items), storeChoices(db())]);
  return pageWithNotice(request, params, ["admin", "conversions.meta"], {
    filters: { status: filters.status ?? "", network: filters.network ?? "", store: filters.store ?? "" },
    stores,
    list,
    events,
  });
}

export type ConversionsLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

const MatchSchema = z.object({
  intent: z.literal("match"),
  conversionId: z.string().uuid(),
  clickId: z
    .string({ required_error: "admin:conversions.clickRequired" })
    .trim()
    .min(1, "admin:conversions.clickRequired")
    .max(200, "admin:conversions.clickNotFound"),
});

const MATCH_ERRORS = {
  notFound: "admin:conversions.notFound",
  notUnmatched: "admin:conversions.notUnmatched",
  clickNotFound: "admin:conversions.clickNotFound",
  botClick: "admin:conversions.botClick",
  otherStore: "admin:conversions.otherStore",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale, formData } = await requireAdminForm(request, params);
  const submission = parseWithZod(formData, { schema: MatchSchema });
  const id = String(formData.get("conversionId") ?? "");
  if (submission.status !== "success") return data({ id, result: submission.reply() }, { status: 400 });
  const result = await unitOfWork(db(), (tx) =>
    matchConversion(tx, {
      conversionId: submission.value.conversionId,
      clickId: submission.value.clickId,
      adminId: actor.id,
      clientAddress: actor.clientAddress,
    }),
  );
  if (!result.ok) {
    return data({ id, result: submission.reply({ fieldErrors: { clickId: [MATCH_ERRORS[result.error]] } }) }, { status: 400 });
  }
  const back = new URL(request.url);
  throw await redirectWithFlash(`${localePath(locale, "/admin/conversions")}${back.search}`, {
    kind: "notice",
    key: `conversions.matched.${result.outcome}`,
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminConversions() {
  const { t, locale, loaderData } = usePage<typeof loader>("admin");
  const { list, events, filters, stores, notice } = loaderData;
  return (
    <AdminPage
      title={t("conversions.title")}
      intro={t("conversions.intro")}
      action={{ to: localePath(locale, "/admin/conversions/import"), label: t("conversions.import"), secondary: true }}
    >
      <ConversionFilters filters={filters} stores={stores} />
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>
      <p className="mt-6 text-sm text-slate-600">{t("conversions.count", { count: list.total })}</p>
      {list.items.length === 0 ? (
        <p className="mt-4 text-slate-600">{t("conversions.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {list.items.map((item) => (
            <ConversionCard key={item.id} item={item} events={events[item.id] ?? []} />
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} />
    </AdminPage>
  );
}
