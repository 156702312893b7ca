/** The public top bar: logo, the six sections, the site/dashboard switch, language, sign-in. */
import { Link, NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { useRootData } from "~/utils/root-data";
import { localePath } from "~/utils/paths";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";

export const PUBLIC_NAV = ["blog", "faq", "webshops", "pricing", "about", "contact"] as const;

export function SiteHeader() {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  const viewer = useRootData()?.viewer ?? null;
  // A signed-in visitor's way back is their dashboard (an admin's is the back office), not Sign In.
  const home = viewer ? localePath(locale, viewer.role === "admin" ? "/admin/dashboard" : "/dashboard") : null;
  const account = home ? (
    <Link to={home} className="btn-primary hidden sm:inline-flex" data-testid="header-dashboard">
      {t("area.dashboard")}
    </Link>
  ) : (
    <Link to={localePath(locale, "/signin")} className="btn-primary hidden sm:inline-flex">
      {t("nav.signIn")}
    </Link>
  );

  const navLinkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-surface/95">
      <a href="#main" className="skip-link">
        {t("a11y.skipToContent")}
      </a>
      <div className="container-page flex h-16 items-center gap-4">
        <Link to={localePath(locale)} className="flex items-center" aria-label={t("brand.home")}>
          <Logo />
        </Link>

        <nav aria-label={t("nav.label")} className="hidden flex-1 items-center gap-1 lg:flex">
          {PUBLIC_NAV.map((item) => (
            <NavLink key={item} to={localePath(locale, `/${item}`)} className={navLinkClass}>
              {t(`nav.${item}`)}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <AreaSwitch dashboard={home ?? localePath(locale, "/dashboard")} />
          <LanguageSwitcher />
          {account}
          <details className="relative lg:hidden">
            <summary
              className="flex cursor-pointer list-none items-center rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label={t("nav.menu")}
            >
              <span aria-hidden="true">☰</span>
            </summary>
            <nav
              aria-label={t("nav.label")}
              className="absolute right-0 z-40 mt-2 flex w-56 flex-col rounded-lg border border-slate-200 bg-surface p-2 shadow-lg"
            >
              {PUBLIC_NAV.map((item) => (
                <NavLink key={item} to={localePath(locale, `/${item}`)} className={navLinkClass}>
                  {t(`nav.${item}`)}
                </NavLink>
              ))}
              <Link to={home ?? localePath(locale, "/signin")} className="btn-primary mt-2">
                {home ? t("area.dashboard") : t("nav.signIn")}
              </Link>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

/** The spec's frontend/dashboard switcher: the public site or the signed-in dashboard. */
function AreaSwitch({ dashboard }: { dashboard: string }) {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  return (
    <nav
      aria-label={t("area.label")}
      className="hidden items-center rounded-lg border border-slate-200 p-0.5 text-xs font-semibold md:flex"
    >
      <Link to={localePath(locale)} className="rounded-md bg-night px-2.5 py-1 text-white" aria-current="page">
        {t("area.frontend")}
      </Link>
      <Link to={dashboard} className="rounded-md px-2.5 py-1 text-slate-600 hover:text-slate-900">
        {t("area.dashboard")}
      </Link>
    </nav>
  );
}
