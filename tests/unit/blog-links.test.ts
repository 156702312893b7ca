/**
 * Blog articles' links and images (admin-authored Markdown): only http(s), mailto and relative URLs
 * survive; `javascript:`, `data:`, `vbscript:` and their disguises (mixed case, entities, leading
 * spaces, tabs and control characters, reference definitions, autolinks) lose the link and keep
 * their text.
 */
import { describe, expect, it } from "vitest";
import { isSafeArticleUrl, renderArticleBody } from "~/blog/blog.server";

const kept: [string, string][] = [
  ["[site](https://example.com/a?b=1&c=2)", '<a href="https://example.com/a?b=1&amp;c=2">site</a>'],
  ["[plain](http://example.com)", '<a href="http://example.com">plain</a>'],
  ["[HTTPS](HTTPS://EXAMPLE.COM)", '<a href="HTTPS://EXAMPLE.COM">HTTPS</a>'],
  ["[mail](mailto:help@cashwise.test)", '<a href="mailto:help@cashwise.test">mail</a>'],
  ["[page](/en/stores)", '<a href="/en/stores">page</a>'],
  ["[rel](../faq#payouts)", '<a href="../faq#payouts">rel</a>'],
  ["[anchor](#top)", '<a href="#top">anchor</a>'],
  ["[query](stores?q=a:b)", '<a href="stores?q=a:b">query</a>'],
  ["<https://example.com>", '<a href="https://example.com">https://example.com</a>'],
  ["![logo](/icons/icon-192.png)", '<img src="/icons/icon-192.png" alt="logo">'],
];

const dropped: [string, string][] = [
  ["[click](javascript:alert(1))", "<p>click</p>"],
  ["[click](JaVaScRiPt:alert(1))", "<p>click</p>"],
  ["[click]( javascript:alert(1))", "<p>click</p>"],
  ["[click](<java\tscript:alert(1)>)", "<p>click</p>"],
  ["[click](&#106;avascript:alert(1))", "<p>click</p>"],
  ["[click](&#x6A;avascript:alert(1))", "<p>click</p>"],
  ["[click](javascript&colon;alert(1))", "<p>click</p>"],
  ["[click](java&#x09;script:alert(1))", "<p>click</p>"],
  ["[click](<\u0001javascript:alert(1)>)", "<p>click</p>"],
  ["[click](<\u0000javascript:alert(1)>)", "<p>click</p>"],
  ["[click](vbscript:msgbox(1))", "<p>click</p>"],
  ["[click](data:text/html;base64,PHNjcmlwdD4=)", "<p>click</p>"],
  ["[**bold** click](javascript:alert(1))", "<p><strong>bold</strong> click</p>"],
  ["[click][evil]\n\n[evil]: javascript:alert(1)", "<p>click</p>"],
  ["<javascript:alert(1)>", "<p>javascript:alert(1)</p>"],
  ["![a <b> pixel](data:image/png;base64,AAAA)", "<p>a &lt;b&gt; pixel</p>"],
  ["![x](javascript:alert(1))", "<p>x</p>"],
  ["[ftp](ftp://example.com/file)", "<p>ftp</p>"],
];

describe("blog article links", () => {
  it.each(kept)("keeps %j", (markdown, html) => {
    expect(renderArticleBody(markdown)).toContain(html);
  });

  it.each(dropped)("drops the link of %j and keeps its text", (markdown, html) => {
    const out = renderArticleBody(markdown).trim();
    expect(out).toBe(html);
    expect(out).not.toMatch(/<a |<img |href=|src=/);
  });

  it("judges URLs as written", () => {
    expect(isSafeArticleUrl("https://example.com")).toBe(true);
    expect(isSafeArticleUrl("/a:b")).toBe(true);
    expect(isSafeArticleUrl("javascript:x")).toBe(false);
    expect(isSafeArticleUrl("\u0000javascript:x")).toBe(false);
    expect(isSafeArticleUrl("http:x")).toBe(false);
  });
});
