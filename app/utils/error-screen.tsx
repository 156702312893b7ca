/**
 * The translated error screens: the spec's not-found screen for 404, and honest short messages
 * for the rest. No stack trace ever reaches a visitor outside development.
 */
import { Link, isRouteErrorResponse } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

export function NotFoundScreen() {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  return (
    <section className="mx-auto max-w-xl py-16 text-center" aria-labelledby="not-found-title">
      <p className="text-6xl font-black text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-3xl font-bold tracking-tight">
        {t("notFound.title")}
      </h1>
      <p className="mt-3 text-slate-600">{t("notFound.text")}</p>
      <Link to={localePath(locale)} className="btn-primary mt-8">
        {t("notFound.home")}
      </Link>
    </section>
  );
}

function statusKey(status: number): "forbidden" | "tooManyRequests" | "badRequest" | "server" | "noAccess" {
  if (status === 403) return "forbidden";
  if (status === 429) return "tooManyRequests";
  if (status >= 400 && status < 500) return "badRequest";
  return "server";
}

export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;

  const status = isRouteErrorResponse(error) ? error.status : 500;
  const wrongRole = isRouteErrorResponse(error) && (error.data as { reason?: string } | null)?.reason === "role";
  const key = wrongRole ? "noAccess" : statusKey(status);
  const showDetails = process.env.NODE_ENV === "development" && error instanceof Error;

  return (
    <section className="mx-auto max-w-xl py-16 text-center" aria-labelledby="error-title">
      <p className="text-6xl font-black text-brand-700" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="mt-4 text-3xl font-bold tracking-tight">
        {t(`errors.${key}.title`)}
      </h1>
      <p className="mt-3 text-slate-600">{t(`errors.${key}.text`)}</p>
      {showDetails ? <pre className="mt-6 overflow-auto rounded bg-slate-100 p-4 text-left text-xs">{error.stack}</pre> : null}
      <Link to={localePath(locale)} className="btn-primary mt-8">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
