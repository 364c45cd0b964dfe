import { Trans } from '@lingui/react/macro';
import {
  Briefcase,
  Clapperboard,
  Code2,
  GraduationCap,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Tokens } from 'marked';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button';
import { Container } from '../../components/container';
import type { ContentPageEntry } from './catalog';
import {
  headingLink,
  renderTokens,
  slugify,
  splitAt,
  type ContentHeading,
  type ContentToken,
  type Section,
} from './markdown';
import { EnglishTextNote } from './english-text-note';
import { MarkdownHtml } from './markdown-html';
import { useLocale } from '../../lib/i18n/locale-context';
import { EntryMeta, type ContentLayoutProps } from './page-meta';
import { ShareCta } from './share-cta';
import { useLocalizedPath } from '../../lib/i18n/use-localized-path';
import { toolPaths, useTool } from '../../lib/tools';
import { IconTile } from '../../components/icon-tile';

/** The audiences' cards in home.md's order (developers, creators, students, business users). */
const audienceIcons: LucideIcon[] = [Code2, Clapperboard, GraduationCap, Briefcase];

/**
 * /home, from content/pages/home.md: the intro (hero highlights), then three "##" parts —
 * the tools, how codes work, and who it is for — each split into "###" cards.
 */
export function parseHome(tokens: readonly ContentToken[]) {
  const { intro, sections } = splitAt(tokens, 2);
  const [tools, codes, audiences] = sections;
  if (!tools || !codes || !audiences) {
    throw new Error('content/pages/home.md needs three "##" sections: tools, codes, audiences');
  }
  return { introHtml: renderTokens(intro), tools, codes, audiences };
}

export function MarketingHomePage({
  entry,
  tokens,
  adSlot,
  inEnglish = false,
}: ContentLayoutProps) {
  const locale = useLocale();
  const home = useMemo(() => parseHome(tokens), [tokens]);
  return (
    <div className="flex flex-col gap-20">
      <EntryMeta entry={entry} />
      {inEnglish && (
        <Container>
          <EnglishTextNote locale={locale} />
        </Container>
      )}
      <Hero entry={entry} highlightsHtml={home.introHtml} />
      <CardSection
        section={home.tools}
        columns="md:grid-cols-3"
        icon={(card) => toolPaths.find((tool) => tool.to === headingLink(card.heading))?.icon}
      />
      <StepsSection section={home.codes} />
      <CardSection
        section={home.audiences}
        columns="sm:grid-cols-2 lg:grid-cols-4"
        icon={(_, index) => audienceIcons[index]}
      />
      {adSlot}
      <ShareCta />
    </div>
  );
}

function Hero({ entry, highlightsHtml }: { entry: ContentPageEntry; highlightsHtml: string }) {
  const localized = useLocalizedPath();
  const clipboard = useTool('/clipboard');
  return (
    <Container className="grid items-center gap-12 lg:grid-cols-[1.15fr_1fr]">
      <div className="flex flex-col items-start gap-6">
        <Badge variant="brand">
          <Sparkles aria-hidden="true" />
          <Trans>Free, anonymous, temporary</Trans>
        </Badge>
        <h1 className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {entry.heading}
        </h1>
        <p className="max-w-xl text-lg text-slate-600">{entry.lead}</p>
        <MarkdownHtml html={highlightsHtml} className="prose-checklist" />
        <div className="flex flex-wrap gap-3">
          <Link to={localized(clipboard.to)} className={buttonClasses({ size: 'lg' })}>
            <clipboard.icon aria-hidden="true" />
            <Trans>Start sharing</Trans>
          </Link>
          <Link to={localized('/')} className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
            <Trans>I have a code</Trans>
          </Link>
        </div>
      </div>
      <CodeIllustration />
    </Container>
  );
}

/** A picture of a result card: decoration, so hidden from assistive technology. */
function CodeIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-sm sm:block">
      <div className="absolute -inset-4 -z-10 rotate-3 rounded-3xl bg-brand-100" />
      <div className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
        <div className="flex items-center justify-between text-sm">
          <span className="font-semibold text-slate-900">
            <Trans>Your share is ready</Trans>
          </span>
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
            <Trans>Encrypted</Trans>
          </span>
        </div>
        <div dir="ltr" className="flex justify-center gap-2">
          {['4', '8', '1', '5'].map((digit, index) => (
            <span
              key={index}
              className="flex h-16 w-12 items-center justify-center rounded-xl border-2 border-brand-200 bg-brand-50 font-mono text-3xl font-bold text-brand-700"
            >
              {digit}
            </span>
          ))}
        </div>
        <div className="flex flex-col gap-2 text-sm text-slate-600">
          <div className="flex justify-between">
            <span>
              <Trans>Expires</Trans>
            </span>
            <span className="font-medium text-slate-900">
              <Trans>in 1 hour</Trans>
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-slate-100">
            <div className="h-full w-2/3 rounded-full bg-brand-500" />
          </div>
          <div className="flex justify-between">
            <span>
              <Trans>Downloads left</Trans>
            </span>
            <span className="font-medium text-slate-900">
              <Trans>5 of 5</Trans>
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}

function SectionIntro({ section }: { section: Section }) {
  const { intro } = splitAt(section.body, 3);
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2
        id={slugify(section.heading.text)}
        className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
      >
        {section.heading.text}
      </h2>
      <MarkdownHtml html={renderTokens(intro)} className="mt-3 text-slate-600" />
    </div>
  );
}

function CardSection({
  section,
  columns,
  icon,
}: {
  section: Section;
  columns: string;
  icon: (card: Section, index: number) => LucideIcon | undefined;
}) {
  const cards = splitAt(section.body, 3).sections;
  return (
    <section aria-labelledby={slugify(section.heading.text)}>
      <Container className="flex flex-col gap-10">
        <SectionIntro section={section} />
        <ul className={`grid gap-6 ${columns}`}>
          {cards.map((card, index) => {
            const Icon = icon(card, index) ?? Sparkles;
            return (
              <li
                key={card.heading.text}
                className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <IconTile icon={Icon} size="lg" />
                <h3 className="text-lg font-semibold text-slate-900">
                  <CardTitle heading={card.heading} />
                </h3>
                <MarkdownHtml html={renderTokens(card.body)} className="prose-sm" />
              </li>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}

/** "### [Online Notepad](/notepad)" becomes an in-app link; plain headings stay text. */
function CardTitle({ heading }: { heading: ContentHeading }) {
  const localized = useLocalizedPath();
  const link = heading.tokens.find((token): token is Tokens.Link => token.type === 'link');
  if (!link) return <>{heading.text}</>;
  return (
    <Link to={localized(link.href)} className="text-brand-700 hover:underline">
      {link.text}
    </Link>
  );
}

function StepsSection({ section }: { section: Section }) {
  const steps = splitAt(section.body, 3).sections;
  return (
    <section aria-labelledby={slugify(section.heading.text)} className="bg-white py-16">
      <Container className="flex flex-col gap-10">
        <SectionIntro section={section} />
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.heading.text} className="flex flex-col gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold text-slate-900">{step.heading.text}</h3>
              <MarkdownHtml html={renderTokens(step.body)} className="prose-sm" />
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
