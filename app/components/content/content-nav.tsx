/** The content area's own links (overview, blog, FAQ, subscribers), the current one marked. */
import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

const SECTIONS = [
  { key: "overview", path: "/admin/content", end: true },
  { key: "blog", path: "/admin/content/blog", end: false },
  { key: "faq", path: "/admin/content/faq", end: false },
  { key: "subscribers", path: "/admin/content/subscribers", end: false },
] as const;

export function ContentNav() {
  const { t } = useTranslation("content");
  const locale = usePageLocale();
  return (
    <nav aria-label={t("nav.label")} className="mb-6">
      <ul className="flex flex-wrap gap-x-1 border-b border-slate-200 text-sm">
        {SECTIONS.map((section) => (
          <li key={section.key} className="shrink-0">
            <NavLink
              to={localePath(locale, section.path)}
              end={section.end}
              className={({ isActive }) =>
                `-mb-px inline-block border-b-2 px-3 py-2 font-medium ${isActive ? "border-brand-700 text-brand-700" : "border-transparent text-slate-700 hover:text-slate-900"}`
              }
            >
              {t(`nav.${section.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A small coloured label: a draft or hidden item in amber, a published one in the brand colour. */
export function StatusBadge({ live, label }: { live: boolean; label: string }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${live ? "bg-brand-50 text-brand-900" : "bg-amber-100 text-amber-900"}`}
    >
      {label}
    </span>
  );
}
