/**
 * The home page's feature carousel. Without JavaScript it is a horizontal scroll-snap strip with
 * anchor-link dots and a `<details>` per card; with JavaScript it gains previous/next arrows (the
 * spec's rules: next disabled at index ≥ total − 3, previous at 0) and dots that follow.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/utils/use-hydrated";

export const VISIBLE_CARDS = 3;

export function carouselButtons(index: number, total: number) {
  return { previousDisabled: index <= 0, nextDisabled: index >= total - VISIBLE_CARDS };
}

interface FeatureItem {
  title: string;
  description: string;
  details: string;
}

export function FeatureCarousel() {
  const { t } = useTranslation("home");
  const items = t("features.items", { returnObjects: true }) as FeatureItem[];
  const hydrated = useHydrated();
  const track = useRef<HTMLOListElement>(null);
  const [index, setIndex] = useState(0);
  const total = items.length;
  const { previousDisabled, nextDisabled } = carouselButtons(index, total);

  // Where an arrow or dot click is scrolling the strip to; while set, scroll positions on the way
  // there are not the visitor's own and must not move the index.
  const target = useRef<number | null>(null);

  const scrollToCard = useCallback((card: number) => {
    const list = track.current;
    const element = list?.children[card] as HTMLElement | undefined;
    if (!list || !element) return;
    const left = Math.min(element.offsetLeft - list.offsetLeft, list.scrollWidth - list.clientWidth);
    target.current = Math.abs(list.scrollLeft - left) > 1 ? left : null;
    list.scrollTo({ left, behavior: "smooth" });
  }, []);

  const go = (card: number) => {
    const bounded = Math.min(Math.max(card, 0), lastReachable());
    setIndex(bounded);
    scrollToCard(bounded);
  };

  // The last card that can lead the strip: on a wide screen the last three share one view, so a
  // dot past the first of them shows that view, as a swipe to the end would.
  const lastReachable = () => {
    const list = track.current;
    if (!list) return total - 1;
    const end = list.scrollWidth - list.clientWidth;
    let last = 0;
    Array.from(list.children).forEach((element, i) => {
      if ((element as HTMLElement).offsetLeft - list.offsetLeft <= end + 1) last = i;
    });
    return Math.min(last, total - 1);
  };

  // When the visitor swipes the strip themselves, follow the card that snapped into place. The
  // index is read once scrolling has settled: on `scrollend` where the browser has it, else 150 ms
  // after the last scroll event. A settled position short of a click's target (a busy page can
  // pause mid-animation) is ignored, so it cannot undo the click.
  useEffect(() => {
    const list = track.current;
    if (!list) return;
    const settle = () => {
      if (target.current !== null) {
        if (Math.abs(list.scrollLeft - target.current) > 1) return;
        target.current = null;
        return;
      }
      const first = list.children[0] as HTMLElement | undefined;
      if (!first) return;
      const step = first.offsetWidth + 24;
      setIndex(Math.min(total - 1, Math.max(0, Math.round(list.scrollLeft / step))));
    };
    // A swipe, wheel or key press takes over from a click's scroll.
    const takeOver = () => {
      target.current = null;
    };
    const hasScrollEnd = "onscrollend" in window;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, 150);
    };
    const takeOverEvents = ["pointerdown", "wheel", "touchstart", "keydown"] as const;
    for (const name of takeOverEvents) list.addEventListener(name, takeOver, { passive: true });
    if (hasScrollEnd) list.addEventListener("scrollend", settle);
    else list.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of takeOverEvents) list.removeEventListener(name, takeOver);
      list.removeEventListener("scrollend", settle);
      list.removeEventListener("scroll", onScroll);
    };
  }, [total]);

  return (
    <div className="relative" data-testid="feature-carousel" data-index={hydrated ? index : undefined}>
      {hydrated ? (
        <div className="mb-4 flex justify-end gap-2">
          <button
            type="button"
            className="btn-secondary h-10 w-10 p-0"
            onClick={() => go(index - 1)}
            disabled={previousDisabled}
            aria-label={t("features.previous")}
            data-testid="carousel-previous"
          >
            <span aria-hidden="true">←</span>
          </button>
          <button
            type="button"
            className="btn-secondary h-10 w-10 p-0"
            onClick={() => go(index + 1)}
            disabled={nextDisabled}
            aria-label={t("features.next")}
            data-testid="carousel-next"
          >
            <span aria-hidden="true">→</span>
          </button>
        </div>
      ) : null}

      <ol
        ref={track}
        className="flex snap-x snap-mandatory gap-6 overflow-x-auto scroll-smooth pb-4 [scrollbar-width:thin]"
        aria-label={t("features.title")}
      >
        {items.map((item, i) => (
          <li
            key={item.title}
            id={`feature-${i + 1}`}
            className="w-[85%] shrink-0 snap-start rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
          >
            <span className="grid h-10 w-10 place-items-center rounded-xl bg-brand-100 text-sm font-bold text-brand-900" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{item.description}</p>
            <details className="group mt-4">
              <summary className="cursor-pointer list-none text-sm font-semibold text-brand-700 [&::-webkit-details-marker]:hidden">
                <span className="group-open:hidden">{t("features.learnMore")}</span>
                <span className="hidden group-open:inline">{t("features.showLess")}</span>
              </summary>
              <p className="mt-2 text-sm text-slate-700">{item.details}</p>
            </details>
          </li>
        ))}
      </ol>

      <nav className="mt-2 flex justify-center gap-1" aria-label={t("features.dots")}>
        {items.map((item, i) => (
          <a
            key={item.title}
            href={`#feature-${i + 1}`}
            onClick={
              hydrated
                ? (event) => {
                    event.preventDefault();
                    go(i);
                  }
                : undefined
            }
            aria-label={t("features.goTo", { number: i + 1 })}
            aria-current={hydrated && i === index ? "true" : undefined}
            // The dot is small; the link around it is a 24 × 24 px tap target at least.
            className="group grid h-6 min-w-6 place-items-center rounded-full"
            data-testid="carousel-dot"
          >
            <span
              aria-hidden="true"
              className={`block h-2.5 rounded-full transition-all ${
                hydrated && i === index ? "w-6 bg-accent" : "w-2.5 bg-slate-400 group-hover:bg-slate-500"
              }`}
            />
          </a>
        ))}
      </nav>
    </div>
  );
}
