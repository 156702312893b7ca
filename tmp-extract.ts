import fs from "node:fs";
import zlib from "node:zlib";
function pdfObjects(pdf: Buffer) {
  const text = pdf.toString("latin1");
  const objects = new Map<number, { dict: string; stream?: string }>();
  for (const match of text.matchAll(/(\d+) 0 obj\b([\s\S]*?)\bendobj/g)) {
    const body = match[2]!;
    const at = body.search(/\bstream\r?\n/);
    if (at < 0) { objects.set(Number(match[1]), { dict: body }); continue; }
    const dict = body.slice(0, at);
    const start = match.index + match[0].indexOf(match[2]!) + at + body.slice(at).match(/^stream\r?\n/)![0].length;
    const end = text.indexOf("endstream", start);
    const raw = pdf.subarray(start, end);
    objects.set(Number(match[1]), { dict, stream: (/\/FlateDecode/.test(dict) ? zlib.inflateSync(raw) : raw).toString("latin1") });
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
function pageTexts(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const ref = (dict: string, key: string) => Number(dict.match(new RegExp(`/${key} (\\d+) 0 R`))?.[1]);
  const pagesObj = [...objects.values()].find((o) => /\/Type \/Pages\b/.test(o.dict))!;
  const kids = [...pagesObj.dict.match(/\/Kids \[([^\]]*)\]/)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  return kids.map((id) => {
    const page = objects.get(id)!;
    const resources = objects.get(ref(page.dict, "Resources"))!.dict;
    const fonts = new Map([...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].map(([, name, fontId]) => [name!, toUnicode(objects.get(ref(objects.get(Number(fontId))!.dict, "ToUnicode"))!.stream!)]));
    const content = objects.get(ref(page.dict, "Contents"))!.stream!;
    let font: Map<number, string> | undefined;
    const out: string[] = [];
    for (const [, fontName, array] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[^\]<])*)\] TJ/g)) {
      if (fontName) { font = fonts.get(fontName); continue; }
      out.push([...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => (hex!.match(/.{4}/g) ?? []).map((code) => font?.get(parseInt(code, 16)) ?? "\ufffd").join("")).join(""));
    }
    return out.join(" ");
  });
}
for (const f of ["/tmp/receipt.pdf", "/tmp/statement.pdf"]) {
  const texts = pageTexts(fs.readFileSync(f));
  console.log(texts.length); console.log(texts[0]!.slice(0, 1500)); console.log("....", texts.at(-1)!.slice(-400));
}
