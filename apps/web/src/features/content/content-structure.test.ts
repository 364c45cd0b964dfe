import { configDefaults } from '@codedrop/contract';
import { describe, expect, it } from 'vitest';
import { contentPage } from './catalog';
import { loadContent } from './content-sources';
import { parseFaq } from './faq-page';
import { headingLink, splitAt } from './markdown';
import { parseHome } from './marketing-home-page';
import { englishI18n } from '../../test-support/english';

describe('content/pages/faq.md', () => {
  it('has five categories of questions with unique anchors', async () => {
    const { categories } = parseFaq(
      await loadContent(contentPage('/faq', configDefaults, englishI18n).source!),
    );
    expect(categories).toHaveLength(5);
    for (const category of categories) expect(category.items.length).toBeGreaterThanOrEqual(4);
    const ids = categories.flatMap((category) => [category.id, ...category.items.map((i) => i.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of categories.flatMap((category) => category.items)) {
      expect(item.question).toMatch(/\?$/);
      expect(item.answerHtml).toContain('<p>');
    }
  });
});

describe('content/pages/home.md', () => {
  it('has the hero highlights, the tools, how codes work and the four audiences', async () => {
    const home = parseHome(
      await loadContent(contentPage('/home', configDefaults, englishI18n).source!),
    );
    expect(home.introHtml).toContain('<li>');
    const cards = (section: typeof home.tools) => splitAt(section.body, 3).sections;
    expect(cards(home.tools).map((card) => headingLink(card.heading))).toEqual([
      '/clipboard',
      '/notepad',
      '/file-share',
    ]);
    expect(home.codes.heading.text).toBe('How codes work');
    expect(cards(home.codes).length).toBeGreaterThanOrEqual(3);
    expect(cards(home.audiences).map((card) => card.heading.text)).toEqual([
      'Developers',
      'Content creators',
      'Students',
      'Business users',
    ]);
  });
});
