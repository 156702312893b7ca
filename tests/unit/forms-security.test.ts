import { describe, expect, it } from "vitest";
import { filterFaq } from "~/help/faq";
import { clientAddress } from "~/security/client-address.server";
import { checkHoneypot, issueFormToken } from "~/security/honeypot.server";
import { safeRedirect } from "~/utils/redirect-to";
import { formatMoney, formatRate } from "~/utils/money";
import { carouselButtons } from "~/components/home/feature-carousel";

const SECRETS = ["s".repeat(40)];
function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

describe("honeypot", () => {
  const now = Date.UTC(2026, 10, 21, 12);
  const token = issueFormToken(now - 5_000, SECRETS);

  it("lets a person's post through", () => {
    expect(checkHoneypot(form({ website: "", formToken: token }), now, SECRETS)).toBe("ok");
  });
  it("refuses posts missing the honeypot fields", () => {
    expect(checkHoneypot(form({ formToken: token }), now, SECRETS)).toBe("missing-fields");
    expect(checkHoneypot(form({ website: "" }), now, SECRETS)).toBe("missing-fields");
  });
  it("refuses a filled trap, a forged token and a day-old token", () => {
    expect(checkHoneypot(form({ website: "http://spam", formToken: token }), now, SECRETS)).toBe("trap-filled");
    expect(checkHoneypot(form({ website: "", formToken: `${now}.forged` }), now, SECRETS)).toBe("bad-token");
    expect(checkHoneypot(form({ website: "", formToken: issueFormToken(now, ["o".repeat(40)]) }), now, SECRETS)).toBe("bad-token");
    const old = issueFormToken(now - 25 * 60 * 60 * 1000, SECRETS);
    expect(checkHoneypot(form({ website: "", formToken: old }), now, SECRETS)).toBe("bad-token");
  });
  it("accepts a token signed with an older secret during rotation", () => {
    const signedWithOld = issueFormToken(now, ["o".repeat(40)]);
    expect(checkHoneypot(form({ website: "", formToken: signedWithOld }), now, ["n".repeat(40), "o".repeat(40)])).toBe("ok");
  });
});

describe("clientAddress", () => {
  const request = (headers: Record<string, string>) => new Request("http://x/", { headers });
  it("uses the peer address recorded by the server guard, ignoring X-Forwarded-For without a trusted proxy", () => {
    expect(clientAddress(request({ "x-cashwise-peer-address": "::ffff:10.1.2.3", "X-Forwarded-For": "1.1.1.1" }), 0)).toBe("10.1.2.3");
    expect(clientAddress(request({}), 0)).toBe("unknown");
  });
  it("behind N proxies, counts N from the right so a client cannot forge it", () => {
    const r = request({ "X-Forwarded-For": "6.6.6.6, 203.0.113.5", "x-cashwise-peer-address": "10.0.0.1" });
    expect(clientAddress(r, 1)).toBe("203.0.113.5");
    expect(clientAddress(r, 2)).toBe("6.6.6.6");
  });
});

describe("safeRedirect", () => {
  it("follows only paths on this site", () => {
    expect(safeRedirect("/en/faq?q=1", "/en")).toBe("/en/faq?q=1");
    expect(safeRedirect("/en/dashboard#top", "/en")).toBe("/en/dashboard#top");
    const bad = [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      // A tab, newline or carriage return is dropped by browsers: "/\t/evil.example" lands on //evil.example.
      "/\t/evil.example",
      decodeURIComponent("/%09/evil.example"),
      "/\n/evil.example",
      "/\r//evil.example",
      "/ /evil.example",
      "/\u0000/x",
      "/%2F%2Fevil.example/../",
      undefined,
      42,
    ];
    for (const value of bad) {
      const followed = safeRedirect(value, "/en");
      expect(new URL(followed, "https://cashwise.example").origin, String(value)).toBe("https://cashwise.example");
      if (typeof value === "string" && /[\s\\]|^\/\/|:/.test(value.slice(0, 12))) expect(followed, JSON.stringify(value)).toBe("/en");
    }
  });
});

describe("filterFaq", () => {
  const categories = [
    {
      id: "a",
      title: "A",
      questions: [
        { question: "How do I WITHDRAW?", answer: "Use the wallet." },
        { question: "Other", answer: "x" },
      ],
    },
    { id: "b", title: "B", questions: [{ question: "Fees", answer: "No withdrawal fees." }] },
    { id: "c", title: "C", questions: [{ question: "Nothing", answer: "here" }] },
  ];
  it("keeps questions whose question or answer contains the words, any case, and drops empty categories", () => {
    const result = filterFaq(categories, "  withdraw ");
    expect(result.map((c) => c.id)).toEqual(["a", "b"]);
    expect(result[0]!.questions).toHaveLength(1);
    expect(filterFaq(categories, "")).toBe(categories);
    expect(filterFaq(categories, "zzz")).toEqual([]);
  });
});

describe("formatting", () => {
  it("writes dollars the locale's way with two decimals", () => {
    expect(formatMoney(245678, "en")).toBe("$2,456.78");
    expect(formatMoney(2900, "nl")).toMatch(/^\$\s?29,00$/);
    expect(formatMoney(2900, "de")).toMatch(/^29,00\s\$$/);
    expect(formatRate(450, "en")).toBe("4.5%");
  });
});

describe("carousel rules", () => {
  it("disables previous at 0 and next at index ≥ total − 3", () => {
    expect(carouselButtons(0, 5)).toEqual({ previousDisabled: true, nextDisabled: false });
    expect(carouselButtons(1, 5)).toEqual({ previousDisabled: false, nextDisabled: false });
    expect(carouselButtons(2, 5)).toEqual({ previousDisabled: false, nextDisabled: true });
  });
});
