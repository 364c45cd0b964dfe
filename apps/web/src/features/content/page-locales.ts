import { locales, sourceLocale } from '@codedrop/contract';
import { contentPages, publishedPosts, blogPostPath } from './catalog';
import { hasContent } from './content-sources';

const articleSources = new Map<string, string>([
  ...contentPages.flatMap((entry) =>
    entry.source === undefined ? [] : [[entry.path, entry.source] as const],
  ),
  ...publishedPosts.map((post) => [blogPostPath(post), `blog/${post.slug}`] as const),
]);

/**
 * The locales a page is written in: every locale for pages made of the interface's messages
 * (tools, landing, blog list), and for a Markdown page those with its text translated. In the
 * others the page still exists, its interface translated around the English text.
 */
export function pageLocales(path: string): readonly string[] {
  const source = articleSources.get(path);
  if (source === undefined) return locales;
  return locales.filter((locale) => locale === sourceLocale || hasContent(source, locale));
}
