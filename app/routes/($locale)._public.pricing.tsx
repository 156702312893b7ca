/**
 * Pricing: our promises, the loyalty levels with the success fee at each (from the settings), and
 * the plans from the `plans` table, for businesses and for partners.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation, usePage } from "~/i18n/react";
import { db } from "~/db/db.server";
import { usePageLocale } from "~/i18n/use-page-locale";
import { loyaltyRules } from "~/loyalty/points.server";
import { listActivePlans, type PlanView } from "~/plans/plans.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney, formatRate } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";
import { PageHeader } from "~/components/public-pages";
import { LoyaltyLevels } from "~/components/pricing/loyalty-levels";

export const handle = { i18n: ["common", "pricing"], pageCache: true };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ params }: LoaderFunctionArgs) {
  return {
    meta: await pageMeta(params, "pricing", "meta"),
    plans: await listActivePlans(db()),
    // The levels and their success fees as the admin set them.
    loyalty: await loyaltyRules(db()),
  };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const CLAIMS = ["successFee", "trial", "refund", "uptime", "response"] as const;

export default function PricingPage() {
  const { t, locale, loaderData } = usePage<typeof loader>("pricing");
  const { plans, loyalty } = loaderData;
  return (
    <div className="container-page py-16">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />

      <ul className="mx-auto mt-10 grid max-w-5xl gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="claims">
        {CLAIMS.map((claim) => (
          <li key={claim} className="rounded-2xl bg-brand-50 p-4 text-center">
            <p className="text-2xl font-extrabold text-brand-900">
              {claim === "successFee" ? formatRate(loyalty.feeBps.bronze, locale) : t(`claims.${claim}.value`)}
            </p>
            <p className="mt-1 text-sm text-slate-700">{t(`claims.${claim}.label`)}</p>
          </li>
        ))}
      </ul>

      <LoyaltyLevels rules={loyalty} />

      {(["business", "partner"] as const).map((audience) => (
        <PlanGroup key={audience} audience={audience} plans={plans.filter((plan) => plan.audience === audience)} />
      ))}
    </div>
  );
}

function PlanGroup({ audience, plans }: { audience: "business" | "partner"; plans: PlanView[] }) {
  const { t } = useTranslation("pricing");
  const locale = usePageLocale();
  if (plans.length === 0) return null;
  const signup = localePath(locale, "/signup");
  return (
    <section className="mt-16" aria-labelledby={`plans-${audience}`}>
      <h2 id={`plans-${audience}`} className="text-2xl font-bold tracking-tight">
        {t(`audiences.${audience}.title`)}
      </h2>
      <p className="mt-2 text-slate-600">{t(`audiences.${audience}.text`)}</p>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.code} className="flex flex-col rounded-2xl border border-slate-200 p-6 shadow-sm" data-testid={`plan-${plan.code}`}>
            <h3 className="text-lg font-semibold">{plan.name}</h3>
            <p className="mt-4">
              <span className="text-3xl font-extrabold">{plan.priceCents === 0 ? t("free") : formatMoney(plan.priceCents, locale)}</span>{" "}
              {plan.priceCents === 0 ? null : <span className="text-sm text-slate-600">{t("perDays", { count: plan.durationDays })}</span>}
            </p>
            <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <span className="text-brand-700" aria-hidden="true">
                    ✓
                  </span>
                  {t(`features.${feature}`)}
                </li>
              ))}
            </ul>
            <Link
              to={audience === "partner" ? `${localePath(locale, "/signup/partner")}?plan=${encodeURIComponent(plan.code)}` : signup}
              className="btn-primary mt-6"
            >
              {audience === "partner" ? t("ctaPartner") : t("ctaTrial")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
