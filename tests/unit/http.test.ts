/**
 * The routes' one way to answer "not found" and "done, now go there" (app/utils/http.server.ts):
 * one 404 body with the security headers, `invariantResponse`, the parsed intent, and the redirect
 * that sets a one-time message after the route's own cookies.
 */
import { describe, expect, it } from "vitest";
import { formIntent, invariantResponse, notFound, redirectWithFlash } from "~/utils/http.server";

describe("http helpers", () => {
  it("answers 404 with one body and the security headers (and the route's own)", async () => {
    const response = notFound({ "Cache-Control": "no-store" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "not_found" });
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("throws the 404 (or the answer given) unless the condition holds", () => {
    expect(() => invariantResponse("a store", notFound)).not.toThrow();
    try {
      invariantResponse(undefined);
      expect.unreachable();
    } catch (thrown) {
      expect((thrown as Response).status).toBe(404);
    }
    expect(() => invariantResponse(0, () => new Error("gone"))).toThrow("gone");
  });

  it("reads the intent with its schema: a default for none, null for another word", () => {
    const form = (intent?: string) => {
      const data = new FormData();
      if (intent !== undefined) data.set("intent", intent);
      return data;
    };
    expect(formIntent(form("pause"), ["save", "pause"], "save")).toBe("pause");
    expect(formIntent(form(), ["save", "pause"], "save")).toBe("save");
    expect(formIntent(form("drop"), ["mark-all", "mark-one"])).toBeNull();
  });

  it("redirects with the flash cookie after the route's own cookies", async () => {
    const response = await redirectWithFlash("/en/signin", { kind: "notice", key: "logout.done" }, { "Set-Cookie": "session=; Max-Age=0" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/en/signin");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toBe("session=; Max-Age=0");
    expect(cookies[1]).toMatch(/^flash=/);
  });
});
