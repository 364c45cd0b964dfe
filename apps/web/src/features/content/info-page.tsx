import { CalendarDays } from 'lucide-react';
import { useMemo } from 'react';
import { Badge } from '../../components/badge';
import { ContentPage } from './content-page';
import { formatLongDate } from './dates';
import { renderTokens } from './markdown';
import { MarkdownHtml } from './markdown-html';
import { EntryMeta, type ContentLayoutProps } from './page-meta';
import { ShareCta } from './share-cta';
import { tocOf } from './table-of-contents';

export type InfoPageProps = ContentLayoutProps;

/** About, How it works, the guides and the legal pages: a Markdown body in the page frame. */
export function InfoPage({ entry, tokens, adSlot }: InfoPageProps) {
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
              Last updated <time dateTime={entry.updated}>{formatLongDate(entry.updated)}</time>
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
        <MarkdownHtml html={html} />
      </ContentPage>
    </>
  );
}
