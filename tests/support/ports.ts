/** Ports for suites that start servers of their own. */
import net from "node:net";

/** A TCP port nobody listens on now, chosen by the OS: listen on 0, read the port, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      if (!address || typeof address !== "object") return reject(new Error("no port"));
      probe.close(() => resolve(address.port));
    });
  });
}
