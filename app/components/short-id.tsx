/**
 * A long id (a transaction's, a payment's) shortened to fit a phone, with the whole id in its
 * title and, with JavaScript, a Copy button. Without JavaScript the full id is in the PDF receipt.
 */
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/utils/use-hydrated";
import { shortId } from "~/wallet/display";

export function ShortId({ value }: { value: string }) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <span className="inline-flex items-center gap-2">
      <code className="font-mono text-xs" title={value} data-testid="short-id">
        {shortId(value)}
      </code>
      {hydrated && navigator.clipboard ? (
        <button
          type="button"
          className="rounded px-1.5 py-0.5 text-xs font-semibold text-brand-700 hover:bg-slate-100"
          onClick={() => {
            void navigator.clipboard.writeText(value).then(() => setCopied(true));
          }}
          aria-label={t("copyId")}
        >
          <span aria-live="polite">{copied ? t("copied") : t("copy")}</span>
        </button>
      ) : null}
    </span>
  );
}
