/**
 * Where every informational page and blog post lives, the same in every language (their
 * words are in catalog.ts). The bodies are Markdown files under apps/web/content/.
 */
export type PageLayout = 'article' | 'marketing' | 'faq' | 'blog-list';

/** Where a content page lives and how it is laid out. */
export interface ContentPagePlace {
  path: string;
  /** The Markdown file, relative to apps/web/content/ and without `.md`. */
  source?: string;
  layout: PageLayout;
  /** Legal pages show when they last changed. */
  updated?: string;
}

export const legalUpdated = '2025-01-15';
export const contactEmail = 'support@codedrop.app';

export const contentPages: readonly ContentPagePlace[] = [
  { path: '/home', source: 'pages/home', layout: 'marketing' },
  { path: '/about', source: 'pages/about', layout: 'article' },
  { path: '/how-it-works', source: 'pages/how-it-works', layout: 'article' },
  { path: '/blog', layout: 'blog-list' },
  { path: '/faq', source: 'pages/faq', layout: 'faq' },
  {
    path: '/how-to-share-text-anonymously',
    source: 'guides/how-to-share-text-anonymously',
    layout: 'article',
  },
  {
    path: '/pastebin-alternative-no-login',
    source: 'guides/pastebin-alternative-no-login',
    layout: 'article',
  },
  {
    path: '/temporary-file-sharing-tool',
    source: 'guides/temporary-file-sharing-tool',
    layout: 'article',
  },
  {
    path: '/privacy-policy',
    source: 'pages/privacy-policy',
    layout: 'article',
    updated: legalUpdated,
  },
  {
    path: '/terms-of-service',
    source: 'pages/terms-of-service',
    layout: 'article',
    updated: legalUpdated,
  },
];

export interface BlogPost {
  slug: string;
  title: string;
  excerpt: string;
  /** ISO date (UTC) the post was published, or is planned for. */
  date: string;
  readingTime: string;
  published: boolean;
  description: string;
}

/** The blog is written in English only (its words are not in the message catalogs). */
export const blogPosts: BlogPost[] = [
  {
    slug: 'how-to-share-text-anonymously',
    title: 'How to Share Text Anonymously Without Leaving a Trail',
    excerpt:
      'Messengers, email and shared documents all remember. A look at where shared text ends up, and how to hand it over so it does not stay there.',
    description:
      'Where shared text ends up in chats, inboxes and cloud documents, and how to pass it on anonymously so that it expires instead of lingering.',
    date: '2025-01-08',
    readingTime: '6 min read',
    published: true,
  },
  {
    slug: 'pastebin-alternatives-2025',
    title: 'Pastebin Alternatives in 2025: Choosing the Right Tool',
    excerpt:
      'Public pastes, gists, encrypted pastebins and code-based drop tools each solve a different problem. How to pick one for what you are sharing.',
    description:
      'Public pastebins, gists, encrypted pastebins and code-based sharing tools compared by account, expiry, encryption and who can read the paste.',
    date: '2025-01-12',
    readingTime: '6 min read',
    published: true,
  },
  {
    slug: 'why-temporary-sharing-matters',
    title: 'Why Temporary Sharing Matters',
    excerpt:
      'Data that no longer exists cannot leak, be subpoenaed or be found by the wrong person. The case for making expiry the default.',
    description: 'The case for making expiry the default when sharing data.',
    date: '2025-02-05',
    readingTime: '5 min read',
    published: false,
  },
];

export const publishedPosts = blogPosts.filter((post) => post.published);

export function blogPostPath(post: BlogPost): string {
  return `/blog/${post.slug}`;
}

/** A page's document title: its own, then the product's name. */
export function documentTitle(title: string): string {
  return `${title} — CodeDrop`;
}
