import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { blogPostPath, contentPages, publishedPosts, type ContentPageEntry } from './catalog';
import { loadMarkdown } from './content-sources';
import './prose.css';

/**
 * The informational pages as lazy routes: each downloads its page component and its own
 * Markdown. The prerender resolves them at build time, and the browser resolves the
 * current one before hydrating (app/router.tsx), so the served HTML is adopted as is.
 */
export function contentRoutes({ adSlot }: { adSlot?: ReactNode } = {}): RouteObject[] {
  return [
    ...contentPages.map((entry) => ({
      path: entry.path.slice(1),
      lazy: () => loadPage(entry, adSlot),
    })),
    ...publishedPosts.map((post) => ({
      path: blogPostPath(post).slice(1),
      lazy: async () => {
        const [{ BlogPostPage }, markdown] = await Promise.all([
          import('./blog-post-page'),
          loadMarkdown(`blog/${post.slug}`),
        ]);
        return {
          Component: () => <BlogPostPage post={post} markdown={markdown} adSlot={adSlot} />,
        };
      },
    })),
  ];
}

async function loadPage(entry: ContentPageEntry, adSlot: ReactNode) {
  const markdown = entry.source === undefined ? '' : loadMarkdown(entry.source);
  switch (entry.layout) {
    case 'blog-list': {
      const { BlogListPage } = await import('./blog-list-page');
      return { Component: () => <BlogListPage entry={entry} adSlot={adSlot} /> };
    }
    case 'faq': {
      const [{ FaqPage }, text] = await Promise.all([import('./faq-page'), markdown]);
      return { Component: () => <FaqPage entry={entry} markdown={text} adSlot={adSlot} /> };
    }
    case 'marketing': {
      const [{ MarketingHomePage }, text] = await Promise.all([
        import('./marketing-home-page'),
        markdown,
      ]);
      return {
        Component: () => <MarketingHomePage entry={entry} markdown={text} adSlot={adSlot} />,
      };
    }
    case 'article': {
      const [{ InfoPage }, text] = await Promise.all([import('./info-page'), markdown]);
      return { Component: () => <InfoPage entry={entry} markdown={text} adSlot={adSlot} /> };
    }
  }
}
