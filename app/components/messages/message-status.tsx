/** The messages desk's small pieces: a message's status (new, read, replied, done) as a badge, and the name of the language it was written in. */
import { useTranslation } from "~/i18n/react";
import type { ContactStatus } from "~/db/schema";

const STATUS_STYLES: Record<ContactStatus, string> = {
  new: "bg-brand-50 text-brand-900",
  read: "bg-slate-100 text-slate-800",
  replied: "bg-sky-100 text-sky-900",
  done: "bg-slate-100 text-slate-600",
};

export function MessageStatusBadge({ status, testId }: { status: ContactStatus; testId?: string }) {
  const { t } = useTranslation("admin");
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}
      data-testid={testId}
    >
      {t(`messages.status.${status}`)}
    </span>
  );
}

/** A language's name in the page's language ("Dutch", "Niederländisch"), or its code when unknown. */
export function languageName(code: string, pageLocale: string): string {
  try {
    return new Intl.DisplayNames([pageLocale], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
