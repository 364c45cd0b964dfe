// A note's sanitized HTML (the allow-list of docs/product.md#notepad) as plain text for a
// terminal, the same for `curl HOST/{code}` (server) and `codedrop get` (CLI).
const blockTags = new Set(['p', 'h1', 'h2', 'h3', 'blockquote', 'pre', 'li', 'ol', 'ul', 'div']);
const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const point =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : +body.slice(1);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    }
    return namedEntities[body.toLowerCase()] ?? entity;
  });
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(
    attributes,
  );
  const raw = match?.[2] ?? match?.[3] ?? match?.[4];
  return raw === undefined ? undefined : decodeEntities(raw);
}

/**
 * Block elements become lines, list items "- " (indented when nested), links "text (url)",
 * entities are decoded. The HTML was cleaned by the server, so a simple tokenizer is
 * enough; it never renders anything, only drops the markup.
 */
export function noteToText(html: string): string {
  let out = '';
  let preDepth = 0;
  let listDepth = 0;
  const links: { href: string | undefined; start: number }[] = [];
  const newLine = () => {
    out = out.replace(/[ \t]+$/, '');
    if (out !== '' && !out.endsWith('\n')) out += '\n';
  };
  const tokens = /<(\/?)([a-z][a-z0-9]*)([^>]*)>|<!--[\s\S]*?-->|([^<]+|<)/gi;
  for (const [, closing, rawTag, attributes = '', text] of html.matchAll(tokens)) {
    if (text !== undefined) {
      let words = decodeEntities(text);
      // Outside <pre>, HTML whitespace (source line breaks included) is one space.
      if (preDepth === 0) words = words.replace(/[ \t\n\r\f]+/g, ' ');
      if (preDepth === 0 && (out === '' || out.endsWith('\n'))) words = words.trimStart();
      out += words;
      continue;
    }
    if (rawTag === undefined) continue; // a comment
    const tag = rawTag.toLowerCase();
    if (tag === 'br') {
      out += '\n';
    } else if (tag === 'a') {
      if (!closing) links.push({ href: attribute(attributes, 'href'), start: out.length });
      const link = closing ? links.pop() : undefined;
      const label = link ? out.slice(link.start).trim() : '';
      if (link?.href && label !== link.href) out += label ? ` (${link.href})` : link.href;
    } else if (blockTags.has(tag)) {
      newLine();
      if (tag === 'pre') preDepth += closing ? -1 : 1;
      if (tag === 'ol' || tag === 'ul') listDepth += closing ? -1 : 1;
      if (tag === 'li' && !closing) out += `${'  '.repeat(Math.max(0, listDepth - 1))}- `;
    }
  }
  newLine();
  // Empty paragraphs give blank lines, but never more than one in a row.
  return out.replace(/\n{3,}/g, '\n\n').replace(/^\n+/, '');
}
