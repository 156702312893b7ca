/**
 * E-mail layout: turns already-translated parts (heading, paragraphs, an optional code or button)
 * into the text and HTML bodies of one message. Every value is HTML-escaped.
 */
export interface MailParts {
  locale: string;
  heading: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
  /** Earlier text quoted below the message (a reply's original), introduced by `label`. */
  quote?: { label: string; text: string };
  footer: string;
  /** The sender named above the heading, in its colour (#rrggbb); default Cashwise (white-label mail names the agency). */
  brand?: { name: string; color: string };
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const brandColor = (color: string | undefined) => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : "#047857");

export function renderMail(parts: MailParts): { text: string; html: string } {
  const text = [
    parts.heading,
    "",
    ...parts.paragraphs.flatMap((p) => [p, ""]),
    ...(parts.code ? [parts.code, ""] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ""] : []),
    ...(parts.quote ? [parts.quote.label, ...parts.quote.text.split(/\r?\n/).map((line) => `> ${line}`), ""] : []),
    "--",
    parts.footer,
  ].join("\n");

  const html = `<!DOCTYPE html><html lang="${escape(parts.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(parts.heading)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;color:${brandColor(parts.brand?.color)};padding-bottom:16px">${escape(parts.brand?.name ?? "Cashwise")}</td></tr>
<tr><td style="font-size:22px;font-weight:700;padding-bottom:16px">${escape(parts.heading)}</td></tr>
${parts.paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.6;padding-bottom:12px">${escape(p)}</td></tr>`).join("\n")}
${parts.code ? `<tr><td style="font-size:32px;font-weight:700;letter-spacing:8px;padding:8px 0 20px">${escape(parts.code)}</td></tr>` : ""}
${parts.action ? `<tr><td style="padding:8px 0 20px"><a href="${escape(parts.action.url)}" style="display:inline-block;background:#047857;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:8px">${escape(parts.action.label)}</a><p style="font-size:12px;color:#475569;word-break:break-all">${escape(parts.action.url)}</p></td></tr>` : ""}
${parts.quote ? `<tr><td style="font-size:14px;color:#475569;padding-bottom:16px">${escape(parts.quote.label)}<blockquote style="margin:8px 0 0;padding:4px 0 4px 12px;border-left:3px solid #cbd5e1;white-space:pre-wrap">${escape(parts.quote.text)}</blockquote></td></tr>` : ""}
<tr><td style="font-size:12px;color:#475569;border-top:1px solid #e2e8f0;padding-top:16px">${escape(parts.footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { text, html };
}
