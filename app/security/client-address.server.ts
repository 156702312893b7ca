/**
 * Who is asking: the client's network address, for rate limits and the contact log. Behind
 * `TRUST_PROXY` reverse proxies it is read from X-Forwarded-For (counting from the right, so a
 * client cannot forge it); otherwise it is the TCP peer that `scripts/server-guard.cjs` records.
 */
import { env } from "~/config/env.server";

export const PEER_ADDRESS_HEADER = "x-cashwise-peer-address";

export function clientAddress(request: Request, trustProxy: number = env().trustProxy): string {
  if (trustProxy > 0) {
    const hops = (request.headers.get("X-Forwarded-For") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const fromProxy = hops[hops.length - trustProxy];
    if (fromProxy) return normalise(fromProxy);
  }
  const peer = request.headers.get(PEER_ADDRESS_HEADER);
  return peer ? normalise(peer) : "unknown";
}

function normalise(address: string): string {
  return address.replace(/^::ffff:/, "");
}
