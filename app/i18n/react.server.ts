/**
 * The server's `useTranslation`: the locale's shared Translator (translator.server.ts), handed to
 * the render by entry.server.tsx through `TranslatorContext`. The browser's hook (i18n.client.ts)
 * uses the same Translator, so both sides give the same strings.
 */
import { createContext, useContext } from "react";
import type { Translator } from "./translator";

export { serverTranslator } from "./translator.server";

export const TranslatorContext = createContext<Translator | null>(null);

type FixedT = ReturnType<Translator["getFixedT"]>;
const fixedTs = new WeakMap<Translator, Map<string, FixedT>>();

export function useTranslation(ns?: string | string[]) {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation: the render has no TranslatorContext (entry.server.tsx provides it)");
  const namespace = (typeof ns === "string" ? ns : ns?.[0]) || translator.options.defaultNS;
  let byNamespace = fixedTs.get(translator);
  if (!byNamespace) fixedTs.set(translator, (byNamespace = new Map()));
  let t = byNamespace.get(namespace);
  if (!t) byNamespace.set(namespace, (t = translator.getFixedT(null, namespace)));
  return Object.assign([t, translator, true] as const, { t, i18n: translator, ready: true });
}

/** `withNamespaces` for routes' client loaders; it lives in ./react, with the browser's translator. */
export { withNamespaces } from "./react";
