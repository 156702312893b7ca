/** Notifications: the full list, with mark one or all as read (forms, no JS needed). */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { TYPE_DOT, useNotificationText, RelativeTime } from "~/components/app/notification-text";
import { FlashNotice } from "~/components/flash-notice";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { listNotifications, markAllRead, markRead } from "~/notifications/notifications.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { safeRedirect } from "~/utils/redirect-to";
import { requireSignedIn } from "~/auth/guards.server";
import { readForm } from "~/utils/form-data.server";
import { formIntent, redirectWithFlash, pageWithNotice } from "~/utils/http.server";
import { SubmitButton } from "~/components/submit-button";

export const handle = { i18n: ["common", "notifications"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireSignedIn(request);
  return pageWithNotice(request, params, ["notifications", "meta"], {
    items: await listNotifications(db(), user.id, 100),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user } = await requireSignedIn(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const back = request.headers.get("Referer") ? new URL(request.headers.get("Referer")!).pathname : null;
  const to = safeRedirect(back, localePath(locale, "/notifications"));
  switch (formIntent(formData, ["mark-all", "mark-one"])) {
    case "mark-all":
      await markAllRead(db(), user.id);
      throw await redirectWithFlash(to, { kind: "notice", key: "markedAll" });
    case "mark-one":
      await markRead(db(), user.id, String(formData.get("id") ?? ""));
      throw redirect(to);
    default:
      return data({ ok: false }, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const { items, notice } = useLoaderData<typeof loader>();
  const text = useNotificationText();
  return (
    <div className="container-page max-w-3xl py-8">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        {items.some((item) => !item.read) ? (
          <Form method="post">
            <SubmitButton intent="mark-all" className="btn-secondary">
              {t("markAllRead")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
      <FlashNotice>{notice ? t(notice.key) : null}</FlashNotice>
      {items.length === 0 ? (
        <p className="mt-8 text-slate-600">{t("empty")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-surface" data-testid="notification-list">
          {items.map((item) => {
            const { title, message } = text(item);
            return (
              <li key={item.id} className="flex gap-3 px-5 py-4" data-testid={item.read ? "notification-read" : "notification-unread"}>
                <span
                  className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${item.read ? "bg-slate-300" : TYPE_DOT[item.type]}`}
                  aria-hidden="true"
                />
                <div className="min-w-0 flex-1">
                  <p className={item.read ? "text-slate-700" : "font-semibold"}>{title}</p>
                  <p className="text-sm text-slate-600">{message}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    <RelativeTime iso={item.createdAt} />
                  </p>
                </div>
                {!item.read ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={item.id} />
                    <SubmitButton intent="mark-one" className="text-sm font-semibold text-brand-700">
                      {t("markRead")}
                    </SubmitButton>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
