import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, Clock, Flame, Lock, Share2, UserX, type LucideIcon } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/card';
import { Container } from '../../components/container';
import { useConfig } from '../../lib/config-context';
import { useLocalizedPath } from '../../lib/i18n/use-localized-path';
import { limitWords, useTools } from '../../lib/tools';
import { IconTile } from '../../components/icon-tile';

/** The landing page around the retrieve form (docs/product.md#landing-page). */
export function Landing({ retrieveForm }: { retrieveForm: ReactNode }) {
  const { t, i18n } = useLingui();
  const localize = useLocalizedPath();
  const tools = useTools();
  const code = limitWords(useConfig(), i18n).code;
  return (
    <div className="flex flex-col gap-20">
      <title>{t`CodeDrop — anonymous temporary sharing`}</title>
      <Container className="grid items-center gap-10 lg:grid-cols-[1.1fr_1fr]">
        <div className="flex flex-col items-start gap-6">
          <Badge variant="brand">
            <UserX aria-hidden="true" />
            <Trans>No registration required</Trans>
          </Badge>
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            <Trans>
              Share text, notes and files with a{' '}
              <span className="whitespace-nowrap text-brand-600">{code}</span>
            </Trans>
          </h1>
          <p className="max-w-xl text-lg text-slate-600">
            <Trans>
              CodeDrop is an anonymous clipboard, online notepad and file-sharing tool. Share
              something, get a short code, and open it on any device. Everything is deleted
              automatically within 24 hours.
            </Trans>
          </p>
          <div className="flex flex-wrap gap-3">
            {tools.map(({ to, icon: Icon, start }, i) => (
              <Link
                key={to}
                to={localize(to)}
                className={buttonClasses({
                  size: 'lg',
                  variant: i === 0 ? 'primary' : 'secondary',
                })}
              >
                <Icon aria-hidden="true" />
                {start}
              </Link>
            ))}
          </div>
        </div>
        <div className="w-full">{retrieveForm}</div>
      </Container>
      <LandingSections />
    </div>
  );
}

/**
 * Everything below the form. The form changes as a code is typed and looked up; memo keeps
 * these sections out of those renders (they change only with the limits and the language).
 */
const LandingSections = memo(function LandingSections() {
  const config = useConfig();
  const { t, i18n } = useLingui();
  const localize = useLocalizedPath();
  const services: Feature[] = useTools().map(({ to, icon, title, open, pitch }) => ({
    icon,
    title,
    text: pitch(config),
    to: localize(to),
    cta: open,
  }));
  const code = limitWords(config, i18n).code;
  const steps = [
    {
      title: t`Create a share`,
      text: t`Paste text, write a note or pick a file. Add a password if you like.`,
    },
    {
      title: t`Get a ${code}`,
      text: t`CodeDrop gives you a short code, a link and a QR code for your share.`,
    },
    {
      title: t`Open it anywhere`,
      text: t`Enter the code on this page on any device to read or download the content.`,
    },
  ];
  const principles: { icon: LucideIcon; title: string; text: string }[] = [
    {
      icon: Share2,
      title: t`No account`,
      text: t`No sign-up, no email, no profile. A code is all it takes.`,
    },
    {
      icon: Clock,
      title: t`Automatic expiry`,
      text: t`Shares are deleted within 24 hours; files also when their download limit is reached.`,
    },
    {
      icon: Lock,
      title: t`Optional password`,
      text: t`Encryption with AES-256-GCM happens in your browser. Unless you add a recovery email, we never see your password.`,
    },
    {
      icon: Flame,
      title: t`Burn after reading`,
      text: t`Text and notes can be deleted the moment they are read once.`,
    },
  ];

  return (
    <>
      <Section
        title={t`Three ways to share`}
        lead={t`Pick a tool, share the code, and you're done.`}
      >
        <div className="grid gap-6 md:grid-cols-3">
          {services.map((service) => (
            <FeatureCard key={service.title} feature={service} />
          ))}
        </div>
      </Section>

      <Section title={t`How it works`} lead={t`From content to code in seconds.`}>
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section title={t`Private by design`} lead={t`Nothing to sign up for, nothing that lasts.`}>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {principles.map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex flex-col gap-2">
              <IconTile icon={Icon} />
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Container>
        <p className="text-center text-sm text-slate-600">
          <Trans>
            By using CodeDrop you agree to our{' '}
            <Link
              to={localize('/terms-of-service')}
              className="font-medium text-brand-700 underline"
            >
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to={localize('/privacy-policy')} className="font-medium text-brand-700 underline">
              Privacy Policy
            </Link>
            .
          </Trans>
        </p>
      </Container>
    </>
  );
});

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
  to: string;
  cta: string;
}

function FeatureCard({ feature: { icon: Icon, title, text, to, cta } }: { feature: Feature }) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <IconTile icon={Icon} size="lg" className="mb-2" />
        <CardTitle as="h3">{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">
        <Link
          to={to}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          {cta}
          <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}

function Section({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <section>
      <Container className="flex flex-col gap-8">
        <div className="text-center">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h2>
          <p className="mt-2 text-slate-600">{lead}</p>
        </div>
        {children}
      </Container>
    </section>
  );
}
