/**
 * The critical part of the stylesheet for one document: the rules whose class names all appear in
 * that document, plus every rule that names no class (the base styles, variables, keyframes). A
 * first visit gets only these inline (app/utils/stylesheet.tsx); the whole file follows at the end
 * of the body, before any script runs, so nothing added later in the browser goes unstyled.
 *
 * postcss and postcss-selector-parser read the stylesheet, once per build. Choosing rules by class
 * names alone is deliberately generous: a selector's pseudo-classes, attributes, combinators and
 * the classes inside `:not()`, `:is()`, `:where()` and `:has()` are not tested, so a rule is only
 * left out when the document certainly lacks one of its classes. (A critical-CSS library such as
 * beasties matches whole selectors against a parsed DOM: about 30 ms a document here, and it
 * rewrites the document React is about to hydrate; this takes well under a millisecond and only
 * touches the text of the <style>.)
 */
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import postcss, { type AtRule, type ChildNode, type Root } from "postcss";
import selectorParser from "postcss-selector-parser";

/** What the <style> of an inline document holds until the page below it has been rendered. */
export const CRITICAL_CSS_MARKER = "/*cw:critical-css*/";

type Entry =
  /** A rule: kept when every class of one of its selectors is in the document (`null`: always). */
  | { kind: "rule"; text: string; selectors: string[][] | null }
  /** An at-rule holding rules (`@media`, `@supports`): kept with those of its rules that are kept. */
  | { kind: "group"; open: string; children: Entry[] }
  /** Anything else (`@keyframes`, `@font-face`, `@property`, …): always kept. */
  | { kind: "verbatim"; text: string };

const GROUPING = new Set(["media", "supports", "layer", "container"]);
const FUNCTIONAL_PSEUDO = new Set([":not", ":is", ":where", ":has", ":matches"]);

/** The classes a selector needs, leaving out those inside functional pseudo-classes. */
function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  try {
    selectorParser((root) => {
      root.walkClasses((node) => {
        for (let parent = node.parent; parent; parent = parent.parent) {
          if (parent.type === "pseudo" && FUNCTIONAL_PSEUDO.has(parent.value.toLowerCase())) return;
        }
        classes.push(node.value);
      });
    }).processSync(selector);
  } catch {
    return []; // a selector we cannot read is kept
  }
  return classes;
}

function entriesOf(nodes: ChildNode[]): Entry[] {
  const entries: Entry[] = [];
  for (const node of nodes) {
    if (node.type === "rule") {
      const selectors = node.selectors.map(requiredClasses);
      entries.push({
        kind: "rule",
        text: node.toString(),
        selectors: selectors.some((classes) => classes.length === 0) ? null : selectors,
      });
    } else if (node.type === "atrule" && GROUPING.has(node.name) && node.nodes) {
      entries.push({
        kind: "group",
        open: `@${node.name}${node.raws.afterName ?? " "}${node.params}{`,
        children: entriesOf((node as AtRule).nodes ?? []),
      });
    } else if (node.type !== "comment") {
      entries.push({ kind: "verbatim", text: node.toString() });
    }
  }
  return entries;
}

let indexed: { css: string; entries: Entry[] } | null = null;

function entriesFor(css: string): Entry[] {
  if (indexed?.css !== css) indexed = { css, entries: entriesOf((postcss.parse(css) as Root).nodes) };
  return indexed.entries;
}

/** Every class name in the document's `class` attributes. */
export function classNamesIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) names.add(name.includes("&") ? decodeEntities(name) : name);
  }
  return names;
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, entity: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[entity] ?? _,
  );
}

function keep(entries: Entry[], classes: Set<string>, out: string[]): void {
  for (const entry of entries) {
    if (entry.kind === "verbatim") out.push(entry.text);
    else if (entry.kind === "rule") {
      if (entry.selectors === null || entry.selectors.some((needed) => needed.every((name) => classes.has(name)))) out.push(entry.text);
    } else {
      const inner: string[] = [];
      keep(entry.children, classes, inner);
      if (inner.length) out.push(entry.open, ...inner, "}");
    }
  }
}

/** The rules of `css` that the document `html` can use, in their original order. */
export function criticalCss(css: string, html: string): string {
  const out: string[] = [];
  keep(entriesFor(css), classNamesIn(html), out);
  return out.join("");
}

/**
 * The document stream of an inline first visit: held back until the end of the body, when the
 * classes the page uses are known, then sent with the marker replaced by those rules (the whole
 * stylesheet if the body never ends, as when rendering is cut short), and passed through after.
 */
export function withCriticalCss(css: string): Transform {
  const decoder = new StringDecoder("utf8");
  let held: string | null = "";
  const release = (html: string, complete: boolean) => {
    const at = html.indexOf(CRITICAL_CSS_MARKER);
    if (at === -1) return html;
    const rules = complete ? criticalCss(css, html) : css;
    return html.slice(0, at) + rules + html.slice(at + CRITICAL_CSS_MARKER.length);
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
      if (held === null) return done(null, text);
      held += text;
      if (!held.includes("</body>")) return done();
      const html = release(held, true);
      held = null;
      done(null, html);
    },
    flush(done) {
      const rest = decoder.end();
      if (held === null) return done(null, rest || undefined);
      const html = release(held + rest, false);
      held = null;
      done(null, html);
    },
  });
}
