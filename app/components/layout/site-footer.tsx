/** The public footer: site and legal links, the company's address, e-mail and phone, copyright. */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { useRootData } from "~/utils/root-data";
import { Logo } from "./logo";

const COMPANY_LINKS = ["about", "pricing", "faq", "contact"] as const;
const LEGAL_LINKS = ["privacy-policy", "terms-and-conditions", "cookie-policy"] as const;

export function SiteFooter() {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  const root = useRootData();
  const year = root?.year ?? new Date().getUTCFullYear();

  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-slate-600">{t("footer.tagline")}</p>
        </div>
        <FooterNav
          id="footer-company"
          title={t("footer.company")}
          links={COMPANY_LINKS.map((item) => ({ to: localePath(locale, `/${item}`), label: t(`nav.${item}`) }))}
        />
        <FooterNav
          id="footer-legal"
          title={t("footer.legal")}
          links={[
            ...LEGAL_LINKS.map((item) => ({ to: localePath(locale, `/${item}`), label: t(`footer.links.${item}`) })),
            { to: localePath(locale, "/cookie-preferences"), label: t("footer.cookiePreferences") },
          ]}
        />
        {root ? (
          <div>
            <h2 className="text-sm font-semibold text-slate-900">{t("footer.contact")}</h2>
            <address className="mt-3 space-y-2 text-sm not-italic text-slate-600">
              <p data-testid="footer-address">{root.site.companyAddress}</p>
              <p>
                <a href={`mailto:${root.site.supportEmail}`} className="hover:text-slate-900">
                  {root.site.supportEmail}
                </a>
              </p>
              <p>
                <a href={`tel:${root.site.supportPhone.replace(/[^+\d]/g, "")}`} className="hover:text-slate-900">
                  {root.site.supportPhone}
                </a>
              </p>
            </address>
          </div>
        ) : null}
      </div>
      <div className="border-t border-slate-200">
        <div className="container-page space-y-1 py-6 text-sm text-slate-600">
          <p data-testid="copyright">{t("footer.copyright", { year })}</p>
          {root ? (
            <p className="text-xs" data-testid="legal-line">
              {[
                root.site.company.name,
                root.site.companyAddress,
                root.site.company.registration ?? t("footer.legalLine.demo"),
                root.site.company.safeguarding,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

function FooterNav({ id, title, links }: { id: string; title: string; links: Array<{ to: string; label: string }> }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-slate-600 hover:text-slate-900">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
