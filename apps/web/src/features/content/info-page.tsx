import { CalendarDays } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Badge } from '../../components/badge';
import { documentTitle, type ContentPageEntry } from './catalog';
import { ContentPage } from './content-page';
import { formatLongDate } from './dates';
import { lex, renderTokens } from './markdown';
import { MarkdownHtml } from './markdown-html';
import { PageMeta } from './page-meta';
import { ShareCta } from './share-cta';
import { tocOf } from './table-of-contents';

export interface InfoPageProps {
  entry: ContentPageEntry;
  markdown: string;
  adSlot?: ReactNode;
}

/** About, How it works, the guides and the legal pages: a Markdown body in the page frame. */
export function InfoPage({ entry, markdown, adSlot }: InfoPageProps) {
  const { html, toc } = useMemo(() => {
    const tokens = lex(markdown);
    return { html: renderTokens(tokens), toc: tocOf(tokens) };
  }, [markdown]);
  return (
    <>
      <PageMeta
        title={documentTitle(entry.title)}
        shareTitle={entry.title}
        description={entry.description}
        path={entry.path}
      />
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
