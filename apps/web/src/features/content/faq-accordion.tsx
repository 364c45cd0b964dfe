import { ChevronDown } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { useInteractive } from '../../lib/interactive';
import { MarkdownHtml } from './markdown-html';

export interface FaqItem {
  id: string;
  question: string;
  answerHtml: string;
}

/**
 * The WAI-ARIA accordion pattern: each question is a button in a heading that shows or
 * hides its answer; ↑/↓/Home/End move between questions. Answers are always in the HTML
 * (hidden, not absent), so the prerendered page carries them for search engines and the
 * noscript style shows them all when JavaScript is off. (Radix's accordion leaves closed
 * answers out of the markup altogether.) In a prerendered page the questions are disabled
 * until the script has adopted them (lib/interactive.ts): a press before then would be lost.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const interactive = useInteractive();

  // /faq#some-question opens that answer, on arrival and when the hash changes.
  const { hash } = useLocation();
  useEffect(() => {
    const target = decodeURIComponent(hash.slice(1));
    if (items.some((item) => item.id === target)) setOpen((now) => new Set(now).add(target));
  }, [hash, items]);

  const toggle = (id: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-faq-trigger]'),
    );
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    if (index === -1) return;
    const next = {
      ArrowDown: buttons[(index + 1) % buttons.length],
      ArrowUp: buttons[(index - 1 + buttons.length) % buttons.length],
      Home: buttons[0],
      End: buttons[buttons.length - 1],
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    next.focus();
  };

  return (
    <div
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const expanded = open.has(item.id);
        return (
          <div key={item.id}>
            <h3 id={item.id} className="scroll-mt-24">
              <button
                type="button"
                data-faq-trigger=""
                id={`${item.id}-question`}
                aria-expanded={expanded}
                aria-controls={`${item.id}-answer`}
                disabled={!interactive}
                data-starting={interactive ? undefined : ''}
                onClick={() => toggle(item.id)}
                className="flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-start text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset sm:px-6"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className={`faq-chevron size-5 shrink-0 text-slate-500 transition-transform ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </h3>
            <div
              id={`${item.id}-answer`}
              data-faq-answer=""
              // Not the hidden attribute: Tailwind's base styles force it with !important,
              // which would beat the noscript style below.
              style={expanded ? undefined : { display: 'none' }}
              className="px-5 pb-5 sm:px-6"
            >
              <MarkdownHtml html={item.answerHtml} className="prose-sm" />
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** With JavaScript off the buttons cannot work, so every answer is shown instead. */
export function FaqNoScript() {
  return (
    <noscript>
      <style>{'[data-faq-answer]{display:block!important}.faq-chevron{display:none}'}</style>
    </noscript>
  );
}
