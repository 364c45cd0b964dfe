/**
 * The Markdown files under apps/web/content/, each its own chunk: a page downloads only
 * its own text (and the prerender inlines it into the HTML anyway).
 */
const loaders = import.meta.glob<string>('../../../content/**/*.md', {
  query: '?raw',
  import: 'default',
});

const prefix = '../../../content/';

export function hasMarkdown(source: string): boolean {
  return `${prefix}${source}.md` in loaders;
}

export async function loadMarkdown(source: string): Promise<string> {
  const load = loaders[`${prefix}${source}.md`];
  if (!load) throw new Error(`No Markdown file content/${source}.md`);
  return load();
}
