import { configDefaults } from '@codedrop/contract';
import { limitWords, toolAt, type Limits } from '../../lib/tools';

const clipboard = toolAt('/clipboard');
const notepad = toolAt('/notepad');
const fileShare = toolAt('/file-share');

/**
 * Every informational page and blog post: where it lives, its heading and the words search
 * engines and link previews show. The bodies are Markdown files under apps/web/content/.
 */
export type PageLayout = 'article' | 'marketing' | 'faq' | 'blog-list';

export interface ContentPageEntry {
  path: string;
  /** The page's one h1. */
  heading: string;
  /** The document title, before the " — CodeDrop" suffix. */
  title: string;
  /** Meta description and Open Graph description (50–160 characters). */
  description: string;
  /** The sentence under the heading. */
  lead: string;
  /** The Markdown file, relative to apps/web/content/ and without `.md`. */
  source?: string;
  layout: PageLayout;
  /** Legal pages show when they last changed. */
  updated?: string;
}

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

export const legalUpdated = '2025-01-15';
export const contactEmail = 'support@codedrop.app';

/** Every content page, worded for the limits of the server that serves it. */
export function contentPagesFor(limits: Limits): ContentPageEntry[] {
  const words = limitWords(limits);
  return [
    {
      path: '/home',
      heading: `Share Anything Instantly with a ${words.codeTitle}`,
      title: `${clipboard.title}, ${notepad.title} and ${fileShare.title}`,
      description: `CodeDrop shares text, formatted notes and files up to ${words.maxFile} behind a short numeric code. No sign-up, optional encryption, deleted within 24 hours.`,
      lead: 'No account, no links to copy around: paste, write or upload, and read it back on any device by typing a few digits.',
      source: 'pages/home',
      layout: 'marketing',
    },
    {
      path: '/about',
      heading: 'About CodeDrop',
      title: 'About Us: Why CodeDrop Exists',
      description:
        'Why CodeDrop exists, what it keeps and what it deletes: an account-free tool for moving text, notes and files between people and devices.',
      lead: 'A small tool for a common problem: getting something from here to there without an account, an inbox or a trace that outlives its purpose.',
      source: 'pages/about',
      layout: 'article',
    },
    {
      path: '/how-it-works',
      heading: 'How It Works',
      title: 'How It Works: Codes, Expiry and Encryption',
      description:
        'How CodeDrop codes are chosen, how long shares last, how download limits and burn after reading work, and what password encryption protects.',
      lead: 'From the moment you press the button to the moment your share is deleted, step by step.',
      source: 'pages/how-it-works',
      layout: 'article',
    },
    {
      path: '/blog',
      heading: 'The CodeDrop Blog',
      title: 'Blog: Guides to Anonymous, Temporary Sharing',
      description:
        'Articles about sharing text and files without accounts, choosing a pastebin alternative and keeping shared data short-lived.',
      lead: 'Practical writing about sharing things quickly without leaving them lying around.',
      layout: 'blog-list',
    },
    {
      path: '/faq',
      heading: 'Frequently Asked Questions',
      title: 'FAQ: Codes, Expiry, Encryption and Privacy',
      description:
        'Answers about CodeDrop codes, expiry times, download limits, password encryption, recovery email, rate limits and what data is kept.',
      lead: 'Short answers to the questions people ask most, grouped by topic.',
      source: 'pages/faq',
      layout: 'faq',
    },
    {
      path: '/how-to-share-text-anonymously',
      heading: 'How to Share Text Anonymously',
      title: 'How to Share Text Anonymously: Step-by-Step Guide',
      description:
        'A step-by-step guide to sharing text without an account: paste it, pick an expiry, add a password if needed and pass on a short code.',
      lead: 'A practical walkthrough: from pasted text to a code your recipient can open on any device, with the options that matter at each step.',
      source: 'guides/how-to-share-text-anonymously',
      layout: 'article',
    },
    {
      path: '/pastebin-alternative-no-login',
      heading: 'A Pastebin Alternative With No Login',
      title: 'Pastebin Alternative With No Login Required',
      description:
        'Share code snippets, logs and notes without signing up. CodeDrop pastes expire within 24 hours and can be encrypted or burnt after reading.',
      lead: 'For the snippet, log or config you need to hand over now, not publish for ever.',
      source: 'guides/pastebin-alternative-no-login',
      layout: 'article',
    },
    {
      path: '/temporary-file-sharing-tool',
      heading: 'Temporary File Sharing Tool',
      title: `Temporary File Sharing Tool: Files Up to ${words.maxFile}`,
      description: `Send a file up to ${words.maxFile} without an account. Set a download limit ${words.downloads}, encrypt it with a password, and it deletes itself.`,
      lead: 'Upload a file, decide how many times it may be downloaded, and let it delete itself when it has done its job.',
      source: 'guides/temporary-file-sharing-tool',
      layout: 'article',
    },
    {
      path: '/privacy-policy',
      heading: 'Privacy Policy',
      title: 'Privacy Policy',
      description:
        'What CodeDrop stores, for how long, what it never sees, how advertising consent works and how to contact us about your data.',
      lead: 'What we store, why, for how long, and what we never see.',
      source: 'pages/privacy-policy',
      layout: 'article',
      updated: legalUpdated,
    },
    {
      path: '/terms-of-service',
      heading: 'Terms of Service',
      title: 'Terms of Service',
      description:
        'The rules for using CodeDrop: acceptable content, automatic deletion, no guarantees of availability, and how to reach support.',
      lead: 'The rules for using CodeDrop, in plain language.',
      source: 'pages/terms-of-service',
      layout: 'article',
      updated: legalUpdated,
    },
  ];
}

/**
 * The pages as the shipped defaults word them: their paths, layouts and sources, for the
 * routes and the site plan. A page shows the words of contentPage(path, config).
 */
export const contentPages = contentPagesFor(configDefaults);

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

/** The landing page renders its own title; these are its other search details. */
export const landingMeta = {
  shareTitle: 'CodeDrop: anonymous temporary sharing',
  description:
    'Share text, notes and files anonymously with a short numeric code. No registration, optional in-browser encryption, everything deleted within 24 hours.',
};

export const publishedPosts = blogPosts.filter((post) => post.published);

export function blogPostPath(post: BlogPost): string {
  return `/blog/${post.slug}`;
}

export function documentTitle(title: string): string {
  return `${title} — CodeDrop`;
}

/** The page at `path`, worded for `limits` (the shipped defaults unless given). */
export function contentPage(path: string, limits: Limits = configDefaults): ContentPageEntry {
  const page = contentPagesFor(limits).find((entry) => entry.path === path);
  if (!page) throw new Error(`No content page at ${path}`);
  return page;
}
