import { contentLocales, sourceLocale } from '@codedrop/contract';
import { describe, expect, it } from 'vitest';
import { contentPages } from './content-places';
import { hasContent, loadContent } from './content-sources';
import { parseFaq } from './faq-page';
import { headingLink, splitAt } from './markdown';
import { parseHome } from './marketing-home-page';
import type { ContentToken } from './markdown';

/** The pages written in every content locale: all but the legal ones (English only). */
const translatedSources = contentPages.flatMap((page) =>
  page.source !== undefined && page.updated === undefined ? [page.source] : [],
);

/** What a translation must keep of its English page: its headings' levels and its links. */
function shape(tokens: readonly ContentToken[]) {
  const html = tokens.map((token) => token.html).join('');
  return {
    headings: tokens.flatMap((token) => ('depth' in token ? [token.depth] : [])),
    links: [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]).sort(),
  };
}

describe.each(contentLocales.filter((locale) => locale !== sourceLocale))(
  'the content pages in %s',
  (locale) => {
    it('are all translated, with the English pages’ headings and links', async () => {
      for (const source of translatedSources) {
        expect(hasContent(source, locale), `content/${locale}/${source}.md`).toBe(true);
        const [english, translated] = await Promise.all([
          loadContent(source),
          loadContent(source, locale),
        ]);
        expect(shape(translated), `${locale}/${source}`).toEqual(shape(english));
        expect(translated.map((token) => token.html).join('')).not.toBe(
          english.map((token) => token.html).join(''),
        );
      }
    });

    it('lay out as the English ones do (FAQ topics, home sections)', async () => {
      const faq = parseFaq(await loadContent('pages/faq', locale));
      expect(faq.categories).toHaveLength(5);
      const ids = faq.categories.flatMap((c) => [c.id, ...c.items.map((item) => item.id)]);
      expect(
        ids.every((id) => id !== ''),
        'every heading has an anchor',
      ).toBe(true);
      const home = parseHome(await loadContent('pages/home', locale));
      const cards = (section: typeof home.tools) => splitAt(section.body, 3).sections;
      expect(cards(home.tools).map((card) => headingLink(card.heading))).toEqual([
        '/clipboard',
        '/notepad',
        '/file-share',
      ]);
      expect(cards(home.audiences)).toHaveLength(4);
    });
  },
);
