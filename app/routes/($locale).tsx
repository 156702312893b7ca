/**
 * The locale segment. Every page lives under it. A path whose first segment is not a locale we
 * speak is redirected to `/<locale><path and query>`; opening a page in a locale remembers that
 * locale in the language cookie (the loader: ~/i18n/locale-route.server).
 */
import { Outlet } from "@remix-run/react";

export { loader } from "~/i18n/locale-route.server";

export default function LocaleLayout() {
  return <Outlet />;
}
