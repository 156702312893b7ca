/**
 * The signed-in area's frame (a first version: the full shell with notifications and menus comes
 * with its own milestone): logo, navigation by role, language, the user's name and Logout.
 */
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Icon, type IconName } from "~/components/icon";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { Logo } from "~/components/layout/logo";
import type { Role } from "~/db/schema";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { TYPE_DOT, useNotificationText, RelativeTime, type NotificationItem } from "./notification-text";
import { SubmitButton } from "~/components/submit-button";

const NAV: Record<"member" | "admin", Array<{ key: string; path: string }>> = {
  member: [
    { key: "overview", path: "/dashboard" },
    { key: "wallet", path: "/wallet" },
    { key: "transactions", path: "/transactions" },
    { key: "cashback", path: "/cashback" },
    { key: "webshops", path: "/webshops" },
    { key: "partner", path: "/partner" },
    { key: "ads", path: "/ads" },
    { key: "assistant", path: "/assistant" },
    { key: "referrals", path: "/referrals" },
    { key: "loyalty", path: "/loyalty" },
    { key: "plans", path: "/plans" },
    { key: "settings", path: "/settings" },
  ],
  admin: [
    { key: "adminDashboard", path: "/admin/dashboard" },
    { key: "adminUsers", path: "/admin/users" },
    { key: "adminWithdrawals", path: "/admin/withdrawals" },
    { key: "adminMessages", path: "/admin/messages" },
    { key: "adminConversions", path: "/admin/conversions" },
    { key: "adminClaims", path: "/admin/claims" },
    { key: "adminReferrals", path: "/admin/referrals" },
    { key: "adminStores", path: "/admin/stores" },
    { key: "adminContent", path: "/admin/content" },
    { key: "adminSettings", path: "/admin/settings" },
    { key: "adminAudit", path: "/admin/audit" },
  ],
};

export interface ShellData {
  user: { name: string; email: string; role: Role };
  unread: number;
  latest: NotificationItem[];
}

/** The top bar shows this many sections (the back office's are longer words); the rest are under "More". */
const TOP_BAR_ITEMS = { admin: 6, member: 7 } as const;

/**
 * The bottom tab bar of small screens: four sections with an icon and a short label (`app.tabs.*`,
 * one word that fits a fifth of a phone in every language), then "More" with every other section.
 */
const BOTTOM_BAR: Record<"member" | "admin", Array<{ key: string; icon: IconName }>> = {
  member: [
    { key: "overview", icon: "home" },
    { key: "wallet", icon: "wallet" },
    { key: "transactions", icon: "list" },
    { key: "settings", icon: "cog" },
  ],
  admin: [
    { key: "adminDashboard", icon: "home" },
    { key: "adminUsers", icon: "users" },
    { key: "adminWithdrawals", icon: "banknote" },
    { key: "adminSettings", icon: "cog" },
  ],
};

/** With JavaScript the top bar blurs once the page has scrolled 20 px. */
function useScrolledPast(threshold = 20) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return scrolled;
}

/** With JavaScript, the open menus (profile, the two "More"s) close when the page changes. */
function useCloseMenusOnNavigation() {
  const location = useLocation();
  useEffect(() => {
    for (const menu of document.querySelectorAll<HTMLDetailsElement>("header details[open], [data-testid=bottom-bar] details[open]")) {
      menu.open = false;
    }
  }, [location.key]);
}

export function AppFrame({ user, unread, latest, children }: ShellData & { children: React.ReactNode }) {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  const scrolled = useScrolledPast();
  const { pathname, search } = useLocation();
  // "Partner" (the partner programme's page) is for partners only. From an ad page for one client
  // account, the assistant opens for that account (its questions that name none are about it).
  const client = pathname.startsWith(localePath(locale, "/ads")) ? new URLSearchParams(search).get("client") : null;
  const items = NAV[user.role === "admin" ? "admin" : "member"]
    .filter((item) => item.key !== "partner" || user.role === "partner")
    .map((item) => (item.key === "assistant" && client ? { ...item, path: `${item.path}?client=${encodeURIComponent(client)}` } : item));
  const topBarItems = TOP_BAR_ITEMS[user.role === "admin" ? "admin" : "member"];
  const moreItems = items.slice(topBarItems);
  useCloseMenusOnNavigation();
  return (
    <>
      <header
        className={`sticky top-0 z-30 border-b border-slate-200 transition ${scrolled ? "bg-surface/70 shadow-sm backdrop-blur" : "bg-surface/95"}`}
        data-scrolled={scrolled ? "true" : undefined}
      >
        <a href="#main" className="skip-link">
          {t("a11y.skipToContent")}
        </a>
        <div className="container-page flex h-16 items-center gap-4">
          <Link to={localePath(locale, user.role === "admin" ? "/admin/dashboard" : "/dashboard")} aria-label={t("brand.home")}>
            <Logo />
          </Link>
          <nav aria-label={t("app.nav.label")} className="hidden flex-1 items-center gap-1 xl:flex">
            {items.slice(0, topBarItems).map((item) => (
              <NavLink
                key={item.key}
                to={localePath(locale, item.path)}
                className={({ isActive }) =>
                  `whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
                }
              >
                {t(`app.nav.${item.key}`)}
              </NavLink>
            ))}
            {moreItems.length ? (
              <details className="relative" data-testid="nav-more">
                <summary className="cursor-pointer list-none rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                  {t("app.nav.more")} <span aria-hidden="true">▾</span>
                </summary>
                <ul className="absolute left-0 z-40 mt-2 w-56 rounded-xl border border-slate-200 bg-surface p-2 shadow-lg">
                  {moreItems.map((item) => (
                    <li key={item.key}>
                      <NavLink
                        to={localePath(locale, item.path)}
                        className={({ isActive }) =>
                          `block rounded-lg px-3 py-2 text-sm hover:bg-slate-100 ${isActive ? "font-semibold text-brand-700" : "text-slate-700"}`
                        }
                      >
                        {t(`app.nav.${item.key}`)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitcher />
            <NotificationBell unread={unread} latest={latest} full={user.role !== "admin"} />
            <details className="relative" data-testid="profile-menu">
              <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                <span className="grid h-8 w-8 place-items-center rounded-full bg-accent text-sm font-bold text-white" aria-hidden="true">
                  {user.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="sr-only">{t("app.menu.label")}</span>
              </summary>
              <div className="absolute right-0 z-40 mt-2 w-64 rounded-xl border border-slate-200 bg-surface p-2 shadow-lg">
                <div className="px-3 py-2 text-xs" data-testid="signed-in-as">
                  <p className="font-semibold text-slate-900">{user.name}</p>
                  <p className="truncate text-slate-600">{user.email}</p>
                </div>
                {user.role !== "admin" ? (
                  <Link to={localePath(locale, "/profile")} className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100">
                    {t("app.menu.profile")}
                  </Link>
                ) : null}
                <Link
                  to={localePath(locale, "/logout")}
                  className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100"
                  onClick={(event) => {
                    // With JavaScript, confirm in a dialog; without it, the link opens the confirmation page.
                    const dialog = document.getElementById("logout-dialog") as HTMLDialogElement | null;
                    if (!dialog?.showModal) return;
                    event.preventDefault();
                    dialog.showModal();
                  }}
                >
                  {t("app.logout")}
                </Link>
              </div>
            </details>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1 bg-slate-50 pb-20 xl:pb-0">
        {children}
      </main>
      <BottomBar items={items} tabs={BOTTOM_BAR[user.role === "admin" ? "admin" : "member"]} />
      <LogoutDialog />
    </>
  );
}

/**
 * The phone's (and tablet's) tab bar: four tabs and "More", a `<details>` (so it opens without
 * JavaScript) whose sheet lists every other section of the area.
 */
function BottomBar({ items, tabs }: { items: Array<{ key: string; path: string }>; tabs: Array<{ key: string; icon: IconName }> }) {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  const { pathname } = useLocation();
  const tabKeys = new Set(tabs.map((tab) => tab.key));
  const pathOf = (key: string) => items.find((item) => item.key === key)?.path ?? "/";
  const rest = items.filter((item) => !tabKeys.has(item.key));
  const inRest = rest.some((item) => pathname.startsWith(localePath(locale, item.path)));
  const tabClass = (active: boolean) =>
    `flex h-full min-w-0 flex-col items-center justify-center gap-0.5 px-0.5 py-2 text-center text-[0.6875rem] font-semibold leading-tight ${
      active ? "text-brand-700" : "text-slate-600 hover:text-slate-900"
    }`;
  return (
    <nav
      aria-label={t("app.nav.tabs")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-surface pb-[env(safe-area-inset-bottom)] xl:hidden"
      data-testid="bottom-bar"
    >
      <ul className="grid grid-cols-5">
        {tabs.map((tab) => (
          <li key={tab.key} className="min-w-0">
            <NavLink
              to={localePath(locale, pathOf(tab.key))}
              className={({ isActive }) => tabClass(isActive)}
              data-testid={`tab-${tab.key}`}
            >
              <Icon name={tab.icon} className="h-5 w-5 shrink-0" />
              <span className="block max-w-full break-words">{t(`app.tabs.${tab.key}`)}</span>
            </NavLink>
          </li>
        ))}
        <li className="min-w-0">
          <details className="group h-full" data-testid="tab-more">
            <summary className={`${tabClass(inRest)} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
              <Icon name="grid" className="h-5 w-5 shrink-0" />
              <span className="block max-w-full break-words">{t("app.tabs.more")}</span>
            </summary>
            <div className="absolute inset-x-0 bottom-full max-h-[70vh] overflow-y-auto rounded-t-2xl border-t border-slate-200 bg-surface p-3 shadow-[0_-8px_24px_rgb(0_0_0/0.12)]">
              <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">{t("app.nav.more")}</p>
              <ul className="grid grid-cols-2 gap-1" data-testid="more-sections">
                {rest.map((item) => (
                  <li key={item.key} className="min-w-0">
                    <NavLink
                      to={localePath(locale, item.path)}
                      className={({ isActive }) =>
                        `block rounded-lg px-3 py-2.5 text-sm hover:bg-slate-100 ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-800"}`
                      }
                    >
                      {t(`app.nav.${item.key}`)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          </details>
        </li>
      </ul>
    </nav>
  );
}

function NotificationBell({ unread, latest, full }: { unread: number; latest: NotificationItem[]; full: boolean }) {
  const { t } = useTranslation("notifications");
  const locale = usePageLocale();
  const text = useNotificationText();
  return (
    <details className="relative" data-testid="notification-bell">
      <summary
        className="relative flex cursor-pointer list-none rounded-lg p-2 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label={`${t("bell")} (${t("unread", { count: unread })})`}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="h-5 w-5" aria-hidden="true">
          <path d="M6 16V11a6 6 0 1112 0v5l2 2H4l2-2zm4 4h4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {unread > 0 ? (
          <span
            className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1 text-xs font-bold text-white"
            data-testid="unread-count"
          >
            {unread}
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-80 rounded-xl border border-slate-200 bg-surface p-2 shadow-lg">
        {latest.length === 0 ? (
          <p className="px-3 py-4 text-sm text-slate-600">{t("empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {latest.map((item) => {
              const { title, message } = text(item);
              return (
                <li key={item.id} className="flex gap-2 px-3 py-2">
                  <span
                    className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${item.read ? "bg-slate-300" : TYPE_DOT[item.type]}`}
                    aria-hidden="true"
                  />
                  <div className="min-w-0">
                    <p className={`text-sm ${item.read ? "text-slate-700" : "font-semibold text-slate-900"}`}>{title}</p>
                    <p className="line-clamp-2 text-xs text-slate-600">{message}</p>
                    <p className="mt-0.5 text-xs text-slate-500">
                      <RelativeTime iso={item.createdAt} />
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {full ? (
          <div className="mt-1 flex items-center justify-between gap-2 border-t border-slate-100 px-3 pt-2 text-sm">
            <Link to={localePath(locale, "/notifications")} className="font-semibold text-brand-700">
              {t("viewAll")}
            </Link>
            {unread > 0 ? (
              <Form method="post" action={localePath(locale, "/notifications")}>
                <SubmitButton intent="mark-all" className="text-slate-600 hover:text-slate-900">
                  {t("markAllRead")}
                </SubmitButton>
              </Form>
            ) : null}
          </div>
        ) : null}
      </div>
    </details>
  );
}

function LogoutDialog() {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <dialog
      id="logout-dialog"
      ref={dialog}
      className="w-full max-w-sm rounded-2xl p-6 shadow-2xl backdrop:bg-black/50"
      aria-labelledby="logout-dialog-title"
    >
      <h2 id="logout-dialog-title" className="text-lg font-bold">
        {t("logout.title")}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t("logout.text")}</p>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
          {t("logout.cancel")}
        </button>
        <Form method="post" action={localePath(locale, "/logout")}>
          <SubmitButton>{t("logout.confirm")}</SubmitButton>
        </Form>
      </div>
    </dialog>
  );
}
