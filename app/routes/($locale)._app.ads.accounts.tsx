/**
 * Client accounts (`/ads/accounts`): the workspace's client accounts (name, currency, industry,
 * time zone, imports) with a link to edit each, and the form to add one (fields `name`,
 * `industry`, `timeZone`; its currency is set by its first import).
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useZodForm } from "~/components/zod-form";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { ClientAccountSchema, timeZones } from "~/ads/account-form";
import { clientAccountStats, createClientAccount } from "~/ads/accounts.server";
import { requireAdTools } from "~/ads/access.server";
import { ClientAccountFields } from "~/components/ads/client-account-fields";
import { FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { AdPage } from "~/components/ads/page-heading";
import { redirectWithFlash, pageWithNotice } from "~/utils/http.server";
import { Section } from "~/components/section";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, accounts } = await requireAdTools(request, params);
  return pageWithNotice(request, params, ["ads", "accounts.meta"], {
    accounts,
    stats: await clientAccountStats(db(), user.id),
    timeZones: timeZones(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, locale } = await requireAdTools(request, params);
  const submission = parseWithZod(await readForm(request), { schema: ClientAccountSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const created = await unitOfWork(db(), (tx) => createClientAccount(tx, user.id, submission.value));
  throw await redirectWithFlash(`${localePath(locale, "/ads/accounts")}?client=${created.id}`, {
    kind: "notice",
    key: "ads:accounts.created",
    values: { name: created.name },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function ClientAccounts() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("ads");
  const { accounts, stats, timeZones: zones, notice } = loaderData;
  const [form, fields] = useZodForm(ClientAccountSchema, {
    id: "client-account-new",
    lastResult: actionData?.result,
    defaultValue: { industry: "all", timeZone: "UTC" },
    shouldValidate: "onBlur",
  });
  return (
    <AdPage title={t("accounts.title")} intro={t("accounts.intro")} notice={notice ? t(notice.key, notice.values) : null}>
      <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
        {accounts.map((account) => (
          <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="break-words font-semibold">{account.name}</p>
              <p className="text-sm text-slate-600">
                {account.currency ?? t("switcher.noCurrency")} · {t(`industries.${account.industry}`)} · {account.timeZone}
              </p>
              <p className="text-sm text-slate-600">
                {stats[account.id]
                  ? t("accounts.imports", {
                      count: stats[account.id]!.imports,
                      latest: stats[account.id]!.latest ? formatDate(stats[account.id]!.latest!, locale) : "—",
                    })
                  : t("accounts.noImports")}
              </p>
            </div>
            <div className="flex gap-3 text-sm">
              <Link to={`${localePath(locale, "/ads")}?client=${account.id}`} className="font-medium text-brand-700 underline">
                {t("accounts.open")}
              </Link>
              <Link to={localePath(locale, `/ads/accounts/${account.id}`)} className="font-medium text-brand-700 underline">
                {t("accounts.edit")}
                <span className="sr-only"> {account.name}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <Section id="new-client" title={t("accounts.new")} box="card" className="mt-8 max-w-xl">
        <p className="mt-1 text-sm text-slate-600">{t("accounts.newHint")}</p>
        <Form method="post" className="mt-4 space-y-1" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <ClientAccountFields fields={fields} timeZones={zones} />
          <div className="pt-3">
            <SubmitButton pendingLabel={t("accounts.creating")}>{t("accounts.create")}</SubmitButton>
          </div>
        </Form>
      </Section>
    </AdPage>
  );
}
