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

  const scrollToCard = useCallback((target: number) => {
    const list = track.current;
    const card = list?.children[target] as HTMLElement | undefined;
    if (!list || !card) return;
    list.scrollTo({ left: card.offsetLeft - list.offsetLeft, behavior: "smooth" });
  }, []);

  const go = (target: number) => {
    const bounded = Math.min(Math.max(target, 0), total - 1);
    setIndex(bounded);
    scrollToCard(bounded);
  };

  // When the visitor swipes the strip themselves, follow the card that snapped into place.
  useEffect(() => {
    const list = track.current;
    if (!list) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const first = list.children[0] as HTMLElement | undefined;
        if (!first) return;
        const step = first.offsetWidth + 24;
        setIndex(Math.min(total - 1, Math.max(0, Math.round(list.scrollLeft / step))));
      }, 150);
    };
    list.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
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

      <nav className="mt-2 flex justify-center gap-2" aria-label={t("features.dots")}>
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
            className={`block h-2.5 rounded-full transition-all ${
              hydrated && i === index ? "w-6 bg-accent" : "w-2.5 bg-slate-400 hover:bg-slate-500"
            }`}
            data-testid="carousel-dot"
          />
        ))}
      </nav>
    </div>
  );
}
