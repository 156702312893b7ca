/**
 * Reading a received message's MIME parts in tests (no mail parser needed): the parts of nested
 * multipart bodies, each with its headers and decoded bytes, and the attachments among them.
 * Enough for what nodemailer writes (base64, quoted-printable, 7bit; RFC 2231 file names).
 */

export interface MimePart {
  headers: Record<string, string>;
  contentType: string;
  bytes: Buffer;
}

export interface MimeAttachment {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: "" };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function param(header: string, name: string): string | null {
  // RFC 2231 continuations (name*0*=utf-8''a; name*1*=b) and plain or quoted values.
  const pieces = [...header.matchAll(new RegExp(`${name}\\*(\\d+)\\*?=("?)([^";]*)\\2`, "gi"))];
  if (pieces.length) {
    const joined = pieces
      .sort((a, b) => Number(a[1]) - Number(b[1]))
      .map((piece) => piece[3])
      .join("");
    return decodeURIComponent(joined.replace(/^utf-8''/i, ""));
  }
  const extended = new RegExp(`${name}\\*=([^;]*)`, "i").exec(header);
  if (extended) return decodeURIComponent(extended[1]!.trim().replace(/^utf-8''/i, ""));
  const plain = new RegExp(`${name}=("?)([^";]*)\\1`, "i").exec(header);
  return plain ? plain[2]! : null;
}

function decodeBody(body: string, encoding: string): Buffer {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1");
  }
  return Buffer.from(body, "latin1");
}

/** Every leaf part of the message, depth first (the raw text read as latin1 keeps bytes intact). */
export function mimeParts(raw: string): MimePart[] {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const contentType = (headers["content-type"] ?? "text/plain").split(";")[0]!.trim().toLowerCase();
  if (contentType.startsWith("multipart/")) {
    const boundary = param(headers["content-type"]!, "boundary");
    if (!boundary) return [];
    const sections = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*\\r?\\n?`));
    // The preamble before the first boundary and the epilogue after the last one are not parts.
    return sections.slice(1, -1).flatMap((section) => mimeParts(section));
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  return [{ headers, contentType, bytes: decodeBody(body, encoding) }];
}

/** The message's attachments: parts with a file name (Content-Disposition or Content-Type's name). */
export function mailAttachments(raw: string): MimeAttachment[] {
  return mimeParts(raw).flatMap((part) => {
    const disposition = part.headers["content-disposition"] ?? "";
    const filename = param(disposition, "filename") ?? param(part.headers["content-type"] ?? "", "name");
    if (!filename || !/^attachment/i.test(disposition)) return [];
    return [{ filename, contentType: part.contentType, bytes: part.bytes }];
  });
}

/** A top-level header of the message, unfolded and with its RFC 2047 encoded words decoded (adjacent ones joined). */
export function mailHeader(raw: string, name: string): string | null {
  const value = parseHeaders(splitHead(raw).head)[name.toLowerCase()];
  if (value === undefined) return null;
  // Whitespace between two encoded words is not part of the text (RFC 2047, 6.2).
  const joined = value.replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)\s+(?==\?[^?]+\?[QB]\?)/gi, "$1");
  return joined.replace(/((?:=\?([^?]+)\?([QB])\?[^?]*\?=)+)/gi, (run: string) => {
    const bytes = [...run.matchAll(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi)].map(([, kind, text]) =>
      kind!.toUpperCase() === "B"
        ? Buffer.from(text!, "base64")
        : Buffer.from(
            text!.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          ),
    );
    return Buffer.concat(bytes).toString("utf8");
  });
}
