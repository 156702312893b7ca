/**
 * The flash message a page shows after a redirect (`redirectWithFlash`), already translated by the
 * page (`t(notice.key, notice.values)`, its own namespace): the success notice with the gap above
 * it, or nothing.
 */
import type { ReactNode } from "react";
import { Notice } from "~/components/auth/auth-card";

export function FlashNotice({ children, className = "mt-4", testId }: { children: ReactNode; className?: string; testId?: string }) {
  if (children == null || children === "") return null;
  return (
    <div className={className} data-testid={testId}>
      <Notice>{children}</Notice>
    </div>
  );
}
