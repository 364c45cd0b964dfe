import { Link } from 'react-router';
import { ContentPage } from './content-page';

/**
 * The informational pages of SPEC.md §2 in short form. The content issue replaces them
 * with the full, prerendered Markdown pages; routes and headings stay.
 */
export interface InfoPage {
  path: string;
  title: string;
  lead: string;
}

export const infoPages: InfoPage[] = [
  {
    path: '/home',
    title: 'Share Anything Instantly with a 4-Digit Code',
    lead: 'CodeDrop is an anonymous clipboard, online notepad and file-sharing tool. Create a share, get a code, and open it on any device within 24 hours.',
  },
  {
    path: '/about',
    title: 'About CodeDrop',
    lead: 'CodeDrop lets anyone share text, notes and files without an account. Everything is temporary and deleted automatically.',
  },
  {
    path: '/how-it-works',
    title: 'How It Works',
    lead: 'Create a share, receive a short numeric code, and give that code to the person who should read it. The content expires within 24 hours.',
  },
  {
    path: '/faq',
    title: 'Frequently Asked Questions',
    lead: 'Answers about codes, expiry, download limits, password protection and privacy.',
  },
  {
    path: '/how-to-share-text-anonymously',
    title: 'How to Share Text Anonymously',
    lead: 'Paste your text into the anonymous clipboard, generate a code and share the code instead of the text itself.',
  },
  {
    path: '/pastebin-alternative-no-login',
    title: 'Pastebin Alternative With No Login',
    lead: 'Share snippets and notes without creating an account: they disappear automatically after at most 24 hours.',
  },
  {
    path: '/temporary-file-sharing-tool',
    title: 'Temporary File Sharing Tool',
    lead: 'Upload a file of up to 50MB, choose a download limit, and it is deleted when the limit is reached or the share expires.',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    lead: 'CodeDrop collects no accounts and keeps shared content only until it expires. Last updated January 15, 2025.',
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    lead: 'By using CodeDrop you agree to share only content you have the right to share. Last updated January 15, 2025.',
  },
];

export function InfoPageView({ page }: { page: InfoPage }) {
  return <ContentPage title={page.title} lead={page.lead} />;
}

export interface BlogPost {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  readingTime: string;
  published: boolean;
}

export const blogPosts: BlogPost[] = [
  {
    slug: 'how-to-share-text-anonymously',
    title: 'How to Share Text Anonymously',
    excerpt: 'Share text without an account, a name or a trace that lasts longer than a day.',
    date: '2025-01-10',
    readingTime: '5 min read',
    published: true,
  },
  {
    slug: 'pastebin-alternatives-2025',
    title: 'Pastebin Alternatives in 2025',
    excerpt: 'What to use when you want to paste something quickly and have it disappear.',
    date: '2025-01-12',
    readingTime: '6 min read',
    published: true,
  },
  {
    slug: 'why-temporary-sharing-matters',
    title: 'Why Temporary Sharing Matters',
    excerpt: 'Data that expires cannot leak later.',
    date: '2025-01-20',
    readingTime: '4 min read',
    published: false,
  },
];

export function findPublishedPost(slug: string | undefined): BlogPost | undefined {
  return blogPosts.find((post) => post.published && post.slug === slug);
}

export function BlogListPage() {
  return (
    <ContentPage title="Blog" lead="Guides and thoughts on anonymous, temporary sharing.">
      <ul className="flex flex-col divide-y divide-slate-200">
        {blogPosts.map((post) => (
          <li key={post.slug} className="flex flex-col gap-1 py-4 first:pt-0 last:pb-0">
            {post.published ? (
              <Link
                to={`/blog/${post.slug}`}
                className="text-lg font-semibold text-brand-700 hover:underline"
              >
                {post.title}
              </Link>
            ) : (
              <span className="text-lg font-semibold text-slate-900">
                {post.title}{' '}
                <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  Coming Soon
                </span>
              </span>
            )}
            <p className="text-sm text-slate-600">{post.excerpt}</p>
            <p className="text-xs text-slate-600">
              {post.date} · {post.readingTime}
            </p>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}

export function BlogPostPage({ post }: { post: BlogPost }) {
  return <ContentPage title={post.title} lead={post.excerpt} />;
}
