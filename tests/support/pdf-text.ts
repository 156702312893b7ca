/**
 * Reading a pdfkit PDF's text back in tests (no PDF library needed): each page's text operations
 * read through the fonts' ToUnicode maps, as copying and searching in a viewer would. Used for the
 * wallet's receipts and statements (tests/unit/pdf.test.ts) and the ad reports.
 */
import zlib from "node:zlib";

function pdfObjects(pdf: Buffer): Map<number, { dict: string; stream?: string }> {
  const text = pdf.toString("latin1");
  const objects = new Map<number, { dict: string; stream?: string }>();
  for (const match of text.matchAll(/(\d+) 0 obj\b([\s\S]*?)\bendobj/g)) {
    const body = match[2]!;
    const keyword = /\bstream\r?\n/.exec(body);
    if (!keyword) {
      objects.set(Number(match[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, keyword.index);
    const start = match.index + match[0].length - body.length - "endobj".length + keyword.index + keyword[0].length;
    const raw = pdf.subarray(start, text.indexOf("endstream", start));
    let stream: string;
    try {
      stream = (dict.includes("/FlateDecode") ? zlib.inflateSync(raw) : raw).toString("latin1");
    } catch {
      stream = "";
    }
    objects.set(Number(match[1]), { dict, stream });
  }
  return objects;
}

function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const decode = (hex: string) => String.fromCharCode(...(hex.replace(/\s+/g, "").match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, first, entries] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g)) {
    [...entries!.matchAll(/<([0-9a-fA-F ]*)>/g)].forEach(([, hex], i) => map.set(parseInt(first!, 16) + i, decode(hex!)));
  }
  return map;
}

/**
 * Each page's text, in drawing order, one text operation after the other (separated by a space):
 * the glyph codes of its TJ operations read back through the fonts' ToUnicode maps. (Arabic comes
 * back in shaped, visual order: assertions stick to Latin, digits and Chinese.)
 */
export function pdfPageTexts(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const tree = [...objects.values()].find((object) => /\/Type \/Pages\b/.test(object.dict))!;
  const kids = [.../\/Kids \[([^\]]*)\]/.exec(tree.dict)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  return kids.map((id) => {
    const page = objects.get(id)!;
    const resources = objects.get(ref(page.dict, "Resources"))!.dict;
    const fonts = new Map(
      [...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].map(([, name, font]) => [
        name!,
        toUnicode(objects.get(ref(objects.get(Number(font))!.dict, "ToUnicode"))?.stream ?? ""),
      ]),
    );
    let font: Map<number, string> | undefined;
    const out: string[] = [];
    for (const [, name, array] of objects
      .get(ref(page.dict, "Contents"))!
      .stream!.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[^\]<])*)\] TJ/g)) {
      if (name) font = fonts.get(name);
      else
        out.push(
          [...array!.matchAll(/<([0-9a-fA-F]*)>/g)]
            .map(([, hex]) => (hex!.match(/.{4}/g) ?? []).map((code) => font?.get(parseInt(code, 16)) ?? "\ufffd").join(""))
            .join(""),
        );
    }
    return out.join(" ");
  });
}

/** Text without its spaces (line breaks, no-break spaces and the gaps between runs vary). */
export const squeeze = (text: string) => text.replace(/\s+/g, "");

/** Every page's content stream (drawing operators), inflated. */
export function pdfPageContents(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const tree = [...objects.values()].find((object) => /\/Type \/Pages\b/.test(object.dict))!;
  const kids = [.../\/Kids \[([^\]]*)\]/.exec(tree.dict)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  return kids.map((id) => objects.get(ref(objects.get(id)!.dict, "Contents"))!.stream ?? "");
}
