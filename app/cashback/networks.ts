/** Where conversions come from, for screens (browser-safe): the stores' networks, and admins' manual conversions (claims). */
import { STORE_NETWORKS } from "~/db/schema";

export const CONVERSION_NETWORKS = [...STORE_NETWORKS, "manual"] as const;
