import { describe, expect, it } from "vitest";
import { clientAddressProblem } from "~/security/client-address.server";
import { judgeOrigin } from "~/security/csrf.server";
import { contentSecurityPolicy, securityHeaders } from "~/security/headers.server";

const appUrl = new URL("https://cashwise.example");

function post(headers: Record<string, string>, url = "https://cashwise.example/en/contact") {
  return new Request(url, { method: "POST", headers });
}

describe("judgeOrigin", () => {
  it("accepts posts from the app's own origin", () => {
    expect(judgeOrigin(post({ Origin: "https://cashwise.example" }), appUrl)).toBe("same-origin");
    expect(judgeOrigin(post({ "Sec-Fetch-Site": "same-origin" }), appUrl)).toBe("same-origin");
  });

  it("accepts the request's own origin (a second host name of the same server)", () => {
    const request = post({ Origin: "http://127.0.0.1:3000" }, "http://127.0.0.1:3000/en/contact");
    expect(judgeOrigin(request, appUrl)).toBe("same-origin");
  });

  it("refuses another site, a look-alike, and an opaque origin", () => {
    expect(judgeOrigin(post({ Origin: "https://evil.example" }), appUrl)).toBe("cross-site");
    expect(judgeOrigin(post({ Origin: "https://cashwise.example.evil.example" }), appUrl)).toBe("cross-site");
    expect(judgeOrigin(post({ Origin: "http://cashwise.example" }), appUrl)).toBe("cross-site");
    expect(judgeOrigin(post({ Origin: "null" }), appUrl)).toBe("cross-site");
    expect(judgeOrigin(post({ "Sec-Fetch-Site": "cross-site" }), appUrl)).toBe("cross-site");
    expect(judgeOrigin(post({ "Sec-Fetch-Site": "same-site" }), appUrl)).toBe("cross-site");
  });

  it("lets the Origin header decide when both are present", () => {
    expect(judgeOrigin(post({ Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" }), appUrl)).toBe("cross-site");
  });

  it("treats a request with neither header as a non-browser client", () => {
    expect(judgeOrigin(post({}), appUrl)).toBe("no-browser-context");
  });
});

describe("security headers", () => {
  it("allow scripts only with the request's nonce and deny framing", () => {
    const csp = contentSecurityPolicy("abc123", false);
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
  });

  it("add HSTS and upgrade-insecure-requests only over https", () => {
    expect(securityHeaders({ https: true })["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(contentSecurityPolicy(undefined, true)).toContain("upgrade-insecure-requests");
    expect(securityHeaders({ https: false })).not.toHaveProperty("Strict-Transport-Security");
    expect(securityHeaders({ https: false })["X-Content-Type-Options"]).toBe("nosniff");
    expect(securityHeaders({ https: false })["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("the server guard in production", () => {
  it("production refuses to serve without the preloaded guard (visitors could not be told apart)", () => {
    expect(clientAddressProblem({ appEnv: "production" }, false)).toMatch(/Refusing to serve: the client address cannot be determined/);
    expect(clientAddressProblem({ appEnv: "production" }, true)).toBeNull();
    expect(clientAddressProblem({ appEnv: "development" }, false)).toBeNull();
  });
});
