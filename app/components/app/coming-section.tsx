/** A section of the signed-in area that a later milestone builds: behind the guard already, honest about it. */
import { useTranslation } from "~/i18n/react";

export const UPCOMING_SECTIONS = ["wallet", "transactions", "referrals", "settings", "profile", "plans"] as const;
export type UpcomingSection = (typeof UPCOMING_SECTIONS)[number];

export function ComingSection({ section }: { section: UpcomingSection }) {
  const { t } = useTranslation("app");
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t(`sections.${section}.title`)}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">{t(`sections.${section}.description`)}</p>
      <p className="mt-2 text-slate-500">{t("sections.comingSoon")}</p>
    </div>
  );
}
