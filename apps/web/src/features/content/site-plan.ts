import {
  localizedPath,
  locales,
  pagePaths,
  publishedBlogSlugs,
  sourceLocale,
} from '@codedrop/contract';
import { hasContent } from './content-sources';
import { toolPaths } from '../../lib/tools';
import { blogPostPath, contentPages, publishedPosts } from './catalog';
import { prerenderOrigin } from './site-origin';

export interface PlannedPage {
  /** Its address: the page's path under its locale's prefix. */
  path: string;
  /** The page's path in English (`/faq` for `/de/faq`). */
  page: string;
  locale: string;
  /** Source modules (Vite manifest keys) the page loads lazily, preloaded by its HTML. */
  modules: string[];
  lastModified?: string;
}

const layoutModules = {
  article: 'src/features/content/info-page.tsx',
  faq: 'src/features/content/faq-page.tsx',
  marketing: 'src/features/content/marketing-home-page.tsx',
  'blog-list': 'src/features/content/blog-list-page.tsx',
} as const;

/** The tools' pages, which their routes load lazily (app/routes.tsx). */
const toolModules: Record<string, string> = {
  '/clipboard': 'src/features/clipboard/clipboard-page.tsx',
  '/notepad': 'src/features/notepad/notepad-page.tsx',
  '/file-share': 'src/features/files/file-share-page.tsx',
  '/request': 'src/features/requests/request-page.tsx',
};

function toolModule(path: string): string {
  const module = toolModules[path];
  if (module === undefined) throw new Error(`${path}: no page module for this tool`);
  return module;
}

/**
 * What the build writes (scripts/prerender.mjs): one HTML file per page of the server's
 * route list (packages/contract), plus the sitemap of the same pages. Throws when the
 * route list and the content catalog disagree, so neither can drift.
 */
export function sitePlan(): {
  origin: string;
  notFoundPath: string;
  pages: PlannedPage[];
} {
  const pages: Omit<PlannedPage, 'page' | 'locale'>[] = [
    { path: '/', modules: [] },
    ...contentPages.map((entry) => ({
      path: entry.path,
      modules: [
        layoutModules[entry.layout],
        ...(entry.source === undefined ? [] : [`content/${entry.source}.md?tokens`]),
      ],
      lastModified: entry.updated,
    })),
    ...publishedPosts.map((post) => ({
      path: blogPostPath(post),
      modules: ['src/features/content/blog-post-page.tsx', `content/blog/${post.slug}.md?tokens`],
      lastModified: post.date,
    })),
    ...toolPaths.map((tool) => ({
      path: tool.to,
      modules: [toolModule(tool.to)],
    })),
  ];

  const planned = pages.map((page) => page.path).sort();
  const routeList = [...pagePaths, ...publishedBlogSlugs.map((slug) => `/blog/${slug}`)].sort();
  if (JSON.stringify(planned) !== JSON.stringify(routeList)) {
    throw new Error(
      `The content catalog and the route list differ:\n  catalog: ${planned.join(' ')}\n  routes:  ${routeList.join(' ')}`,
    );
  }
  return {
    origin: prerenderOrigin,
    notFoundPath: '/__codedrop_not_found__',
    pages: locales.flatMap((locale) =>
      pages.map((entry) => ({
        ...entry,
        path: localizedPath(locale, entry.path),
        page: entry.path,
        locale,
        // The locale's own text where it has one (content-sources.ts picks the same file).
        modules: entry.modules.map((module) => {
          const source = /^content\/(.+)\.md\?tokens$/.exec(module)?.[1];
          return source !== undefined && hasContent(source, locale) && locale !== sourceLocale
            ? `content/${locale}/${source}.md?tokens`
            : module;
        }),
      })),
    ),
  };
}
