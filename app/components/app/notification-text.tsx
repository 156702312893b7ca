/** A notification's title and message in the reader's language (amounts in cents formatted here). */
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { useRootData } from "~/utils/root-data";
import { usePageLocale } from "~/i18n/use-page-locale";
import { notificationValues } from "~/notifications/values";
import { relativeTimeFormat } from "~/utils/intl";

export interface NotificationItem {
  id: string;
  type: "success" | "warning" | "info";
  titleKey: string;
  messageKey: string;
  params: Record<string, string | number>;
  read: boolean;
  createdAt: string;
}

export function useNotificationText() {
  const { t } = useTranslation("notifications");
  const locale = usePageLocale();
  return (item: NotificationItem) => {
    const values = notificationValues(item.params, locale);
    return { title: t(item.titleKey, values), message: t(item.messageKey, values) };
  };
}

/** "3 minutes ago" for a moment, counted from `nowMs`, in `locale`. */
export function relativeTime(iso: string, nowMs: number, locale: string): string {
  const seconds = Math.round((Date.parse(iso) - nowMs) / 1000);
  const format = relativeTimeFormat(locale, { numeric: "auto" });
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  for (const [unit, size] of steps) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(seconds, "second");
}

/**
 * A moment as relative time. The server and the first client render count from the same
 * server-given "now" (the root loader's), so hydration matches; after hydration the browser's
 * clock takes over and the text refreshes every 30 seconds.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const locale = usePageLocale();
  const serverNow = useRootData()?.now;
  const [nowMs, setNowMs] = useState(() => (serverNow ? Date.parse(serverNow) : Date.parse(iso)));
  useEffect(() => {
    setNowMs(Date.now());
    const timer = window.setInterval(() => setNowMs(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} className={className}>
      {relativeTime(iso, nowMs, locale)}
    </time>
  );
}

export const TYPE_DOT = { success: "bg-green-600", warning: "bg-amber-500", info: "bg-sky-600" } as const;
