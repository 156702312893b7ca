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

/**
 * Whether this process runs behind the preloaded guard. Without it the client address cannot be
 * determined (every visitor would share one rate-limit bucket), and bodies are neither limited nor
 * checked before Remix reads them: production refuses to serve then.
 */
export function clientAddressProblem(config: { appEnv: string }, guardLoaded = process.env.CASHWISE_SERVER_GUARD === "1"): string | null {
  if (config.appEnv !== "production" || guardLoaded) return null;
  return "Refusing to serve: the client address cannot be determined without scripts/server-guard.cjs. Start the server with `npm start`, or run remix-serve with `node --require ./scripts/server-guard.cjs`.";
}

function normalise(address: string): string {
  return address.replace(/^::ffff:/, "");
}
