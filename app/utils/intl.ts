/**
 * Intl formatters, made once per locale and options: building one costs far more than using it
 * (a page of cashback rates or a chart's axis formats dozens of numbers). Both the server and the
 * browser use these; the cache is bounded so odd locales or options cannot grow it without end.
 */
const MAX_CACHED = 500;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<F>(cache: Map<string, F>, locales: string | string[] | undefined, options: object | undefined, make: () => F): F {
  const key = `${Array.isArray(locales) ? locales.join(",") : (locales ?? "")}|${options ? JSON.stringify(options) : ""}`;
  let format = cache.get(key);
  if (format === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear();
    format = make();
    cache.set(key, format);
  }
  return format;
}

export function numberFormat(locales?: string | string[], options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locales, options, () => new Intl.NumberFormat(locales, options));
}

export function dateTimeFormat(locales?: string | string[], options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locales, options, () => new Intl.DateTimeFormat(locales, options));
}

export function relativeTimeFormat(locales?: string | string[], options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached(relativeTimeFormats, locales, options, () => new Intl.RelativeTimeFormat(locales, options));
}
