import type { ContentToken } from './markdown';

/**
 * The Markdown files under apps/web/content/, lexed and rendered at build time
 * (content-tokens-plugin.ts), each its own chunk: a page downloads only its own text (and
 * the prerender inlines it into the HTML anyway).
 */
const loaders = import.meta.glob<ContentToken[]>('../../../content/**/*.md', {
  query: '?tokens',
  import: 'default',
});

const prefix = '../../../content/';

export function hasContent(source: string): boolean {
  return `${prefix}${source}.md` in loaders;
}

export async function loadContent(source: string): Promise<ContentToken[]> {
  const load = loaders[`${prefix}${source}.md`];
  if (!load) throw new Error(`No Markdown file content/${source}.md`);
  return load();
}
