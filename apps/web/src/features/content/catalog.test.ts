import { configDefaults, isKnownPagePath, pagePaths, publishedBlogSlugs } from '@codedrop/contract';
import { describe, expect, it } from 'vitest';
import {
  blogPosts,
  contactEmail,
  contentPages,
  contentPagesFor,
  documentTitle,
  landingMeta,
  legalUpdated,
  publishedPosts,
} from './catalog';
import { toolsIn } from '../../lib/tools';
import { englishI18n } from '../../test-support/english';

const tools = toolsIn(englishI18n);
const worded = contentPagesFor(configDefaults, englishI18n);
import { hasContent } from './content-sources';
import { formatLongDate } from './dates';
import { readingTime } from './markdown-build';
import { sitePlan } from './site-plan';

/** The Markdown as written (the app itself receives it lexed, content-sources.ts). */
const sources = import.meta.glob<string>('../../../content/**/*.md', {
  query: '?raw',
  import: 'default',
});
const loadMarkdown = (source: string) => sources[`../../../content/${source}.md`]!();

describe('the content catalog', () => {
  it('matches the server route list page for page', () => {
    const planned = sitePlan()
      .pages.filter((page) => page.locale === 'en')
      .map((page) => page.path);
    expect(planned.sort()).toEqual(
      [...pagePaths, ...publishedBlogSlugs.map((slug) => `/blog/${slug}`)].sort(),
    );
  });

  it('gives every page a Markdown body that exists', () => {
    for (const page of contentPages.filter((entry) => entry.layout !== 'blog-list')) {
      expect(page.source, page.path).toBeDefined();
      expect(hasContent(page.source!), page.path).toBe(true);
    }
    for (const post of publishedPosts) expect(hasContent(`blog/${post.slug}`)).toBe(true);
  });

  it('gives every page its own title and a description search engines show in full', () => {
    const titles = [
      ...worded.map((page) => documentTitle(page.title)),
      ...publishedPosts.map((post) => documentTitle(post.title)),
      ...tools.map((tool) => documentTitle(tool.pageTitle)),
      'CodeDrop — anonymous temporary sharing',
      'Page Not Found — CodeDrop',
    ];
    expect(new Set(titles).size).toBe(titles.length);
    const descriptions = [
      landingMeta(englishI18n).description,
      ...worded.map((page) => page.description),
      ...publishedPosts.map((post) => post.description),
      ...tools.map((tool) => tool.description(configDefaults)),
    ];
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const description of descriptions) {
      expect(description.length, description).toBeGreaterThanOrEqual(50);
      expect(description.length, description).toBeLessThanOrEqual(160);
    }
  });

  it('lists the three blog entries of docs/product.md#blog, one of them unpublished', () => {
    expect(blogPosts.map((post) => [post.slug, post.published])).toEqual([
      ['how-to-share-text-anonymously', true],
      ['pastebin-alternatives-2025', true],
      ['why-temporary-sharing-matters', false],
    ]);
    for (const post of blogPosts) {
      expect(post.title).not.toBe('');
      expect(post.excerpt).not.toBe('');
      expect(post.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(post.readingTime).toMatch(/^\d+ min read$/);
    }
  });

  it('states the reading time the articles actually take', async () => {
    for (const post of publishedPosts) {
      expect(post.readingTime, post.slug).toBe(
        readingTime(await loadMarkdown(`blog/${post.slug}`)),
      );
    }
  });

  it('dates the legal pages January 15, 2025 and gives them a contact address', async () => {
    expect(formatLongDate(legalUpdated)).toBe('January 15, 2025');
    for (const path of ['/privacy-policy', '/terms-of-service']) {
      const page = contentPages.find((entry) => entry.path === path)!;
      expect(page.updated).toBe(legalUpdated);
      const markdown = await loadMarkdown(page.source!);
      expect(markdown).toContain(`(mailto:${contactEmail})`);
      expect(markdown).toContain('48 hours');
    }
  });

  it('links only to pages that exist', async () => {
    const sources = [
      ...contentPages.flatMap((page) => (page.source ? [page.source] : [])),
      ...publishedPosts.map((post) => `blog/${post.slug}`),
    ];
    for (const source of sources) {
      const markdown = await loadMarkdown(source);
      for (const [, href] of markdown.matchAll(/\]\((\/[^)#\s]*)/g)) {
        expect(isKnownPagePath(href!, 4, 6), `${source} links to ${href}`).toBe(true);
      }
    }
  });
});
