/**
 * The signed-in area's frame (a first version: the full shell with notifications and menus comes
 * with its own milestone): logo, navigation by role, language, the user's name and Logout.
 */
import { Link, NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { Logo } from "~/components/layout/logo";
import type { Role } from "~/db/schema";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

const NAV: Record<"member" | "admin", Array<{ key: string; path: string }>> = {
  member: [
    { key: "overview", path: "/dashboard" },
    { key: "wallet", path: "/wallet" },
    { key: "transactions", path: "/transactions" },
    { key: "referrals", path: "/referrals" },
    { key: "settings", path: "/settings" },
  ],
  admin: [
    { key: "adminDashboard", path: "/admin/dashboard" },
    { key: "adminUsers", path: "/admin/users" },
    { key: "adminWithdrawals", path: "/admin/withdrawals" },
    { key: "adminSettings", path: "/admin/settings" },
  ],
};

export function AppFrame({ user, children }: { user: { name: string; email: string; role: Role }; children: React.ReactNode }) {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  const items = NAV[user.role === "admin" ? "admin" : "member"];
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
        <a href="#main" className="skip-link">
          {t("a11y.skipToContent")}
        </a>
        <div className="container-page flex h-16 items-center gap-4">
          <Link to={localePath(locale, user.role === "admin" ? "/admin/dashboard" : "/dashboard")} aria-label={t("brand.home")}>
            <Logo />
          </Link>
          <nav aria-label={t("app.nav.label")} className="hidden flex-1 items-center gap-1 md:flex">
            {items.map((item) => (
              <NavLink
                key={item.key}
                to={localePath(locale, item.path)}
                className={({ isActive }) =>
                  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
                }
              >
                {t(`app.nav.${item.key}`)}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitcher />
            <div className="hidden text-right text-xs sm:block" data-testid="signed-in-as">
              <p className="font-semibold text-slate-900">{user.name}</p>
              <p className="text-slate-600">{user.email}</p>
            </div>
            <Link to={localePath(locale, "/logout")} className="btn-secondary">
              {t("app.logout")}
            </Link>
          </div>
        </div>
        <nav aria-label={t("app.nav.label")} className="container-page flex gap-1 overflow-x-auto pb-2 md:hidden">
          {items.map((item) => (
            <NavLink key={item.key} to={localePath(locale, item.path)} className="whitespace-nowrap rounded-lg px-3 py-1.5 text-sm text-slate-700">
              {t(`app.nav.${item.key}`)}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="main" className="flex-1 bg-slate-50">
        {children}
      </main>
    </>
  );
}
