import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';

/** A `<meta>` (by name or property) or `<link>` tag of a page's head. */
export type HeadTag =
  | { tag: 'meta'; name: string; content: string }
  | { tag: 'meta'; property: string; content: string }
  | { tag: 'link'; rel: string; href: string };

export interface DocumentHeadProps {
  title?: string;
  tags?: readonly HeadTag[];
}

/** What a page put in its head while rendered on the server (entry-server.tsx). */
export interface CollectedHead {
  title?: string;
  tags: HeadTag[];
}

const HeadCollector = createContext<CollectedHead | null>(null);

/** Collects the head tags of the page rendered inside it: the prerender writes them out. */
export function HeadCollectorProvider({
  head,
  children,
}: {
  head: CollectedHead;
  children: ReactNode;
}) {
  return <HeadCollector.Provider value={head}>{children}</HeadCollector.Provider>;
}

/** Marks the tags this component added, so the app can tell them from the served ones. */
export const headMark = 'data-head';

function element({ tag, ...attributes }: HeadTag): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/**
 * A page's title and head tags. The app runs on Preact, which (unlike React 19) does not
 * move `<title>` and `<meta>` rendered inside the page into `<head>`: on the server they
 * are collected for the prerendered `<head>`, in the browser they are added to
 * `document.head` while the page is shown and removed when it goes. `document.title` is
 * the first `<title>` of the document, so the newest page's title wins once the previous
 * page's is removed; main.tsx drops the served ones before the app starts.
 */
export function DocumentHead({ title, tags = [] }: DocumentHeadProps) {
  const collected = useContext(HeadCollector);
  if (collected !== null) {
    if (title !== undefined) collected.title ??= title;
    collected.tags.push(...tags);
  }
  // The tags' content decides when they are replaced, not the array's identity.
  const key = JSON.stringify([title ?? null, tags]);
  useLayoutEffect(() => {
    const [keyTitle, keyTags] = JSON.parse(key) as [string | null, HeadTag[]];
    const nodes = keyTags.map(element);
    if (keyTitle !== null) {
      const titleNode = document.createElement('title');
      titleNode.textContent = keyTitle;
      nodes.unshift(titleNode);
    }
    for (const node of nodes) {
      node.setAttribute(headMark, '');
      document.head.append(node);
    }
    return () => nodes.forEach((node) => node.remove());
  }, [key]);
  return null;
}

const escapeText = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replaceAll('"', '&quot;');

/** The collected head as HTML for the prerendered page. */
export function headHtml({ title, tags }: CollectedHead): string {
  const titleHtml = title === undefined ? '' : `<title>${escapeText(title)}</title>`;
  const tagsHtml = tags
    .map(({ tag, ...attributes }) => {
      const list = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      return `<${tag}${list}>`;
    })
    .join('');
  return titleHtml + tagsHtml;
}
