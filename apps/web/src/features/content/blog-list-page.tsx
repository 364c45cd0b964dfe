import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, CalendarDays, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../../lib/i18n/locale-context';
import { useLocalizedPath } from '../../lib/i18n/use-localized-path';
import { Badge } from '../../components/badge';
import { Container } from '../../components/container';
import { blogPostPath, blogPosts, type BlogPost, type ContentPageEntry } from './catalog';
import { formatLongDate } from './dates';
import { ReadingTime } from './reading-time';
import { EntryMeta } from './page-meta';
import { ShareCta } from './share-cta';

/** Every post, newest first; drafts are listed as Coming Soon and not linked. */
export function BlogListPage({ entry, adSlot }: { entry: ContentPageEntry; adSlot?: ReactNode }) {
  const posts = [...blogPosts].sort((a, b) => b.date.localeCompare(a.date));
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-12">
      <EntryMeta entry={entry} />
      <Container width="md" className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {entry.heading}
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-slate-600">{entry.lead}</p>
      </Container>
      <Container width="md">
        <ul className="flex flex-col gap-6" aria-label={t`Articles`}>
          {posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      </Container>
      {adSlot}
      <ShareCta />
    </div>
  );
}

function PostCard({ post }: { post: BlogPost }) {
  const locale = useLocale();
  const localized = useLocalizedPath();
  return (
    <article
      className={`relative flex flex-col gap-3 rounded-2xl border bg-white p-6 shadow-sm transition-shadow sm:p-8 ${
        post.published
          ? 'border-slate-200 focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md'
          : 'border-dashed border-slate-300'
      }`}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
        {post.published ? (
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={post.date}>{formatLongDate(post.date, locale)}</time>
          </span>
        ) : (
          <Badge variant="warning">
            <Trans>Coming Soon</Trans>
          </Badge>
        )}
        <span className="inline-flex items-center gap-1.5">
          <Clock className="size-4" aria-hidden="true" />
          <ReadingTime post={post} />
        </span>
      </div>
      <h2 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        {post.published ? (
          <Link
            to={localized(blogPostPath(post))}
            className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700 focus-visible:outline-none"
          >
            {post.title}
          </Link>
        ) : (
          post.title
        )}
      </h2>
      <p className="text-slate-600">{post.excerpt}</p>
      {post.published && (
        <span
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700"
          aria-hidden="true"
        >
          <Trans>Read the article</Trans>
          <ArrowRight className="size-4 rtl:-scale-x-100" />
        </span>
      )}
    </article>
  );
}
