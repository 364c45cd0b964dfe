import {
  codePointLength,
  messages,
  noteAllowedAttributes,
  noteAllowedTags,
  noteAllowedUriPattern,
} from '@codedrop/contract';
import { html as spec, parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { AppError } from '../../../http/app-error.js';
import {
  assertNoteShape,
  maxNoteDepth,
  maxNoteElements,
  tooDeep,
  tooManyElements,
} from './note-shape.js';
import { assertStorableText } from '../text-rules.js';

type ChildNode = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];
type Attribute = Element['attrs'][number];

const allowedTags = new Set<string>(noteAllowedTags);
const allowedAttributes = new Set<string>(noteAllowedAttributes);
// DOMPurify's FORBID_CONTENTS: elements that go with everything inside them, because
// their content is code, metadata or markup in another language.
const droppedWithContent = new Set([
  'annotation-xml', 'audio', 'colgroup', 'desc', 'foreignobject', 'head', 'iframe', 'math',
  'mi', 'mn', 'mo', 'ms', 'mtext', 'noembed', 'noframes', 'noscript', 'plaintext', 'script',
  'style', 'svg', 'template', 'thead', 'title', 'video', 'xmp', 'textarea', 'select',
  'object', 'embed',
]); // prettier-ignore
const ariaAttribute = /^aria-[-\w]+$/;
// As DOMPurify: whitespace and controls are ignored when an attribute's scheme is judged.
// eslint-disable-next-line no-control-regex -- the controls are what it must match
const attributeWhitespace = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
// As DOMPurify's SAFE_FOR_XML: values that could end a comment or raw-text element.
const markupInValue = /((--!?|])>)|<\/(style|title|textarea)/i;

/**
 * Sanitized HTML of a note, or a validation error if it is empty, too long or too complex.
 * Note HTML is cleaned on the server with the allow-list the browser's DOMPurify applies
 * (the contract's tags, attributes and link schemes), so a hand-crafted request cannot
 * store script, styles or javascript: links.
 *
 * It runs in linear time: the note's shape is bounded before parsing (note-shape.ts), then
 * parse5 (the HTML standard's parser, the one jsdom uses) builds the tree once, one pass
 * keeps what is allowed, and the standard serializer writes it out. DOMPurify on jsdom,
 * used before, was quadratic in the number of elements and let one note stall the server.
 */
export function sanitizeNote(html: string, maxNoteChars: number): string {
  assertStorableText('content', html);
  assertNoteShape(html);
  const fragment = parseFragment(html);
  const walk = { elements: 0, text: '' };
  fragment.childNodes = keepAllowed(fragment.childNodes, 0, walk);
  // Quill's empty editor is <p><br></p>: markup with no text is an empty note.
  if (walk.text.trim() === '') throw AppError.validation('content', messages.noteRequired);
  const clean = serialize(fragment);
  if (codePointLength(clean) > maxNoteChars) {
    throw AppError.validation('content', messages.noteTooLong(maxNoteChars));
  }
  return clean;
}

/**
 * The allowed part of `nodes`: text stays; allowed elements stay with clean attributes;
 * other elements give way to their (cleaned) content, or vanish with it; comments and
 * anything else go.
 */
function keepAllowed(
  nodes: ChildNode[],
  depth: number,
  walk: { elements: number; text: string },
): ChildNode[] {
  // The parser can add elements the shape check did not count (a reopened <b>, a <tbody>).
  if (depth > maxNoteDepth) throw tooDeep();
  const kept: ChildNode[] = [];
  for (const node of nodes) {
    if (node.nodeName === '#text') {
      walk.text += (node as DefaultTreeAdapterMap['textNode']).value;
      kept.push(node);
      continue;
    }
    if (!('tagName' in node)) continue;
    if (++walk.elements > maxNoteElements) throw tooManyElements();
    const name = node.tagName;
    if (node.namespaceURI !== spec.NS.HTML || droppedWithContent.has(name)) continue;
    const children = keepAllowed(node.childNodes, depth + 1, walk);
    if (!allowedTags.has(name)) {
      kept.push(...children);
      continue;
    }
    node.childNodes = children;
    node.attrs = cleanAttributes(name, node.attrs);
    kept.push(node);
  }
  return kept;
}

function cleanAttributes(tag: string, attributes: Attribute[]): Attribute[] {
  const kept = attributes.filter((attribute) => {
    if (attribute.namespace !== undefined && attribute.namespace !== '') return false;
    const value = attribute.value.trim();
    if (markupInValue.test(value)) return false;
    if (ariaAttribute.test(attribute.name)) return true;
    if (!allowedAttributes.has(attribute.name)) return false;
    // DOMPurify holds every allowed attribute that is not plain text to the URI pattern.
    return value === '' || noteAllowedUriPattern.test(value.replace(attributeWhitespace, ''));
  });
  if (tag !== 'a') return kept;
  // Links open in a new tab without handing the opener or the referrer to the target.
  const rest = kept.filter((a) => a.name !== 'target' && a.name !== 'rel');
  if (!rest.some((a) => a.name === 'href')) return rest;
  return [
    ...rest,
    { name: 'target', value: '_blank' },
    { name: 'rel', value: 'noopener noreferrer' },
  ];
}
