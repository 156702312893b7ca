/**
 * The sandbox network's merchant (`/sandbox/merchant/:storeSlug?clickref=…`): where "Shop now"
 * lands for the demo stores, standing in for a real shop behind an affiliate network. It shows the
 * click it was reached with; "Simulate purchase" (fields `amount`, `orderId`) reports an order to
 * Cashwise with a signed postback, server to server, as a network would, and each order can then
 * be approved or declined (each sends the next postback). Only in demo and test installations.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { z } from "zod";
import { conversionsForClick } from "~/cashback/conversions.server";
import { sendSandboxPostback } from "~/cashback/postbacks.server";
import { FormErrors, SubmitButton } from "~/components/forms";
import { textInput } from "~/components/forms-conform";
import { requireSameOrigin } from "~/security/csrf.server";
import { readForm } from "~/utils/form-data.server";
import { formatAmountInput, formatMoney } from "~/utils/money";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { amountField } from "~/wallet/amounts";
import { getClick } from "~/cashback/clicks.server";
import { getSandboxStore } from "~/stores/stores.server";
import { NotFoundScreen } from "~/utils/error-screen";
import { ShortId } from "~/components/short-id";
import { StoreLogo } from "~/components/stores/store-logo";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { formIntent, invariantResponse, notFound } from "~/utils/http.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "webshops"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const meta = await pageMeta(params, "webshops", "sandboxMerchant.meta");
  const store = env().appEnv === "production" ? undefined : await getSandboxStore(db(), params.storeSlug ?? "");
  if (!store) return data({ meta, store: null, click: null, orders: [] }, { status: 404 });
  const clickId = new URL(request.url).searchParams.get("clickref") ?? "";
  const click = clickId ? await getClick(db(), clickId) : undefined;
  // The network knows the click, not who made it: nothing about the member is shown.
  const known = click && click.slug === store.slug ? { id: click.id, createdAt: click.createdAt } : null;
  const orders = known ? await conversionsForClick(db(), known.id) : [];
  return { meta, store: { slug: store.slug, name: store.name, logo: store.logo }, click: known, orders };
}

const orderSchema = (locale: string) =>
  z.object({
    amount: amountField(
      locale,
      { invalid: "webshops:sandboxMerchant.amountInvalid", tooLarge: "webshops:sandboxMerchant.amountInvalid" },
      (cents) => (cents < 100 || cents > 1_000_000 ? "webshops:sandboxMerchant.amountInvalid" : null),
    ),
    orderId: z
      .string({ required_error: "webshops:sandboxMerchant.orderIdInvalid" })
      .trim()
      .regex(/^[A-Za-z0-9._-]{3,40}$/, "webshops:sandboxMerchant.orderIdInvalid"),
  });

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const config = env();
  const store = config.appEnv === "production" ? undefined : await getSandboxStore(db(), params.storeSlug ?? "");
  invariantResponse(store);
  const url = new URL(request.url);
  const click = await getClick(db(), url.searchParams.get("clickref") ?? "");
  if (!click || click.slug !== store.slug) throw notFound();
  const formData = await readForm(request);
  // Back to this page (a data request's URL ends in .data and carries routing parameters).
  const visit: Visit = { store, click, back: `${url.pathname.replace(/\.data$/, "")}?clickref=${encodeURIComponent(click.id)}` };
  // The merchant's buttons: Simulate purchase (also a form sent with no intent), and Approve or Decline an order.
  const intent = formIntent(formData, ["purchase", "approve", "decline"], "purchase");
  switch (intent) {
    case "approve":
    case "decline":
      return decide(visit, intent, formData);
    case "purchase":
      return purchase(visit, formData, isLocale(params.locale) ? params.locale : DEFAULT_LOCALE);
  }
}

interface Visit {
  store: NonNullable<Awaited<ReturnType<typeof getSandboxStore>>>;
  click: NonNullable<Awaited<ReturnType<typeof getClick>>>;
  back: string;
}

/** Approve or decline one order of this visit: the network's next postback. */
async function decide({ click, back }: Visit, intent: "approve" | "decline", formData: FormData) {
  const order = (await conversionsForClick(db(), click.id)).find((candidate) => candidate.networkTransactionId === formData.get("orderId"));
  invariantResponse(order);
  const status = await sendSandboxPostback({
    transactionId: order.networkTransactionId,
    clickId: click.id,
    saleAmount: order.saleAmountCents / 100,
    commission: order.commissionCents / 100,
    status: intent === "approve" ? "approved" : "declined",
    occurredAt: order.occurredAt,
  });
  if (status !== 200) return data({ result: null, postback: status }, { status: 502 });
  throw redirect(back);
}

/** "Simulate purchase": a pending order reported with a signed postback. */
async function purchase({ store, click, back }: Visit, formData: FormData, locale: Locale) {
  const submission = parseWithZod(formData, { schema: orderSchema(locale) });
  if (submission.status !== "success") return data({ result: submission.reply(), postback: null }, { status: 400 });
  const saleCents = submission.value.amount;
  // The network's commission at the store's rate (a fixed-rate store pays a fixed amount per
  // order, whatever its size), at most the store's cap per order.
  const commissionCents = Math.min(
    store.rateKind === "fixed" ? (store.rateFixedCents ?? 0) : Math.round((saleCents * store.cashbackRateBps) / 10_000),
    store.capCents ?? Number.MAX_SAFE_INTEGER,
  );
  const status = await sendSandboxPostback({
    // Unique across the network, as a real network's transaction ids are: one per order of this visit.
    transactionId: `${click.id.slice(0, 8)}-${submission.value.orderId}`,
    clickId: click.id,
    saleAmount: saleCents / 100,
    commission: commissionCents / 100,
    status: "pending",
    occurredAt: new Date().toISOString(),
  });
  if (status !== 200)
    return data(
      { result: submission.reply({ formErrors: ["webshops:sandboxMerchant.postbackFailed"] }), postback: status },
      { status: 502 },
    );
  throw redirect(back);
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function SandboxMerchant() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("webshops");
  const { store, click, orders } = loaderData;
  const [form, fields] = useForm<{ amount: string; orderId: string }>({
    id: "sandbox-order",
    lastResult: actionData?.result ?? undefined,
    shouldValidate: "onSubmit",
  });
  if (!store) return <NotFoundScreen />;
  return (
    <main id="main" className="flex-1 bg-slate-50 py-12">
      <div className="container-page max-w-xl">
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-800">{t("sandboxMerchant.badge")}</p>
        <div className="mt-3 flex items-center gap-3">
          <StoreLogo name={store.name} logo={store.logo} size="h-12 w-12" />
          <h1 className="text-3xl font-bold">{store.name}</h1>
        </div>
        <p className="mt-4 text-slate-700">{t("sandboxMerchant.text", { store: store.name })}</p>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5" data-testid="sandbox-click">
          {click ? (
            <p className="text-sm">
              {t("sandboxMerchant.tracked")} <ShortId value={click.id} />
            </p>
          ) : (
            <p className="text-sm text-slate-700">{t("sandboxMerchant.untracked")}</p>
          )}
        </div>
        {click ? (
          <section className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="sandbox-order-title">
            <h2 id="sandbox-order-title" className="font-semibold">
              {t("sandboxMerchant.orderTitle")}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t("sandboxMerchant.orderText")}</p>
            <Form method="post" className="mt-4" {...getFormProps(form)}>
              <FormErrors id={form.errorId} errors={form.errors} />
              {textInput(fields.amount, t("sandboxMerchant.amount"), undefined, {
                inputMode: "decimal",
                placeholder: formatAmountInput(0, locale),
              })}
              {textInput(fields.orderId, t("sandboxMerchant.orderId"))}
              <SubmitButton className="btn-primary" name="intent" value="purchase" pendingLabel={t("sandboxMerchant.sending")}>
                {t("sandboxMerchant.simulate")}
              </SubmitButton>
            </Form>
            {orders.length ? (
              <ul className="mt-6 divide-y divide-slate-100" data-testid="sandbox-orders">
                {orders.map((order) => (
                  <li key={order.id} className="flex flex-wrap items-center gap-3 py-3 text-sm" data-testid="sandbox-order">
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">{order.networkTransactionId}</span> · {formatMoney(order.saleAmountCents, locale)}
                      <span className="block text-xs text-slate-600">{t(`sandboxMerchant.status.${order.status}`)}</span>
                    </span>
                    {order.status === "pending" ? (
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="orderId" value={order.networkTransactionId} />
                        {(["approve", "decline"] as const).map((intent) => (
                          <SubmitButton
                            key={intent}
                            intent={intent}
                            className={`${intent === "approve" ? "btn-primary" : "btn-secondary"} px-3 py-1.5`}
                          >
                            {t(`sandboxMerchant.${intent}`)}
                          </SubmitButton>
                        ))}
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
        <Link to={localePath(locale, `/webshops/${store.slug}`)} className="btn-secondary mt-6">
          {t("sandboxMerchant.back")}
        </Link>
      </div>
    </main>
  );
}
