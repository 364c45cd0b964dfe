import { localizedPath, sourceLocale } from '@codedrop/contract';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/cn';
import { useLocale } from '../../lib/i18n/locale-context';

/**
 * Rendered Markdown. Links to our own pages navigate inside the app instead of reloading
 * it; everything else (other sites, mailto:) behaves as a normal link.
 */
export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const locale = useLocale();
  // The Markdown links to pages by their English paths; a reader stays in their language.
  const localized = useMemo(
    () =>
      locale === sourceLocale
        ? html
        : html.replace(
            /href="\/(?!\/)([^"]*)"/g,
            (_, rest: string) => `href="${localizedPath(locale, `/${rest}`)}"`,
          ),
    [html, locale],
  );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href?.startsWith('/') || href.startsWith('//') || anchor.target) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // The div only forwards clicks on its links; Enter on a focused link is a click too.
    <div
      className={cn('prose', className)}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: localized }}
    />
  );
}
