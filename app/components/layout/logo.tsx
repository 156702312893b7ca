import { useTranslation } from "~/i18n/react";

export function Logo() {
  const { t } = useTranslation("common");
  return (
    <span className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-slate-900">
      <span className="grid h-8 w-8 place-items-center rounded-lg bg-accent text-white" aria-hidden="true">
        C
      </span>
      {t("brand.name")}
    </span>
  );
}
