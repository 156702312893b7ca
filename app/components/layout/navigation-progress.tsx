/**
 * Loading feedback for the whole app: while a page loads or a form submits (with JavaScript), a
 * thin bar runs along the top of the screen and the page is marked busy for assistive technology.
 * It appears only after a short delay, so fast navigations do not flicker. Without JavaScript the
 * browser's own loading indicator does this job.
 */
import { useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";

export function NavigationProgress() {
  const { t } = useTranslation("common");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useEffect(() => {
    if (busy) document.documentElement.setAttribute("aria-busy", "true");
    else document.documentElement.removeAttribute("aria-busy");
  }, [busy]);
  if (!busy) return null;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden"
      role="progressbar"
      aria-label={t("loading")}
      data-testid="navigation-progress"
    >
      <div className="h-full w-1/3 animate-[navigation-progress_1.1s_ease-in-out_infinite] rounded-r-full bg-brand-600 opacity-0 [animation-delay:150ms]" />
    </div>
  );
}
