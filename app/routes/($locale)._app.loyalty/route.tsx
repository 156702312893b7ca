/**
 * Loyalty points (`/loyalty`, issue #29): the member's points (and points owed), their level with
 * its benefit and every level's threshold and fee (the admin's settings), progress to the next
 * level (points earned in the level window), points expiring soon, the redeem form in two steps
 * (intent `review`: points, dollars and the available balance after; intent `redeem`: spends them
 * once per the review's idempotency key) and the history (query `filter` = all|earned|spent, `page`).
 * The rules are in app/loyalty/; the steps' handlers in `actions.server.ts`, the page's parts beside
 * this module. Everything works without JavaScript.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { type useActionData, type useLoaderData } from "@remix-run/react";
import { requireUser, requireUserForm } from "~/auth/guards.server";
import { FlashNotice } from "~/components/flash-notice";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { HISTORY_FILTERS, loyaltyHistory, loyaltySummary, type HistoryFilter } from "~/loyalty/points.server";
import { formIntent, pageWithNotice } from "~/utils/http.server";
import { metaFromLoader } from "~/utils/meta";
import { pageFromSearch } from "~/utils/pagination";
import * as handlers from "./actions.server";
import { LoyaltyHistory } from "./history";
import { RedeemPanel } from "./redeem";
import { LevelsPanel, PointsOverview, ProgressPanel } from "./summary";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "app", "loyalty"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const asked = search.get("filter");
  const filter: HistoryFilter = HISTORY_FILTERS.find((candidate) => candidate === asked) ?? "all";
  const [summary, history] = await Promise.all([
    loyaltySummary(db(), user.id),
    loyaltyHistory(db(), user.id, { filter, page: pageFromSearch(search.get("page")) }),
  ]);
  return pageWithNotice(request, params, ["loyalty", "meta"], { summary, filter, history });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, locale, formData } = await requireUserForm(request, params);
  const ctx = { userId: user.id, locale, formData };
  switch (formIntent(formData, ["review", "redeem"], "review")) {
    case "review":
      return handlers.review(ctx);
    case "redeem":
      return handlers.redeem(ctx);
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export type LoyaltyData = ReturnType<typeof useLoaderData<typeof loader>>;
export type LoyaltyActionData = ReturnType<typeof useActionData<typeof action>>;

export default function LoyaltyPage() {
  const { t, loaderData, actionData } = usePage<typeof loader, typeof action>("loyalty");
  const { summary, filter, history, notice } = loaderData;
  return (
    <div className="container-page max-w-5xl py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("intro")}</p>
      <FlashNotice testId="loyalty-notice">{notice ? t(notice.key, notice.values) : null}</FlashNotice>
      <PointsOverview summary={summary} />
      <div className="grid items-start gap-x-6 lg:grid-cols-2">
        <ProgressPanel summary={summary} />
        <RedeemPanel summary={summary} actionData={actionData ?? null} />
      </div>
      <LevelsPanel summary={summary} />
      <LoyaltyHistory filter={filter} history={history} />
    </div>
  );
}
