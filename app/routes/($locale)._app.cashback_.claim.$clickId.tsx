/**
 * Claim missing cashback for one of the member's own visits to a store (`/cashback/claim/:clickId`):
 * the visit (store, date), then, while the claim window is open (7 to 90 days after the visit), a
 * form of `orderId`, `orderDate` and `amount`. An unknown click, a bot's or another member's is a
 * 404. Submissions are limited per member; a sent claim goes back to `/cashback` with a notice. An
 * order the network already reported (it has a conversion at that store) is refused on `orderId`.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation, usePage } from "~/i18n/react";
import { requireUser } from "~/auth/guards.server";
import { claimSchema } from "~/cashback/claim-form";
import { CLAIM_WITHIN_DAYS, claimOpensAt, claimWindow, claimableClick, submitClaim, type ClaimError } from "~/cashback/claims.server";
import { NotFoundScreen } from "~/utils/error-screen";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { textInput } from "~/components/forms-conform";
import { StoreLogo } from "~/components/stores/store-logo";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { consumeRateLimit, minutesToWait } from "~/security/rate-limit.server";
import { formatDate } from "~/utils/dates";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { invariantResponse, notFound, notFoundPage, redirectWithFlash } from "~/utils/http.server";
import { Panel } from "~/components/app/panel";

export const handle = { i18n: ["common", "cashback"] };
export const clientLoader = withNamespaces(handle.i18n);

const DAY_MS = 86_400_000;

/** The member's own, human click, or nothing. */
async function ownClick(userId: string, clickId: string | undefined) {
  if (!clickId || clickId.length > 100) return null;
  const click = await claimableClick(db(), userId, clickId);
  return click && click.isBot !== 1 ? click : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const click = await ownClick(user.id, params.clickId);
  if (!click) return notFoundPage(params, { click: null });
  return {
    meta: await pageMeta(params, "cashback", "claim.meta"),
    click: {
      id: click.id,
      storeName: click.storeName,
      storeSlug: click.storeSlug,
      clickedAt: click.createdAt,
      window: claimWindow(click.createdAt),
      opensAt: claimOpensAt(click.createdAt),
      closesAt: new Date(Date.parse(click.createdAt) + CLAIM_WITHIN_DAYS * DAY_MS).toISOString(),
      logo: click.storeLogo,
    },
  };
}

/** Where each refusal of the domain is shown: on a field, or above the form. */
const DOMAIN_ERRORS: Record<Exclude<ClaimError, "clickNotFound">, { field: "orderId" | "orderDate" | null; key: string }> = {
  tooEarly: { field: null, key: "cashback:claim.errors.windowClosed" },
  tooLate: { field: null, key: "cashback:claim.errors.windowClosed" },
  orderBeforeClick: { field: "orderDate", key: "cashback:claim.errors.orderBeforeClick" },
  orderInFuture: { field: "orderDate", key: "cashback:claim.errors.orderInFuture" },
  duplicate: { field: "orderId", key: "cashback:claim.errors.duplicate" },
  orderTracked: { field: "orderId", key: "cashback:claim.errors.orderTracked" },
};

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const click = await ownClick(user.id, params.clickId);
  invariantResponse(click);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: claimSchema(locale) });
  if (submission.status !== "success") return data({ result: submission.reply(), minutes: null }, { status: 400 });

  const verdict = await consumeRateLimit(db(), "cashbackClaim", user.id);
  if (!verdict.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: ["common:errors.tooManyAttemptsMinutes"] }),
        minutes: minutesToWait(verdict.retryAfterSeconds),
      },
      { status: 429 },
    );
  }
  const { orderId, orderDate, amount } = submission.value;
  const outcome = await unitOfWork(db(), (tx) =>
    submitClaim(tx, { userId: user.id, clickId: click.id, orderId, orderDate, amountCents: amount }),
  );
  if (!outcome.ok) {
    if (outcome.error === "clickNotFound") throw notFound();
    const { field, key } = DOMAIN_ERRORS[outcome.error];
    const result = field ? submission.reply({ fieldErrors: { [field]: [key] } }) : submission.reply({ formErrors: [key] });
    return data({ result, minutes: null }, { status: outcome.error === "duplicate" || outcome.error === "orderTracked" ? 409 : 400 });
  }
  throw await redirectWithFlash(localePath(locale, "/cashback"), { kind: "notice", key: "claim.received" });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function ClaimPage() {
  const { t, locale, loaderData } = usePage<typeof loader>("cashback");
  const { click } = loaderData;
  if (!click) return <NotFoundScreen />;
  return (
    <div className="container-page max-w-2xl py-8">
      <Link to={localePath(locale, "/cashback")} className="text-sm font-semibold text-brand-700">
        ← {t("claim.back")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t("claim.title")}</h1>
      <div className="mt-6 flex items-center gap-4 rounded-2xl border border-slate-200 bg-surface p-5" data-testid="claim-click">
        <StoreLogo name={click.storeName} logo={click.logo} />
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900">{click.storeName}</p>
          <p className="text-sm text-slate-600">{t("claim.visited", { date: formatDate(click.clickedAt, locale) })}</p>
        </div>
      </div>
      {click.window === "open" ? (
        <ClaimForm deadline={click.closesAt} />
      ) : (
        <div
          className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-900"
          role="status"
          data-testid="claim-window"
        >
          <p>
            {click.window === "tooEarly"
              ? t("claim.window.tooEarly", { date: formatDate(click.opensAt, locale) })
              : t("claim.window.tooLate", { date: formatDate(click.closesAt, locale) })}
          </p>
          <Link to={localePath(locale, "/cashback")} className="mt-3 inline-block font-semibold text-amber-900 underline">
            {t("claim.back")}
          </Link>
        </div>
      )}
    </div>
  );
}

function ClaimForm({ deadline }: { deadline: string }) {
  const { t } = useTranslation("cashback");
  const locale = usePageLocale();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "claim-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: claimSchema(locale) }),
  });
  return (
    <Panel id="claim-form-title" title={t("claim.formTitle")}>
      <p className="mt-1 text-sm text-slate-600">{t("claim.intro")}</p>
      <p className="mt-1 text-sm text-slate-600">{t("claim.deadline", { date: formatDate(deadline, locale) })}</p>
      <Form method="post" className="mt-5 space-y-1" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.minutes ?? 1 }} />
        {textInput(fields.orderId, t("claim.orderId"), t("claim.orderIdHint"))}
        <Field
          labelProps={{ children: t("claim.orderDate") }}
          inputProps={{ ...getInputProps(fields.orderDate, { type: "date" }) }}
          errors={fields.orderDate.errors}
        />
        {textInput(fields.amount, t("claim.amount"), t("claim.amountHint"), { inputMode: "decimal", placeholder: "49.99" })}
        <div className="pt-2">
          <SubmitButton className="btn-primary w-full sm:w-auto" pendingLabel={t("claim.submitting")}>
            {t("claim.submit")}
          </SubmitButton>
        </div>
      </Form>
    </Panel>
  );
}
