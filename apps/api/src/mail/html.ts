import type { Lang } from '../domain/lang.ts';

/**
 * Text written into an e-mail's HTML: every value the server writes (a product's name, a machine's, a link)
 * goes through this, so markup in one arrives as text. Quotes too: a value may sit in an attribute.
 */
export const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The look of a button-like link; mail clients drop style sheets, so it is inline. */
export const buttonStyle =
  'display: inline-block; padding: 12px 20px; background: #1a1a1a; color: #ffffff; text-decoration: none; border-radius: 6px';

/**
 * An e-mail's HTML part around `body` (already escaped HTML), in `lang`, titled `title` (plain text).
 * Inline styles only, for the same reason.
 */
export const htmlDocument = (lang: Lang, title: string, body: string) => `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${escaped(title)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a">
${body}
</body>
</html>
`;

/** A message's details as label and value rows: in plain text a line each, in HTML a table the content escapes. */
export const detailText = (lines: readonly (readonly [string, string])[]) =>
  lines.map(([label, value]) => `${label}: ${value}`);

export const detailTable = (
  lines: readonly (readonly [string, string])[],
) => `<table role="presentation" style="border-collapse: collapse">
${lines
  .map(
    ([label, value]) =>
      `<tr><th style="text-align: left; padding: 4px 16px 4px 0; font-weight: normal; color: #555555">${escaped(label)}</th><td style="padding: 4px 0">${escaped(value)}</td></tr>`,
  )
  .join('\n')}
</table>`;
