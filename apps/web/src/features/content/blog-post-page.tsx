import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, CalendarDays, Clock } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../../lib/i18n/locale-context';
import { useLocalizedPath } from '../../lib/i18n/use-localized-path';
import { blogPostPath, documentTitle, publishedPosts, type BlogPost } from './catalog';
import { ContentPage } from './content-page';
import { formatLongDate } from './dates';
import { EnglishTextNote } from './english-text-note';
import { ReadingTime } from './reading-time';
import { renderTokens, type ContentToken } from './markdown';
import { MarkdownHtml } from './markdown-html';
import { PageMeta } from './page-meta';
import { ShareCta } from './share-cta';
import { tocOf } from './table-of-contents';

export function BlogPostPage({
  post,
  tokens,
  adSlot,
}: {
  post: BlogPost;
  tokens: ContentToken[];
  adSlot?: ReactNode;
}) {
  const { html, toc } = useMemo(
    () => ({ html: renderTokens(tokens), toc: tocOf(tokens) }),
    [tokens],
  );
  const others = publishedPosts.filter((other) => other.slug !== post.slug);
  const { t } = useLingui();
  const locale = useLocale();
  const localized = useLocalizedPath();
  return (
    <>
      <PageMeta
        title={documentTitle(post.title)}
        shareTitle={post.title}
        description={post.description}
        path={blogPostPath(post)}
        type="article"
      />
      <ContentPage
        heading={post.title}
        lead={post.excerpt}
        eyebrow={
          <Link
            to={localized('/blog')}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            <Trans>All articles</Trans>
          </Link>
        }
        meta={
          <p className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={post.date}>{formatLongDate(post.date, locale)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" />
              <ReadingTime post={post} />
            </span>
          </p>
        }
        toc={toc}
        after={
          <>
            {adSlot}
            {others.length > 0 && (
              <nav aria-label={t`More articles`} className="mx-auto w-full max-w-4xl px-4 sm:px-6">
                <h2 className="text-lg font-semibold text-slate-900">
                  <Trans>More from the blog</Trans>
                </h2>
                <ul className="mt-3 flex flex-col gap-2">
                  {others.map((other) => (
                    <li key={other.slug}>
                      <Link
                        to={localized(blogPostPath(other))}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {other.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            <ShareCta />
          </>
        }
      >
        <EnglishTextNote locale={locale} />
        <MarkdownHtml html={html} />
      </ContentPage>
    </>
  );
}
