/**
 * The critical stylesheet of a first visit: which rules a document keeps, and the stream that
 * holds the document back until its body is complete.
 */
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, test } from "vitest";
import { CRITICAL_CSS_MARKER, classNamesIn, criticalCss, withCriticalCss } from "~/utils/critical-css.server";

const CSS = [
  "*,:before,:after{box-sizing:border-box}",
  ":root{--surface:255 255 255}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
  ".flex{display:flex}",
  ".grid{display:grid}",
  ".hover\\:bg-x:hover{background:red}",
  ".w-\\[390px\\]{width:390px}",
  ".group:hover .group-hover\\:underline{text-decoration:underline}",
  ".space-y-4>:not([hidden])~:not([hidden]){margin-top:1rem}",
  ".a:not(.b){color:blue}",
  ".dark .dark\\:bg-night{background:black}",
  "@media (prefers-color-scheme:dark){.system .dark\\:bg-night{background:black}}",
  "@media (min-width:640px){.sm\\:grid{display:grid}.sm\\:flex{display:flex}}",
  ".one,.two{color:green}",
  "[hidden]{display:none}",
].join("");

function page(classes: string): string {
  return `<!DOCTYPE html><html class="system"><head><style>${CRITICAL_CSS_MARKER}</style></head><body><div class="${classes}"></div></body></html>`;
}

describe("criticalCss", () => {
  test("keeps the rules whose classes the document has, and every rule without a class, in order", () => {
    const kept = criticalCss(CSS, page("flex hover:bg-x sm:flex two"));
    expect(kept).toBe(
      [
        "*,:before,:after{box-sizing:border-box}",
        ":root{--surface:255 255 255}",
        "@keyframes spin{to{transform:rotate(360deg)}}",
        ".flex{display:flex}",
        ".hover\\:bg-x:hover{background:red}",
        "@media (min-width:640px){.sm\\:flex{display:flex}}",
        ".one,.two{color:green}",
        "[hidden]{display:none}",
      ].join(""),
    );
  });

  test("a selector needs all of its classes, outside :not(); a media group goes when it is empty", () => {
    const kept = criticalCss(CSS, page("group-hover:underline space-y-4 a dark:bg-night w-[390px]"));
    expect(kept).not.toContain(".group:hover"); // no element has the class "group"
    expect(kept).toContain(".space-y-4>:not([hidden])");
    expect(kept).toContain(".a:not(.b){color:blue}"); // .b is only inside :not()
    expect(kept).not.toContain(".dark .dark"); // the <html> has "system", not "dark"
    expect(kept).toContain("@media (prefers-color-scheme:dark){.system .dark\\:bg-night{background:black}}");
    expect(kept).toContain(".w-\\[390px\\]{width:390px}");
    expect(kept).not.toContain("min-width:640px");
    expect(criticalCss(CSS, page("group group-hover:underline"))).toContain(".group:hover .group-hover\\:underline");
  });

  test("reads class names from every class attribute, entities decoded", () => {
    expect([...classNamesIn('<p class="a  b\nc"></p><svg class="d"></svg><i data-class="no"></i><b class="x&amp;y"></b>')].sort()).toEqual([
      "a",
      "b",
      "c",
      "d",
      "x&y",
    ]);
  });
});

describe("withCriticalCss", () => {
  async function through(chunks: Array<string | Buffer>): Promise<string> {
    return text(Readable.from(chunks).pipe(withCriticalCss(CSS)));
  }

  test("holds the document until </body>, then sends it with the page's rules in place of the marker", async () => {
    const html = page("grid");
    const cut = html.indexOf("<body>");
    const euro = Buffer.from("€");
    // A multi-byte character split across chunks survives.
    const out = await through([
      html.slice(0, cut),
      Buffer.concat([Buffer.from(html.slice(cut, cut + 6)), euro.subarray(0, 1)]),
      euro.subarray(1),
      html.slice(cut + 6),
      "<script>late()</script>",
    ]);
    expect(out).toContain(".grid{display:grid}");
    expect(out).not.toContain(".flex{display:flex}");
    expect(out).not.toContain(CRITICAL_CSS_MARKER);
    expect(out).toContain("<body>€<div");
    expect(out.endsWith("</html><script>late()</script>")).toBe(true);
  });

  test("a document cut short before </body> gets the whole stylesheet", async () => {
    const out = await through([`<html><head><style>${CRITICAL_CSS_MARKER}</style></head><body><div class="grid">`]);
    expect(out).toBe(`<html><head><style>${CSS}</style></head><body><div class="grid">`);
  });
});
