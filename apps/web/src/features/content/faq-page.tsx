import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Container } from '../../components/container';
import { FaqAccordion, FaqNoScript, type FaqItem } from './faq-accordion';
import { renderTokens, slugify, splitAt, type ContentToken } from './markdown';
import { EnglishTextNote } from './english-text-note';
import { MarkdownHtml } from './markdown-html';
import { useLocale } from '../../lib/i18n/locale-context';
import { EntryMeta, type ContentLayoutProps } from './page-meta';
import { ShareCta } from './share-cta';

interface FaqCategory {
  id: string;
  title: string;
  items: FaqItem[];
}

/** content/pages/faq.md: "## Category", then "### Question" and its answer. */
export function parseFaq(tokens: readonly ContentToken[]): {
  introHtml: string;
  categories: FaqCategory[];
} {
  const { intro, sections } = splitAt(tokens, 2);
  return {
    introHtml: renderTokens(intro),
    categories: sections.map((category) => ({
      id: slugify(category.heading.text),
      title: category.heading.text,
      items: splitAt(category.body, 3).sections.map((question) => ({
        id: slugify(question.heading.text),
        question: question.heading.text,
        answerHtml: renderTokens(question.body),
      })),
    })),
  };
}

export function FaqPage({ entry, tokens, adSlot, inEnglish = false }: ContentLayoutProps) {
  const locale = useLocale();
  const { introHtml, categories } = useMemo(() => parseFaq(tokens), [tokens]);
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-12">
      <EntryMeta entry={entry} />
      <FaqNoScript />
      <Container width="md" className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {entry.heading}
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-slate-600">{entry.lead}</p>
        <nav aria-label={t`FAQ topics`}>
          <ul className="flex flex-wrap justify-center gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <a
                  href={`#${category.id}`}
                  className="inline-flex rounded-full border border-slate-200 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:border-brand-300 hover:text-brand-700"
                >
                  {category.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <Container width="md" className="flex flex-col gap-10">
        {inEnglish && <EnglishTextNote locale={locale} />}
        {introHtml.trim() !== '' && <MarkdownHtml html={introHtml} className="text-center" />}
        {categories.map((category) => (
          <section key={category.id} aria-labelledby={category.id} className="flex flex-col gap-4">
            <h2
              id={category.id}
              className="scroll-mt-24 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl"
            >
              {category.title}
            </h2>
            <FaqAccordion items={category.items} />
          </section>
        ))}
      </Container>
      {adSlot}
      <ShareCta />
    </div>
  );
}
