import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const blocks = new Set(['p', 'h1', 'h2', 'h3', 'blockquote', 'pre', 'ul', 'ol', 'li', 'div']);

/**
 * A note's sanitized HTML as plain text for a terminal: one line per paragraph or heading,
 * list items as "- " or "1. ", links as "text (url)" when the text is not the url, entities
 * decoded by the HTML parser. Never HTML.
 */
export function noteToText(html: string): string {
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    if (line.trim() !== '') lines.push(line.replace(/\s+$/, ''));
    line = '';
  };
  const walk = (node: Node, list: { ordered: boolean; index: number } | null) => {
    if (node.nodeName === '#text') {
      line += (node as DefaultTreeAdapterMap['textNode']).value;
      return;
    }
    if (!('tagName' in node)) return;
    const element = node as Element;
    const tag = element.tagName;
    if (tag === 'br') return flush();
    if (blocks.has(tag)) flush();
    let inner = list;
    if (tag === 'ul' || tag === 'ol') inner = { ordered: tag === 'ol', index: 0 };
    if (tag === 'li' && list !== null) {
      list.index++;
      line += list.ordered ? `${list.index}. ` : '- ';
    }
    if (tag === 'blockquote') line += '> ';
    const before = line.length;
    for (const child of element.childNodes) walk(child, inner);
    if (tag === 'a') {
      const href = element.attrs.find((attr) => attr.name === 'href')?.value;
      const text = line.slice(before).trim();
      if (href !== undefined && href !== text) line += ` (${href})`;
    }
    if (blocks.has(tag)) flush();
  };
  for (const node of parseFragment(html).childNodes) walk(node, null);
  flush();
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
