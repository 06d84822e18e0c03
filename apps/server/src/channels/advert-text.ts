/** Entities an advertise's HTML is likely to use; numeric ones (`&#1575;`, `&#x627;`) are decoded too. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  times: '×',
  divide: '÷',
};

function codePointText(codePoint: number): string {
  const isValid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
  return isValid ? String.fromCodePoint(codePoint) : '\uFFFD';
}

export function decodeEntities(text: string): string {
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g,
    (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return codePointText(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return codePointText(Number.parseInt(name.slice(1), 10));
      return NAMED_ENTITIES[name] ?? NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    },
  );
}

const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const LINKABLE = /^(https?:\/\/|mailto:)/i;

function removeTags(html: string): string {
  return html.replace(/<\/?[a-zA-Z][^>]*>/g, '');
}

/** A link as "text (address)", the address alone when the text is empty or the address itself. */
function linkText(attributes: string, inner: string): string {
  const match = HREF.exec(attributes);
  const rawHref = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim();
  const text = removeTags(inner).trim();
  // javascript:, data: and relative addresses are not worth showing; the text stays
  if (!LINKABLE.test(decodeEntities(rawHref))) return text;
  if (text === '' || decodeEntities(text) === decodeEntities(rawHref)) return ` ${rawHref} `;
  // entities stay encoded here: the one decoding pass below decodes text and address alike
  return `${text} (${rawHref})`;
}

/**
 * An advertise's HTML as plain text: scripts, styles and comments dropped, block elements and `<br>` as line
 * breaks, list items as "• item", links kept as "text (url)", entities decoded, whitespace collapsed.
 */
export function advertText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|head|template|noscript|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi, (_link, attributes: string, inner: string) =>
      linkText(attributes, inner),
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(
      /<\/?(p|div|h[1-6]|ul|ol|table|tr|section|article|header|footer|blockquote|pre|hr)\b[^>]*>/gi,
      '\n',
    )
    .replace(/<\/?(td|th)\b[^>]*>/gi, ' ');
  return decodeEntities(removeTags(text).replace(/<![^>]*>/g, ''))
    .replace(/[^\S\n]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
