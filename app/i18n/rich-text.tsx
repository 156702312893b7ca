/**
 * A translation with tagged parts, such as `I agree to the <terms>Terms and Conditions</terms>`,
 * rendered with the caller's element around each part (a link, say). The small, flat case of
 * react-i18next's Trans, without its HTML parser in the browser bundle: tags do not nest, and a
 * tag without an element shows its text plainly.
 */
import { cloneElement, Fragment, type ReactElement } from "react";

export function RichText({ text, components }: { text: string; components: Record<string, ReactElement> }) {
  // split() with two groups gives [text, tag, inner, text, tag, inner, …, text].
  const parts = text.split(/<(\w+)>([^<]*)<\/\1>/);
  return (
    <>
      {parts.map((part, i) => {
        if (i % 3 === 1) return null;
        if (i % 3 === 0) return <Fragment key={i}>{part}</Fragment>;
        const element = components[parts[i - 1]!];
        return element ? cloneElement(element, { key: i }, part) : <Fragment key={i}>{part}</Fragment>;
      })}
    </>
  );
}
