/**
 * Alerts (`/ads/alerts`): the client account's alerts (what each watches, its threshold, on or
 * off, when it last fired) with forms to turn one on or off (`intent=toggle`, `alertId`,
 * `enabled`) and delete it (`intent=delete`, `alertId`); the form to add one (`intent=create`,
 * fields `kind`, `threshold`, `days`, `campaign`: money in the client account's currency, a
 * percentage as percent points); and what fired recently, the value against the threshold.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { z } from "zod";
import { requireAdTools } from "~/ads/access.server";
import { knownCampaigns, listAlerts, listFirings } from "~/ads/alerts.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { requireSameOrigin } from "~/security/csrf.server";
import { badRequest, readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageWithNotice } from "~/utils/http.server";
import { localePath } from "~/utils/paths";
import { AdPage } from "~/components/ads/page-heading";
import { createIntent, deleteIntent, toggleIntent } from "./actions.server";
import { AlertFirings } from "./alert-firings";
import { formatters } from "./alert-format";
import { AlertsList } from "./alerts-list";
import { NewAlertForm } from "./new-alert-form";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads", "ads-alerts", "notifications"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client } = await requireAdTools(request, params);
  const [alerts, firings, campaigns] = await Promise.all([
    listAlerts(db(), user.id, client.id),
    listFirings(db(), user.id, client.id),
    knownCampaigns(db(), user.id, client.id),
  ]);
  return pageWithNotice(request, params, ["ads-alerts", "meta"], {
    client: { id: client.id, name: client.name, currency: client.currency },
    alerts,
    firings,
    campaigns,
  });
}

/** A form without `toggle` or `delete` as its intent adds an alert (the add form says `create`). */
const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("toggle"), alertId: z.string().min(1), enabled: z.boolean() }),
  z.object({ intent: z.literal("delete"), alertId: z.string().min(1) }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, locale, client } = await requireAdTools(request, params);
  const form = await readForm(request);
  const intent = form.get("intent");
  const parsed = IntentSchema.safeParse({
    intent: intent === "toggle" || intent === "delete" ? intent : "create",
    alertId: form.get("alertId"),
    enabled: form.get("enabled") === "1",
  });
  if (!parsed.success) badRequest();
  const caller = { userId: user.id, clientId: client.id, locale };
  switch (parsed.data.intent) {
    case "toggle":
      return toggleIntent(caller, parsed.data.alertId, parsed.data.enabled);
    case "delete":
      return deleteIntent(caller, parsed.data.alertId);
    case "create":
      return createIntent(caller, form);
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdAlerts() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("ads-alerts");
  const { client, alerts, firings, campaigns, notice } = loaderData;
  const format = formatters(locale, client.currency);
  const formAction = `${localePath(locale, "/ads/alerts")}?client=${encodeURIComponent(client.id)}`;

  return (
    <AdPage title={t("title")} intro={t("intro", { client: client.name })} notice={notice ? t(notice.key, notice.values) : null}>
      <AlertsList alerts={alerts} format={format} formAction={formAction} locale={locale} />
      <NewAlertForm lastResult={actionData?.result} currency={client.currency} campaigns={campaigns} formAction={formAction} />
      <AlertFirings firings={firings} format={format} locale={locale} />
    </AdPage>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";
