/**
 * An ad page's top: its title, one line of introduction, and the flash notice of the last change
 * (saved, deleted…), as every ad page opens; `AdPage` is the page with that top.
 */
import type { ReactNode } from "react";
import { FlashNotice } from "~/components/flash-notice";

export function AdPageHeading({ title, intro, notice }: { title: string; intro: React.ReactNode; notice?: string | null }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{intro}</p>
      <FlashNotice>{notice}</FlashNotice>
    </>
  );
}

export function AdPage({ children, ...heading }: Parameters<typeof AdPageHeading>[0] & { children: ReactNode }) {
  return (
    <div className="py-6">
      <AdPageHeading {...heading} />
      {children}
    </div>
  );
}
