import { sourceLocale } from '@codedrop/contract';
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

/** English sources live at content/{source}.md, their translations at content/{locale}/{source}.md. */
const fileOf = (source: string, locale: string) =>
  locale === sourceLocale ? `${prefix}${source}.md` : `${prefix}${locale}/${source}.md`;

export function hasContent(source: string, locale: string = sourceLocale): boolean {
  return fileOf(source, locale) in loaders;
}

/** A page's text in the locale, or in English where it has no translation (yet). */
export async function loadContent(
  source: string,
  locale: string = sourceLocale,
): Promise<ContentToken[]> {
  const load = loaders[fileOf(source, locale)] ?? loaders[fileOf(source, sourceLocale)];
  if (!load) throw new Error(`No Markdown file content/${source}.md`);
  return load();
}
