import { useLingui } from '@lingui/react/macro';
import { isHeading, slugify, type ContentToken } from './markdown';

export interface TocItem {
  id: string;
  text: string;
}

/** The h2 headings of a Markdown body, as the renderer's anchor ids. */
export function tocOf(tokens: readonly ContentToken[]): TocItem[] {
  return tokens
    .filter(isHeading)
    .filter((heading) => heading.depth === 2)
    .map((heading) => ({ id: slugify(heading.text), text: plainText(heading.text) }));
}

function plainText(markdown: string): string {
  return markdown.replace(/[*_`]/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}

/** "On this page", beside long pages on wide screens. */
export function TableOfContents({ items }: { items: TocItem[] }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`On this page`} className="sticky top-24 hidden lg:block">
      <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {t`On this page`}
      </h2>
      <ul className="mt-3 flex flex-col gap-1 border-s border-slate-200">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="-ms-px block border-s border-transparent py-1 ps-4 text-sm text-slate-600 hover:border-brand-500 hover:text-brand-700"
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
