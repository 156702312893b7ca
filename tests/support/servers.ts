/** For suites that start servers of their own: a free port, and the built server's environment. */
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

/**
 * The built server's environment: production, jobs in the process, and nothing of vitest's (with
 * VITEST set the server would not run jobs). Suites add their own mail and proxy settings.
 */
export function serverEnvironment(settings: {
  port: number;
  appUrl: string;
  databaseUrl: string;
  sessionSecret: string;
}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: "production",
    APP_ENV: "test",
    PORT: String(settings.port),
    APP_URL: settings.appUrl,
    DATABASE_URL: settings.databaseUrl,
    SESSION_SECRET: settings.sessionSecret,
    JOBS: "inline",
  };
}
