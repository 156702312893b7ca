/**
 * One client account (`/ads/accounts/:clientId`): edit its name, industry (the auditor's
 * benchmarks) and time zone (`intent=save`), or delete it with everything imported into it
 * (`intent=delete`, with the `confirm` box ticked; the workspace's last one stays).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { z } from "zod";
import { ClientAccountSchema, timeZones } from "~/ads/account-form";
import {
  ClientAccountNotFoundError,
  LastClientAccountError,
  deleteClientAccount,
  getClientAccount,
  updateClientAccount,
} from "~/ads/accounts.server";
import { requireAdTools } from "~/ads/access.server";
import { ClientAccountFields } from "~/components/ads/client-account-fields";
import { CheckboxField, FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { requireSameOrigin } from "~/security/csrf.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import type { Locale } from "~/i18n/config";
import { orNotFound, redirectWithFlash } from "~/utils/http.server";
import { Section } from "~/components/section";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads"] };
export const clientLoader = withNamespaces(handle.i18n);

const SaveSchema = ClientAccountSchema.extend({ intent: z.literal("save") });
const DeleteSchema = z.object({
  intent: z.literal("delete"),
  confirm: z.literal("on", { errorMap: () => ({ message: "ads:accounts.errors.confirm" }) }),
});
const Schema = z.discriminatedUnion("intent", [SaveSchema, DeleteSchema]);

async function ownAccount(userId: string, clientId: string | undefined) {
  return orNotFound(getClientAccount(db(), userId, clientId ?? ""), ClientAccountNotFoundError);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdTools(request, params);
  const account = await ownAccount(user.id, params.clientId);
  return { meta: await pageMeta(params, "ads", "accounts.editMeta"), account, timeZones: timeZones() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, locale } = await requireAdTools(request, params);
  const account = await ownAccount(user.id, params.clientId);
  const submission = parseWithZod(await readForm(request), { schema: Schema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), intent: submission.payload.intent === "delete" ? "delete" : "save" }, { status: 400 });
  const input = submission.value;
  switch (input.intent) {
    case "save":
      return save(user.id, account, input, locale);
    case "delete":
      return remove(user.id, account, locale, submission.reply);
  }
}

type Account = Awaited<ReturnType<typeof ownAccount>>;

async function save(
  userId: string,
  account: Account,
  { name, industry, timeZone }: z.infer<typeof SaveSchema>,
  locale: Locale,
): Promise<never> {
  await unitOfWork(db(), (tx) => updateClientAccount(tx, userId, account.id, { name, industry, timeZone }));
  throw await redirectWithFlash(`${localePath(locale, "/ads/accounts")}?client=${account.id}`, {
    kind: "notice",
    key: "ads:accounts.saved",
    values: { name },
  });
}

async function remove(
  userId: string,
  account: Account,
  locale: Locale,
  reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>,
) {
  try {
    await unitOfWork(db(), (tx) => deleteClientAccount(tx, userId, account.id));
  } catch (error) {
    if (!(error instanceof LastClientAccountError)) throw error;
    return data({ result: reply({ formErrors: ["ads:accounts.errors.last"] }), intent: "delete" as const }, { status: 409 });
  }
  throw await redirectWithFlash(localePath(locale, "/ads/accounts"), {
    kind: "notice",
    key: "ads:accounts.deleted",
    values: { name: account.name },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function EditClientAccount() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("ads");
  const { account, timeZones: zones } = loaderData;
  const [form, fields] = useForm({
    id: "client-account-edit",
    lastResult: actionData?.intent === "save" ? actionData.result : undefined,
    constraint: getZodConstraint(ClientAccountSchema),
    defaultValue: { name: account.name, industry: account.industry, timeZone: account.timeZone },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SaveSchema }),
  });
  const [deleteForm, deleteFields] = useForm<{ intent: string; confirm: string }>({
    id: "client-account-delete",
    lastResult: actionData?.intent === "delete" ? actionData.result : undefined,
  });
  return (
    <div className="py-6">
      <p className="text-sm">
        <Link to={localePath(locale, "/ads/accounts")} className="font-medium text-brand-700 underline">
          {t("accounts.back")}
        </Link>
      </p>
      <h1 className="mt-2 break-words text-3xl font-bold tracking-tight">{account.name}</h1>
      <p className="mt-1 text-slate-600">
        {account.currency ? t("accounts.currency", { currency: account.currency }) : t("switcher.noCurrency")}
      </p>
      <Section id="edit-client" title={t("accounts.details")} box="card" className="mt-6 max-w-xl">
        <Form method="post" className="mt-4 space-y-1" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="save" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <ClientAccountFields fields={fields} timeZones={zones} />
          <div className="pt-3">
            <SubmitButton pendingLabel={t("accounts.saving")}>{t("accounts.save")}</SubmitButton>
          </div>
        </Form>
      </Section>
      <Section
        id="delete-client"
        title={t("accounts.delete")}
        className="mt-6 max-w-xl rounded-2xl border border-red-200 bg-surface p-5"
        titleClassName="text-lg font-bold"
      >
        <p className="mt-1 text-sm text-slate-600">{t("accounts.deleteHint")}</p>
        <Form method="post" className="mt-3" {...getFormProps(deleteForm)}>
          <input type="hidden" name="intent" value="delete" />
          <FormErrors id={deleteForm.errorId} errors={deleteForm.errors} />
          <CheckboxField
            inputProps={{ name: "confirm", id: deleteFields.confirm.id }}
            label={t("accounts.deleteConfirm", { name: account.name })}
            errors={deleteFields.confirm.errors}
          />
          <div className="pt-3">
            <SubmitButton pendingLabel={t("accounts.deleting")} className="btn bg-danger text-white hover:opacity-90">
              {t("accounts.deleteButton")}
            </SubmitButton>
          </div>
        </Form>
      </Section>
    </div>
  );
}
