/**
 * One store: the member's rate (what the store's network pays less the success fee: 90% of it at
 * the default 10%; a signed-in member sees "your rate" at their loyalty level's fee), the
 * description, the store's cashback terms (exclusions, usual confirmation time, cap) and the way to
 * shop. A visitor is told to sign in first; a signed-in member sees the page in the member frame,
 * with Shop now.
 */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { getOptionalUser } from "~/auth/guards.server";
import { memberFee } from "~/loyalty/points.server";
import { shellData } from "~/components/app/shell.server";
import { getSetting } from "~/settings/settings.server";
import { Link } from "@remix-run/react";
import { DetailPage, NotFoundPage } from "~/components/public-pages";
import { StoreLogo } from "~/components/stores/store-logo";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { headlineText, type Translate } from "~/stores/rates";
import { getStoreBySlug, type StoreDetailView } from "~/stores/stores.server";
import { metaFromLoader } from "~/utils/meta";
import { formatMoney, formatRate } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";
import { notFoundPage } from "~/utils/http.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "webshops", "notifications", "auth"], pageCache: true };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const user = await getOptionalUser(request);
  // Members (and partners) see their own frame; an admin is not a shopper.
  const memberShell = user && user.role !== "admin" ? await shellData(user) : null;
  // A member's rate follows their loyalty level's success fee; a visitor sees the default.
  const fee = await memberFee(db(), memberShell && user ? user.id : null);
  const store = await getStoreBySlug(db(), params.slug ?? "", locale, fee.feeBps);
  if (!store) return notFoundPage(params, { store: null, memberShell, fee });
  const t = fixedT(locale, "webshops");
  const brand = fixedT(locale, "common")("brand.name");
  return {
    store,
    memberShell,
    fee,
    confirmationDays: store.confirmationDays ?? (await getSetting(db(), "cashbackConfirmationDays")),
    meta: {
      title: `${metaTitle(t, store, locale)} | ${brand}`,
      description: store.description,
    },
  };
}

/** "Larkstitch: 6% cashback", "…: up to 8% cashback", "…: $5.00 cashback". */
function metaTitle(t: Translate, store: StoreDetailView, locale: string): string {
  const { headline } = store;
  if (headline.kind === "fixed") return t("store.metaTitle", { name: store.name, rate: formatMoney(headline.amountCents, locale) });
  const rate = formatRate(headline.rateBps, locale);
  return headline.upTo ? t("store.metaTitleUpTo", { name: store.name, rate }) : t("store.metaTitle", { name: store.name, rate });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function StorePage() {
  const { t, locale, loaderData: loaded } = usePage<typeof loader>("webshops");
  const { store, memberShell, fee } = loaded;
  const share = formatRate(10_000 - fee.feeBps, locale);
  const feeRate = formatRate(fee.feeBps, locale);
  if (!store) return <NotFoundPage />;
  return (
    <DetailPage backTo={localePath(locale, "/webshops")} backLabel={t("store.back")}>
      <header className="mt-6 flex items-center gap-5">
        <StoreLogo name={store.name} logo={store.logo} size="h-16 w-16" />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{store.name}</h1>
          <p className="text-sm text-slate-600">{t(`categories.${store.category}`)}</p>
        </div>
      </header>
      <p className="mt-8 text-sm font-semibold uppercase tracking-wide text-slate-600">{t("store.yourRate")}</p>
      <p className="text-3xl font-extrabold text-brand-700" data-testid="store-rate">
        {headlineText(t as Translate, store.headline, locale)}
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="store-rate-basis">
        {store.networkRate.kind === "fixed"
          ? t("store.rateBasisFixed", { share, fee: feeRate, amount: formatMoney(store.networkRate.amountCents, locale) })
          : t("store.rateBasis", { share, fee: feeRate, rate: formatRate(store.networkRate.rateBps, locale) })}
      </p>
      {fee.level && fee.level !== "bronze" ? (
        <p className="mt-1 text-sm font-medium text-brand-700" data-testid="store-rate-level">
          {t("store.levelRate", { context: fee.level, fee: feeRate, base: formatRate(fee.baseFeeBps, locale) })}
        </p>
      ) : null}
      <p className="mt-4 text-lg text-slate-700">{store.description}</p>
      {store.headline.kind === "percent" && store.headline.upTo ? (
        <section className="mt-6" aria-labelledby="store-rates-title">
          <h2 id="store-rates-title" className="font-semibold">
            {t("store.rates.title")}
          </h2>
          <ul className="mt-2 divide-y divide-slate-100 rounded-2xl border border-slate-200 text-sm" data-testid="store-rates">
            <li className="flex justify-between gap-4 px-4 py-2">
              <span>{t("store.rates.base")}</span>
              <span className="font-semibold tabular-nums">{formatRate(store.cashbackRateBps, locale)}</span>
            </li>
            {store.newCustomerRateBps !== null ? (
              <li className="flex justify-between gap-4 px-4 py-2">
                <span>{t("store.rates.newCustomers")}</span>
                <span className="font-semibold tabular-nums">{formatRate(store.newCustomerRateBps, locale)}</span>
              </li>
            ) : null}
            {store.categoryRates.map((rule, index) => (
              <li key={`${rule.name}-${index}`} className="flex justify-between gap-4 px-4 py-2">
                <span className="min-w-0">{rule.name}</span>
                <span className="font-semibold tabular-nums">{formatRate(rule.rateBps, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-6" aria-labelledby="store-terms-title" data-testid="store-terms">
        <h2 id="store-terms-title" className="font-semibold">
          {t("store.termsTitle")}
        </h2>
        <dl className="mt-2 divide-y divide-slate-100 rounded-2xl border border-slate-200 text-sm">
          <div className="px-4 py-2">
            <dt className="font-medium text-slate-800">{t("store.terms.confirmation")}</dt>
            <dd className="text-slate-700" data-testid="store-confirmation">
              {t("store.terms.confirmationDays", { count: "confirmationDays" in loaded ? loaded.confirmationDays : 0 })}
            </dd>
          </div>
          <div className="px-4 py-2">
            <dt className="font-medium text-slate-800">{t("store.terms.cap")}</dt>
            <dd className="text-slate-700" data-testid="store-cap">
              {store.capCents !== null
                ? t("store.terms.capAmount", { amount: formatMoney(store.capCents, locale) })
                : t("store.terms.noCap")}
            </dd>
          </div>
          {store.terms ? (
            <div className="px-4 py-2">
              <dt className="font-medium text-slate-800">{t("store.terms.exclusions")}</dt>
              <dd className="whitespace-pre-line text-slate-700" data-testid="store-exclusions">
                {store.terms}
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-6">
        <h2 className="font-semibold">{t("store.howTitle")}</h2>
        <p className="mt-2 text-sm text-slate-700" data-testid="store-how">
          {memberShell ? t("store.memberHow") : t("store.signInFirst")}
        </p>
        {/* The click-out records the visit (signing in first when needed) and goes on to the store. */}
        <Link
          to={localePath(locale, `/out/${store.slug}`)}
          reloadDocument
          rel="nofollow"
          className="btn-primary mt-4"
          data-testid="shop-now"
        >
          {t("shopNow")}
        </Link>
      </div>
    </DetailPage>
  );
}
