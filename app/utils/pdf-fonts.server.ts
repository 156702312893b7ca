/**
 * Fonts for every PDF (the wallet's statements and receipts, the ad reports): owns which font files the PDFs embed, where they are read from, and
 * how a text is cut into runs that one font each covers, in the order they are drawn.
 *
 * The fonts are Noto Sans SC (Latin, Chinese, kana…) and Noto Sans Arabic from the @fontsource
 * npm packages, resolved from node_modules at run time (so they work under vitest and from the
 * bundled server build alike). Fontsource ships them cut into subsets; the PDFs use, in order of
 * preference: SC "chinese-simplified" (Latin-1, punctuation, ~7,000 common ideographs, kana), the
 * Arabic subset, a few small Latin-extended, Vietnamese and Cyrillic subsets, then any of SC's ~100
 * numbered slices (rarer ideographs) whose range holds the character. A file is read the first
 * time a character needs it, then kept.
 *
 * WOFF files are turned into plain TrueType in memory (node:zlib) before pdfkit sees them:
 * fontkit reads WOFF, but inflates the whole glyph table again for every glyph (seconds per PDF),
 * and its WOFF2 subsetting embeds the whole font (megabytes per PDF). pdfkit embeds only the
 * glyphs a PDF uses.
 *
 * Arabic (and Hebrew) is written right to left: fontkit shapes each word (joined letter forms) and
 * puts its glyphs in visual order; here the words, numbers and spaces of a right-to-left stretch
 * are put in visual order too. This is not the full Unicode bidirectional algorithm: a stretch that
 * wraps over two lines keeps its words in the order of one long line.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import zlib from "node:zlib";

export type FontWeight = 400 | 700;

interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

const nodeRequire = createRequire(import.meta.url);
// fontkit is pdfkit's own font engine: loaded from where pdfkit is, it is the very one pdfkit uses.
const fontkit = createRequire(nodeRequire.resolve("pdfkit"))("fontkit") as { create(data: Buffer): FontkitFont };

const SC = "@fontsource/noto-sans-sc";
const ARABIC = "@fontsource/noto-sans-arabic";

interface FaceSpec {
  /** The pdfkit name the face is registered under (unique per weight). */
  name: string;
  pkg: string;
  subset: string;
  /** The subset's Unicode ranges from the package's unicode.json (none: ask the font itself). */
  ranges?: Array<[number, number]>;
}

export interface Face {
  name: string;
  /** The font as TrueType, for pdfkit. */
  data: Buffer;
  font: FontkitFont;
}

function parseRanges(unicodeRange: string): Array<[number, number]> {
  return unicodeRange.split(",").map((part) => {
    const [start, end = start] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(start!, 16), parseInt(end!, 16)];
  });
}

function unicodeRanges(pkg: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(nodeRequire.resolve(`${pkg}/unicode.json`), "utf8")) as Record<string, string>;
}

let specs: FaceSpec[] | undefined;

/** The faces in order of preference (for one weight: the name gets the weight appended). */
function faceSpecs(): FaceSpec[] {
  if (!specs) {
    const sc = unicodeRanges(SC);
    const arabic = unicodeRanges(ARABIC);
    const named = (pkg: string, subset: string, table?: Record<string, string>): FaceSpec => ({
      name: `${pkg === SC ? "sc" : "arabic"}-${subset}`,
      pkg,
      subset,
      ranges: table?.[subset] ? parseRanges(table[subset]) : undefined,
    });
    specs = [
      named(SC, "chinese-simplified"),
      named(ARABIC, "arabic", arabic),
      named(ARABIC, "latin-ext", arabic),
      named(ARABIC, "latin", arabic),
      named(SC, "vietnamese", sc),
      named(SC, "cyrillic", sc),
      ...Object.keys(sc)
        .filter((key) => /^\[\d+\]$/.test(key))
        .map((key) => ({ name: `sc-${key.slice(1, -1)}`, pkg: SC, subset: key.slice(1, -1), ranges: parseRanges(sc[key]!) })),
    ];
  }
  return specs;
}

/** A WOFF 1.0 file as the TrueType/OpenType file it wraps (its tables inflated); any other font as is. */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") return woff;
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.toString("latin1", entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? zlib.inflateSync(stored) : stored,
    };
  });
  const padded = (length: number) => (length + 3) & ~3;
  let offset = 12 + numTables * 16;
  const sfnt = Buffer.alloc(tables.reduce((size, table) => size + padded(table.data.length), offset));
  const entrySelector = Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(2 ** entrySelector * 16, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(numTables * 16 - 2 ** entrySelector * 16, 10);
  // WOFF keeps the table directory sorted by tag, as sfnt wants it.
  tables.forEach((table, i) => {
    const entry = 12 + i * 16;
    sfnt.write(table.tag, entry, "latin1");
    sfnt.writeUInt32BE(table.checksum, entry + 4);
    sfnt.writeUInt32BE(offset, entry + 8);
    sfnt.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

/** Where a face's file is: `<package>/files/<family>-<subset>-<weight>-normal.woff`. */
function fontFile(spec: { pkg: string; subset: string }, weight: FontWeight): string {
  const family = spec.pkg.split("/")[1]!;
  return nodeRequire.resolve(`${spec.pkg}/files/${family}-${spec.subset}-${weight}-normal.woff`);
}

function tableOffset(sfnt: Buffer, tag: string): number {
  for (let i = 0; i < sfnt.readUInt16BE(4); i++) {
    const entry = 12 + i * 16;
    if (sfnt.toString("latin1", entry, entry + 4) === tag) return sfnt.readUInt32BE(entry + 8);
  }
  throw new Error(`Font without a ${tag} table`);
}

/**
 * The font's vertical metrics (hhea ascent, descent, line gap: what fontkit and so pdfkit place
 * text by) set to those of `like`, in proportion to each one's units per em. pdfkit puts a text's
 * baseline one ascent below the line's top and moves down by ascent + descent + gap, both from the
 * font in use: with the fonts' own metrics (Arabic's are much taller) an Arabic word would sit
 * lower than the Latin beside it, and its line would be taller.
 */
function matchVerticalMetrics(sfnt: Buffer, like: Buffer): Buffer {
  const metrics = (font: Buffer) => {
    const head = tableOffset(font, "head");
    const hhea = tableOffset(font, "hhea");
    return { hhea, unitsPerEm: font.readUInt16BE(head + 18), values: [4, 6, 8].map((at) => font.readInt16BE(hhea + at)) };
  };
  const source = metrics(like);
  const target = metrics(sfnt);
  source.values.forEach((value, i) =>
    sfnt.writeInt16BE(Math.round((value * target.unitsPerEm) / source.unitsPerEm), target.hhea + 4 + 2 * i),
  );
  return sfnt;
}

const loaded = new Map<string, Face>();

function face(spec: FaceSpec, weight: FontWeight): Face {
  const name = `${spec.name}-${weight}`;
  let result = loaded.get(name);
  if (!result) {
    const primary = faceSpecs()[0]!;
    let data = woffToSfnt(fs.readFileSync(fontFile(spec, weight)));
    if (spec !== primary) data = matchVerticalMetrics(data, face(primary, weight).data);
    result = { name, data, font: fontkit.create(data) };
    loaded.set(name, result);
  }
  return result;
}

const inRanges = (codePoint: number, ranges: Array<[number, number]>) =>
  ranges.some(([start, end]) => codePoint >= start && codePoint <= end);

/** The first face that has a glyph for the code point (undefined: none has). */
export function faceFor(codePoint: number, weight: FontWeight): Face | undefined {
  for (const spec of faceSpecs()) {
    if (spec.ranges && !inRanges(codePoint, spec.ranges)) continue;
    const candidate = face(spec, weight);
    if (candidate.font.hasGlyphForCodePoint(codePoint)) return candidate;
  }
  return undefined;
}

/** The face most text is written in. */
export const primaryFace = (weight: FontWeight): Face => face(faceSpecs()[0]!, weight);

// A right-to-left letter (Arabic, Hebrew), any other letter, and the tokens of a right-to-left
// stretch: a word (letters, their marks and joiners; no digits), a number, any other character.
const RTL = String.raw`(?:(?=\p{L})[\p{sc=Arab}\p{sc=Hebr}])`;
const LTR = String.raw`(?:(?=\p{L})[^\p{sc=Arab}\p{sc=Hebr}])`;
const RTL_STRETCH = new RegExp(`${RTL}(?:(?:(?!${LTR})[\\s\\S])*${RTL})?`, "gu");
const RTL_TOKEN = /(?:(?!\p{Nd})[\p{scx=Arab}\p{scx=Hebr}\p{M}\u200c\u200d])+|\p{Nd}+(?:[.,]\p{Nd}+)*|[\s\S]/gu;
const MIRRORED: Record<string, string> = {
  "(": ")",
  ")": "(",
  "[": "]",
  "]": "[",
  "{": "}",
  "}": "{",
  "<": ">",
  ">": "<",
  "«": "»",
  "»": "«",
};

/**
 * The text with each right-to-left stretch (from a right-to-left letter to the last one before the
 * next left-to-right letter) in visual order: its words, numbers and the characters between them
 * reversed, paired brackets mirrored, each word and number kept in reading order (fontkit puts the
 * letters of an Arabic word in visual order itself, and numbers read left to right).
 */
export function visualOrder(text: string): string {
  return text.replace(RTL_STRETCH, (stretch) =>
    Array.from(stretch.matchAll(RTL_TOKEN), ([token]) => MIRRORED[token] ?? token)
      .reverse()
      .join(""),
  );
}

export interface TextRun {
  face: Face;
  text: string;
}

const NEUTRAL = /[\p{Z}\p{P}\p{S}\p{M}\p{Cf}]/u;
const SPACE = /\p{Zs}/u;
const RTL_TEXT = new RegExp(RTL, "u");

/**
 * The text in visual order, cut into runs of one face each. A space or punctuation mark stays in
 * the run before it when that run's face has it (so a phrase is not cut at every space), except a
 * space after right-to-left text. A space no face has (U+202F narrow no-break space, used by Intl's
 * French number format) is written as a no-break space; any other missing character is left to the
 * primary face (its "missing glyph" box, rather than a silent gap).
 */
export function textRuns(text: string, weight: FontWeight): TextRun[] {
  const runs: TextRun[] = [];
  for (let char of visualOrder(text)) {
    const codePoint = char.codePointAt(0)!;
    const last = runs.at(-1);
    let target: Face | undefined;
    // pdfkit shapes word by word, a word with the space after it, and fontkit reverses a right-to-left
    // word's glyphs, that space included: a space after right-to-left text starts a run of its own.
    const keepsRun = NEUTRAL.test(char) && !(/[ \t]/.test(char) && RTL_TEXT.test(last?.text ?? ""));
    if (last && keepsRun && last.face.font.hasGlyphForCodePoint(codePoint)) target = last.face;
    else target = faceFor(codePoint, weight);
    if (!target && SPACE.test(char)) {
      char = "\u00a0";
      target = last?.face.font.hasGlyphForCodePoint(0xa0) ? last.face : faceFor(0xa0, weight);
    }
    target ??= primaryFace(weight);
    if (last && last.face === target) last.text += char;
    else runs.push({ face: target, text: char });
  }
  return runs;
}

/**
 * Writes a text with pdfkit in as many fonts as it needs, at (x, y) when given, with the text
 * options (width…) of one `text()` call. The font size is the document's current one.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  weight: FontWeight,
  options: PDFKit.Mixins.TextOptions = {},
  at?: { x: number; y: number },
): void {
  const runs = textRuns(text, weight);
  if (runs.length === 0) runs.push({ face: primaryFace(weight), text: "" });
  runs.forEach((run, index) => {
    // Registering again under the same name is harmless: pdfkit opens a name's font once per document.
    doc.registerFont(run.face.name, run.face.data).font(run.face.name);
    const runOptions = { ...options, continued: index < runs.length - 1 };
    if (index === 0 && at) doc.text(run.text, at.x, at.y, runOptions);
    else doc.text(run.text, runOptions);
  });
}
