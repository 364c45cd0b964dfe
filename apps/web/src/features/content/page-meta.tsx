import { localizedPath, sourceLocale } from '@codedrop/contract';
import type { ReactNode } from 'react';
import { useLocale } from '../../lib/i18n/locale-context';
import { documentTitle, type ContentPageEntry } from './catalog';
import type { ContentToken } from './markdown';
import { pageLocales } from './page-locales';
import { absoluteUrl } from './site-origin';

export interface PageMetaProps {
  /** The document title; omit when the page renders its own `<title>`. */
  title?: string;
  /** The title shown by link previews (defaults to the document title). */
  shareTitle?: string;
  description: string;
  path: string;
  type?: 'website' | 'article';
}

/**
 * A page's title, description, canonical URL and Open Graph tags. React hoists them into
 * `<head>`; the prerender puts the same tags there, and hydration adopts them.
 */
export function PageMeta({
  title,
  shareTitle,
  description,
  path,
  type = 'website',
}: PageMetaProps) {
  const locale = useLocale();
  const written = pageLocales(path);
  // A page whose text this locale has not translated is the English page's copy: that one is
  // canonical, and only pages in their own language name their alternates.
  const translated = written.includes(locale);
  const url = absoluteUrl(localizedPath(translated ? locale : sourceLocale, path));
  const ogTitle = shareTitle ?? title ?? 'CodeDrop';
  return (
    <>
      {title !== undefined && <title>{title}</title>}
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {translated &&
        written.map((alternate) => (
          <link
            key={alternate}
            rel="alternate"
            hrefLang={alternate}
            href={absoluteUrl(localizedPath(alternate, path))}
          />
        ))}
      {translated && <link rel="alternate" hrefLang="x-default" href={absoluteUrl(path)} />}
      <meta property="og:site_name" content="CodeDrop" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={ogTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={locale.replace('-', '_')} />
      <meta property="og:image" content={absoluteUrl('/og-image.png')} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}

/** What every content layout is given: its catalog entry, its Markdown (as tokens), an ad slot. */
export interface ContentLayoutProps {
  entry: ContentPageEntry;
  tokens: ContentToken[];
  adSlot?: ReactNode;
  /** The text is the English one: the reader's locale has not translated it. */
  inEnglish?: boolean;
}

/** A content page's meta tags, from its catalog entry. */
export function EntryMeta({ entry }: { entry: ContentPageEntry }) {
  return (
    <PageMeta
      title={documentTitle(entry.title)}
      shareTitle={entry.title}
      description={entry.description}
      path={entry.path}
    />
  );
}
