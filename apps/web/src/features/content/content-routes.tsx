import { sourceLocale } from '@codedrop/contract';
import { useLingui } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { useConfig } from '../../lib/config-context';
import {
  blogPostPath,
  contentPage,
  contentPages,
  publishedPosts,
  type ContentPageEntry,
  type ContentPagePlace,
} from './catalog';
import { hasContent, loadContent } from './content-sources';
import './prose.css';

/**
 * The informational pages as lazy routes: each downloads its page component and its own
 * Markdown (lexed and rendered when the app was built). The prerender resolves them at
 * build time, and the browser resolves the current one before hydrating (app/router.tsx),
 * so the served HTML is adopted as is.
 */
export function contentRoutes({
  locale = sourceLocale,
  adSlot,
}: { locale?: string; adSlot?: ReactNode } = {}): RouteObject[] {
  return [
    ...contentPages.map((entry) => ({
      path: entry.path.slice(1),
      lazy: () => loadPage(entry, locale, adSlot),
    })),
    ...publishedPosts.map((post) => ({
      path: blogPostPath(post).slice(1),
      lazy: async () => {
        const [{ BlogPostPage }, tokens] = await Promise.all([
          import('./blog-post-page'),
          loadContent(`blog/${post.slug}`),
        ]);
        return {
          Component: () => <BlogPostPage post={post} tokens={tokens} adSlot={adSlot} />,
        };
      },
    })),
  ];
}

/** The page's entry worded for the limits of the server it is served by (lib/config-context). */
function useWorded(entry: ContentPagePlace): ContentPageEntry {
  const config = useConfig();
  const { i18n } = useLingui();
  return useMemo(() => contentPage(entry.path, config, i18n), [entry.path, config, i18n]);
}

async function loadPage(entry: ContentPagePlace, locale: string, adSlot: ReactNode) {
  const content =
    entry.source === undefined ? Promise.resolve([]) : loadContent(entry.source, locale);
  const inEnglish =
    entry.source !== undefined && locale !== sourceLocale && !hasContent(entry.source, locale);
  switch (entry.layout) {
    case 'blog-list': {
      const { BlogListPage } = await import('./blog-list-page');
      return { Component: () => <BlogListPage entry={useWorded(entry)} adSlot={adSlot} /> };
    }
    case 'faq': {
      const [{ FaqPage }, tokens] = await Promise.all([import('./faq-page'), content]);
      return {
        Component: () => (
          <FaqPage entry={useWorded(entry)} tokens={tokens} adSlot={adSlot} inEnglish={inEnglish} />
        ),
      };
    }
    case 'marketing': {
      const [{ MarketingHomePage }, tokens] = await Promise.all([
        import('./marketing-home-page'),
        content,
      ]);
      return {
        Component: () => (
          <MarketingHomePage
            entry={useWorded(entry)}
            tokens={tokens}
            adSlot={adSlot}
            inEnglish={inEnglish}
          />
        ),
      };
    }
    case 'article': {
      const [{ InfoPage }, tokens] = await Promise.all([import('./info-page'), content]);
      return {
        Component: () => (
          <InfoPage
            entry={useWorded(entry)}
            tokens={tokens}
            adSlot={adSlot}
            inEnglish={inEnglish}
          />
        ),
      };
    }
  }
}
