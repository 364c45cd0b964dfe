import { Trans } from '@lingui/react/macro';
import { CalendarDays } from 'lucide-react';
import { useMemo } from 'react';
import { Badge } from '../../components/badge';
import { ContentPage } from './content-page';
import { formatLongDate } from './dates';
import { EnglishTextNote } from './english-text-note';
import { useLocale } from '../../lib/i18n/locale-context';
import { renderTokens } from './markdown';
import { MarkdownHtml } from './markdown-html';
import { EntryMeta, type ContentLayoutProps } from './page-meta';
import { ShareCta } from './share-cta';
import { tocOf } from './table-of-contents';

export type InfoPageProps = ContentLayoutProps;

/** About, How it works, the guides and the legal pages: a Markdown body in the page frame. */
export function InfoPage({ entry, tokens, adSlot, inEnglish = false }: InfoPageProps) {
  const locale = useLocale();
  const { html, toc } = useMemo(
    () => ({ html: renderTokens(tokens), toc: tocOf(tokens) }),
    [tokens],
  );
  return (
    <>
      <EntryMeta entry={entry} />
      <ContentPage
        heading={entry.heading}
        lead={entry.lead}
        meta={
          entry.updated !== undefined && (
            <Badge>
              <CalendarDays aria-hidden="true" />
              <Trans>
                Last updated{' '}
                <time dateTime={entry.updated}>{formatLongDate(entry.updated, locale)}</time>
              </Trans>
            </Badge>
          )
        }
        toc={toc}
        after={
          <>
            {adSlot}
            <ShareCta />
          </>
        }
      >
        {inEnglish && <EnglishTextNote locale={locale} legal={entry.updated !== undefined} />}
        <MarkdownHtml html={html} />
      </ContentPage>
    </>
  );
}
