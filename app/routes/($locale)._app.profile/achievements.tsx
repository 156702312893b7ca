/** The member's achievements with their progress. */
import { useTranslation } from "~/i18n/react";
import type { ProfileData } from "./route";

export function Achievements({ achievements }: { achievements: ProfileData["profile"]["achievements"] }) {
  const { t } = useTranslation("app");
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-6" aria-labelledby="achievements-title">
      <h2 id="achievements-title" className="text-lg font-semibold">
        {t("profile.achievements")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {achievements.map((achievement) => (
          <li
            key={achievement.id}
            className="rounded-xl border border-slate-200 p-4"
            data-testid={`achievement-${achievement.id}`}
            data-done={achievement.done ? "true" : "false"}
          >
            <p className="font-semibold">{t(`profile.achievementNames.${achievement.id}`)}</p>
            <p className="text-xs text-slate-600">
              {achievement.done ? t("profile.completed") : t("profile.inProgress", { percent: Math.round(achievement.progress * 100) })}
            </p>
            <div className="mt-2 h-2 rounded-full bg-slate-100" aria-hidden="true">
              <div className={`h-2 rounded-full bg-accent ${widthClass(achievement.progress)}`} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Progress bars without inline styles (the CSP allows none): tenths of the width. */
function widthClass(progress: number): string {
  const classes = ["w-0", "w-[10%]", "w-[20%]", "w-[30%]", "w-[40%]", "w-[50%]", "w-[60%]", "w-[70%]", "w-[80%]", "w-[90%]", "w-full"];
  return classes[Math.round(progress * 10)]!;
}
