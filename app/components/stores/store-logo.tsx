/** A store's logo, or its initial on a coloured tile when there is no logo file. */
export function StoreLogo({ name, logo, size = "h-12 w-12" }: { name: string; logo: string | null; size?: string }) {
  if (logo) {
    // Explicit dimensions from the size class (Tailwind: h-12 = 3rem = 48px), so the image reserves its box before it loads.
    const steps = /(?:^|\s)h-(\d+)(?:\s|$)/.exec(size)?.[1];
    const px = steps ? Number(steps) * 4 : undefined;
    return <img src={logo} alt="" width={px} height={px} decoding="async" className={`${size} shrink-0 rounded-xl object-contain`} />;
  }
  const palette = [
    "bg-brand-100 text-brand-900",
    "bg-sky-100 text-sky-900",
    "bg-amber-100 text-amber-900",
    "bg-rose-100 text-rose-900",
    "bg-violet-100 text-violet-900",
  ];
  const tone = palette[[...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % palette.length];
  return (
    <span className={`${size} grid shrink-0 place-items-center rounded-xl text-lg font-bold ${tone}`} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
