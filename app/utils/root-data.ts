import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/** The root loader's data (site contact details, the year), when the root loader succeeded. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
