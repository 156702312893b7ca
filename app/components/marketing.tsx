/**
 * The building blocks of the marketing pages (home, about, webshops): a section's heading, a grid
 * of cards, a grey band and the hero. The texts come from the pages; these only lay them out, one
 * way everywhere. (The list and detail pages' blocks are in public-pages.tsx, so the home page does
 * not load them: issue #17's weight budget.)
 */
import { Icon, type IconName } from "~/components/icon";

/** A section's h2 (the target of its `aria-labelledby`) and an optional lead line. */
export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <>
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      {subtitle ? <p className="mt-3 text-slate-600">{subtitle}</p> : null}
    </>
  );
}

export type Card = { key: string; title: string; text: string; icon?: IconName };

/** A list of cards, each an optional icon, an h3 and a short text. */
export function CardGrid({
  cards,
  className,
  cardClassName = "rounded-2xl bg-surface p-6 shadow-sm",
  titleClassName = "font-semibold",
  iconClassName = "h-8 w-8 text-brand-700",
}: {
  cards: Card[];
  className: string;
  cardClassName?: string;
  titleClassName?: string;
  iconClassName?: string;
}) {
  return (
    <ul className={className}>
      {cards.map((card) => (
        <li key={card.key} className={cardClassName}>
          {card.icon ? <Icon name={card.icon} className={iconClassName} /> : null}
          <h3 className={titleClassName}>{card.title}</h3>
          <p className="mt-2 text-sm text-slate-600">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A full-width grey band holding a section of a marketing page. */
export function BandSection({ labelledBy, children }: { labelledBy: string; children: React.ReactNode }) {
  return (
    <section className="bg-slate-50 py-16" aria-labelledby={labelledBy}>
      <div className="container-page">{children}</div>
    </section>
  );
}

/** A marketing page's opening: an optional eyebrow, the h1 and its lead, then the calls to action. */
export function Hero({
  id,
  eyebrow,
  title,
  text,
  tall = false,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  text: string;
  tall?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-surface" aria-labelledby={id}>
      <div className={`container-page py-20 text-center${tall ? " sm:py-28" : ""}`}>
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
        <h1 id={id} className={`mx-auto ${eyebrow ? "mt-3 " : ""}max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl`}>
          {title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{text}</p>
        {children}
      </div>
    </section>
  );
}
